const pad = (n: number) => String(n).padStart(2, '0')

/** The device's local calendar date as YYYY-MM-DD (the default change date: today, where you are). */
export function localIsoDate(now: Date = new Date()): string {
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** A YYYY-MM-DD date in words in the locale; the day itself, whatever the device's time zone. */
export function formatIsoDate(date: string, locale: string): string {
  const time = Date.parse(`${date}T00:00:00Z`)
  if (Number.isNaN(time)) return date
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(time)
}

/** A YYYY-MM month in words in the locale ("March 2026", short: "Mar 2026"). */
export function formatIsoMonth(
  month: string,
  locale: string,
  length: 'long' | 'short' = 'long',
): string {
  const time = Date.parse(`${month}-01T00:00:00Z`)
  if (Number.isNaN(time)) return month
  return new Intl.DateTimeFormat(locale, {
    month: length,
    year: 'numeric',
    timeZone: 'UTC',
  }).format(time)
}

/** An ISO time in words in the locale, with the time of day. */
export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(iso),
  )
}
