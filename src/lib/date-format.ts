/**
 * Dates and times of results as the dashboard writes them, through Intl in the active locale (so
 * the digits are the locale's, like every number of the page). Formats are made once per locale.
 */
const formats = new Map<string, Intl.DateTimeFormat>()

export function dateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

/** A result's date and time ("Tue 3 Mar, 20:15"). */
export function formatDateTime(locale: string, time: number): string {
  return dateFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(time)
}

/** A day ("Tue 3 Mar"). */
export function formatDay(locale: string, time: number): string {
  return dateFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }).format(time)
}

/** A full date and time for a heading ("Tuesday 3 March 2026 at 20:15"). */
export function formatLongDateTime(locale: string, time: number): string {
  return dateFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(time)
}

/** A range of hours of the day ("19:00–23:00", "7–11 pm"), in the locale's words and digits. */
export function formatHourRange(locale: string, startHour: number, endHour: number): string {
  const format = dateFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })
  return format.formatRange(Date.UTC(2000, 0, 1, startHour), Date.UTC(2000, 0, 1, endHour))
}
