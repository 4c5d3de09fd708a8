/**
 * The month view's aggregation: a month of hourly results is ~700 points, an unreadable mass on a
 * phone. Each local day becomes one point, the median of its hours, with a band from the day's
 * slowest to its fastest test (the hourly buckets carry their extremes).
 */

/** An hourly (or raw) result: time in ms, its value (null: none), and its extremes when known. */
export type HourlyValue = {
  x: number
  y: number | null
  min?: number | null
  max?: number | null
  status?: string
}

/** One day: its median, and the lowest and highest result of the day (a band). */
export type DailyValue = {
  /** Noon of the local day, ms since the epoch (where the point is drawn). */
  x: number
  /** Local date, YYYY-MM-DD. */
  day: string
  y: number | null
  low: number | null
  high: number | null
  /** Results with a value that day; the status of a day without any. */
  count: number
  status?: string
}

const dayFormats = new Map<string, Intl.DateTimeFormat>()

function dayFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const zone = timeZone ?? 'UTC'
  let format = dayFormats.get(zone)
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      })
    } catch {
      return dayFormat('UTC')
    }
    dayFormats.set(zone, format)
  }
  return format
}

/** The local date (YYYY-MM-DD) of a time and the ms since that local midnight. */
export function localDay(
  time: number,
  timeZone: string | undefined,
): { day: string; sinceMidnight: number } {
  const parts = dayFormat(timeZone).formatToParts(time)
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((part) => part.type === type)?.value ?? '00'
  const hour = Number(get('hour')) % 24
  const minute = Number(get('minute'))
  const second = Math.floor((time % 60_000) / 1000)
  return {
    day: `${get('year')}-${get('month')}-${get('day')}`,
    sinceMidnight: ((hour * 60 + minute) * 60 + second) * 1000 + (time % 1000),
  }
}

function medianOf(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  if (sorted.length % 2 === 1) return sorted[middle] ?? null
  return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

const HALF_DAY = 12 * 3600 * 1000

/** Hourly values grouped into local days, oldest first. */
export function dailySummary(
  points: readonly HourlyValue[],
  timeZone: string | undefined,
): DailyValue[] {
  const days = new Map<
    string,
    { noon: number; values: number[]; low: number | null; high: number | null; status?: string }
  >()
  for (const point of points) {
    const { day, sinceMidnight } = localDay(point.x, timeZone)
    let entry = days.get(day)
    if (!entry) {
      entry = { noon: point.x - sinceMidnight + HALF_DAY, values: [], low: null, high: null }
      days.set(day, entry)
    }
    if (point.y === null || !Number.isFinite(point.y)) {
      entry.status ??= point.status
      continue
    }
    entry.values.push(point.y)
    const low = point.min ?? point.y
    const high = point.max ?? point.y
    entry.low = entry.low === null ? low : Math.min(entry.low, low)
    entry.high = entry.high === null ? high : Math.max(entry.high, high)
  }
  return [...days.entries()]
    .map(([day, entry]) => {
      const value: DailyValue = {
        x: entry.noon,
        day,
        y: medianOf(entry.values),
        low: entry.low,
        high: entry.high,
        count: entry.values.length,
      }
      if (entry.values.length === 0) value.status = entry.status ?? 'NO_DATA'
      return value
    })
    .sort((a, b) => a.x - b.x)
}
