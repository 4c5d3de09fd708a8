/** The fields of a disconnection record this module reads (seeds 3). */
export type DisconnectionRecord = {
  dtime: string
  /** Absent or null: still in progress. */
  endDtime: string | null
  /** Duration in seconds, when the service measured it. */
  metricValue: number | null
}

const SECOND = 1000
const HOUR = 3_600_000

/**
 * Seeds 4.6: the duration in seconds; one with no end is ongoing and measured up to now. A
 * measured duration is used as is; otherwise end minus start. Null when the start is unreadable.
 */
export function disconnectionSeconds(record: DisconnectionRecord, now: number): number | null {
  const start = Date.parse(record.dtime)
  if (record.endDtime === null) {
    return Number.isNaN(start) ? null : Math.max(0, (now - start) / SECOND)
  }
  if (record.metricValue !== null) return Math.max(0, record.metricValue)
  const end = Date.parse(record.endDtime)
  if (Number.isNaN(start) || Number.isNaN(end)) return null
  return Math.max(0, (end - start) / SECOND)
}

/** Count, total seconds and how many are still ongoing. */
export function disconnectionTotals(
  records: readonly DisconnectionRecord[],
  now: number,
): { count: number; seconds: number; ongoing: number } {
  let seconds = 0
  let ongoing = 0
  for (const record of records) {
    seconds += disconnectionSeconds(record, now) ?? 0
    if (record.endDtime === null) ongoing += 1
  }
  return { count: records.length, seconds, ongoing }
}

export type BarBucket = 'hour' | 'day' | 'month'

/** One bar: the bucket (its first instant inside the range), count and summed duration. */
export type DisconnectionBar = {
  key: string
  start: number
  count: number
  seconds: number
  ongoing: boolean
}

const keyFormats = new Map<string, Intl.DateTimeFormat>()

function keyFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const id = timeZone ?? ''
  let format = keyFormats.get(id)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    keyFormats.set(id, format)
  }
  return format
}

/** The bucket a time falls in, as a sortable key in the given time zone (YYYY-MM[-DD[Thh]]). */
export function bucketKey(time: number, bucket: BarBucket, timeZone?: string): string {
  const parts: Record<string, string> = {}
  for (const part of keyFormat(timeZone).formatToParts(time)) parts[part.type] = part.value
  const month = `${parts.year ?? ''}-${parts.month ?? ''}`
  if (bucket === 'month') return month
  const day = `${month}-${parts.day ?? ''}`
  return bucket === 'day' ? day : `${day}T${parts.hour ?? ''}`
}

/**
 * The bars of the disconnection chart: every bucket of the range (empty ones too, so a quiet day
 * shows as zero), each disconnection counted in the bucket it started in (or the first one when it
 * started earlier), ongoing ones measured to now. Buckets follow the unit's time zone.
 */
export function disconnectionBars(
  records: readonly DisconnectionRecord[],
  options: { from: number; to: number; bucket: BarBucket; now: number; timeZone?: string },
): DisconnectionBar[] {
  const { from, to, bucket, now, timeZone } = options
  const bars = new Map<string, DisconnectionBar>()
  // Hour steps find every hour and day even across daylight-saving changes; months need only days.
  const step = bucket === 'month' ? 24 * HOUR : HOUR
  for (let time = from; time <= to; time += step) {
    const key = bucketKey(time, bucket, timeZone)
    if (!bars.has(key)) bars.set(key, { key, start: time, count: 0, seconds: 0, ongoing: false })
  }
  const lastKey = bucketKey(to, bucket, timeZone)
  if (!bars.has(lastKey)) {
    bars.set(lastKey, { key: lastKey, start: to, count: 0, seconds: 0, ongoing: false })
  }
  for (const record of records) {
    const start = Date.parse(record.dtime)
    if (Number.isNaN(start) || start > to) continue
    const bar = bars.get(bucketKey(Math.max(start, from), bucket, timeZone))
    if (!bar) continue
    bar.count += 1
    bar.seconds += disconnectionSeconds(record, now) ?? 0
    if (record.endDtime === null) bar.ongoing = true
  }
  return [...bars.values()]
}

/** How a bar is named on the axis, by the bucket it counts. */
const BAR_LABEL_FORMATS: Record<BarBucket, Intl.DateTimeFormatOptions> = {
  hour: { hour: '2-digit', minute: '2-digit' },
  day: { weekday: 'short', day: 'numeric' },
  month: { month: 'short' },
}

const MONTH_WITH_YEAR: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric' }

const labelFormats = new Map<string, Intl.DateTimeFormat>()

/** A label format, made once per locale, time zone and options (the chart labels every render). */
function labelFormat(
  locale: string,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const id = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`
  let format = labelFormats.get(id)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone })
    labelFormats.set(id, format)
  }
  return format
}

/** The first instant of the hour `time` falls in, in `timeZone` (half-hour zones included). */
export function startOfHour(time: number, timeZone?: string): number {
  const parts = keyFormat(timeZone).formatToParts(time)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const milliseconds = ((time % 1000) + 1000) % 1000
  return time - (part('minute') * 60 + part('second')) * 1000 - milliseconds
}

/**
 * The axis labels of the bars, in `locale` and the unit's time zone: an hour's bar at its whole
 * hour ("08:00", not the "07:58" the range starts at), a day's by weekday and date, a month's by
 * name, with its year when a name comes twice (a year's bars run from this month a year ago).
 */
export function barLabels(
  bars: readonly Pick<DisconnectionBar, 'start'>[],
  bucket: BarBucket,
  locale: string,
  timeZone?: string,
): string[] {
  const format = labelFormat(locale, timeZone, BAR_LABEL_FORMATS[bucket])
  if (bucket === 'hour') return bars.map((bar) => format.format(startOfHour(bar.start, timeZone)))
  const labels = bars.map((bar) => format.format(bar.start))
  if (bucket === 'day' || new Set(labels).size === labels.length) return labels
  const withYear = labelFormat(locale, timeZone, MONTH_WITH_YEAR)
  return bars.map((bar) => withYear.format(bar.start))
}

/** Whole hours, minutes and seconds of a duration (for "2 h 5 min" style labels). */
export function durationParts(totalSeconds: number): {
  hours: number
  minutes: number
  seconds: number
} {
  const whole = Math.max(0, Math.round(totalSeconds))
  return {
    hours: Math.floor(whole / 3600),
    minutes: Math.floor((whole % 3600) / 60),
    seconds: whole % 60,
  }
}
