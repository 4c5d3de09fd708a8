/**
 * The admin unit page's pure rules: the unit's local days, and sizes, durations and speeds in the
 * reader's locale through Intl's units (so nothing here needs a catalog entry).
 */

const DAY_MS = 24 * 3600 * 1000

const dayFormats = new Map<string, Intl.DateTimeFormat>()

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone)
  if (!format) {
    // en-CA writes YYYY-MM-DD, the seeds' date format and the scheduled_tests_daily parameter.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    dayFormats.set(timeZone, format)
  }
  return format
}

/** The unit's local date (YYYY-MM-DD) of an instant; UTC when the zone is unknown. */
export function localDateOf(time: number, timeZone: string): string {
  try {
    return dayFormat(timeZone).format(time)
  } catch {
    return dayFormat('UTC').format(time)
  }
}

/** The last `count` local days of the unit, today first (each day once, across DST changes). */
export function lastLocalDays(now: number, timeZone: string, count: number): string[] {
  const days: string[] = []
  // Half-day steps back find every date even around a 23- or 25-hour day.
  for (let time = now; days.length < count; time -= DAY_MS / 2) {
    const day = localDateOf(time, timeZone)
    if (!days.includes(day)) days.push(day)
  }
  return days
}

/** Bytes per local day of the unit, from the service's per-day records. */
export function bytesByDay(
  records: readonly { dtime: string; bytes: number }[],
  timeZone: string,
): Map<string, number> {
  const days = new Map<string, number>()
  for (const record of records) {
    const time = Date.parse(record.dtime)
    if (Number.isNaN(time)) continue
    const day = localDateOf(time, timeZone)
    days.set(day, (days.get(day) ?? 0) + record.bytes)
  }
  return days
}

/** How many skipped tests each reason has, most first (ties by reason). */
export function skipReasonCounts(
  records: readonly { reason: string }[],
): { reason: string; count: number }[] {
  const counts = new Map<string, number>()
  for (const record of records) counts.set(record.reason, (counts.get(record.reason) ?? 0) + 1)
  return [...counts.entries()]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const

/** A size in decimal units (1 kB = 1000 B, as the consumer tile counts), e.g. "1.5 GB". */
export function formatBytes(locale: string, bytes: number): string {
  let value = Math.max(0, bytes)
  let index = 0
  while (value >= 1000 && index < BYTE_UNITS.length - 1) {
    value /= 1000
    index += 1
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: BYTE_UNITS[index],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && index > 0 ? 1 : 0,
  }).format(value)
}

/** A duration as hours and minutes ("2 hrs 5 mins"), or seconds under a minute. */
export function formatDuration(locale: string, totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds))
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value)
  if (whole < 60) return unit(whole, 'second')
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  if (hours === 0) return unit(minutes, 'minute')
  return minutes === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(minutes, 'minute')}`
}

/** A speed given in kbit/s, in Mbit/s ("300 Mbps"). */
export function formatSpeed(locale: string, kbps: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabit-per-second',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(kbps / 1000)
}
