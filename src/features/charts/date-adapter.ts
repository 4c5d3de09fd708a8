import { _adapters, type TimeUnit } from 'chart.js'

// A small chart.js date adapter on Intl and Date (device time zone): no date library is
// installed, and the dashboard needs only adding, diffing, rounding and locale formatting.

const MS: Record<'millisecond' | 'second' | 'minute' | 'hour', number> = {
  millisecond: 1,
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
}

/** Intl options of each format key the adapter hands to chart.js (its `formats()`). */
export const FORMAT_OPTIONS: Record<TimeUnit | 'datetime', Intl.DateTimeFormatOptions> = {
  millisecond: { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3 },
  second: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  minute: { hour: '2-digit', minute: '2-digit' },
  hour: { hour: '2-digit', minute: '2-digit' },
  day: { day: 'numeric', month: 'short' },
  week: { day: 'numeric', month: 'short' },
  month: { month: 'short', year: 'numeric' },
  quarter: { month: 'short', year: 'numeric' },
  year: { year: 'numeric' },
  datetime: { dateStyle: 'medium', timeStyle: 'short' },
}

type FormatKey = keyof typeof FORMAT_OPTIONS
const isFormatKey = (key: string): key is FormatKey => Object.hasOwn(FORMAT_OPTIONS, key)

const formatters = new Map<string, Intl.DateTimeFormat>()

/** Formats a time with one of the adapter's format keys in a locale (unknown keys: date and time). */
export function formatTime(time: number, format: string, locale: string | undefined): string {
  const key = isFormatKey(format) ? format : 'datetime'
  const id = `${locale ?? ''}|${key}`
  let formatter = formatters.get(id)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, FORMAT_OPTIONS[key])
    formatters.set(id, formatter)
  }
  return formatter.format(time)
}

function addMonths(time: number, months: number): number {
  const date = new Date(time)
  const day = date.getDate()
  date.setDate(1)
  date.setMonth(date.getMonth() + months)
  const lastDay = new Date(date.getFullYear(), date.getMonth() + 1, 0).getDate()
  date.setDate(Math.min(day, lastDay))
  return date.getTime()
}

/** `time` plus `amount` units; days and longer follow the calendar (daylight saving, month ends). */
export function addTime(time: number, amount: number, unit: TimeUnit): number {
  switch (unit) {
    case 'millisecond':
    case 'second':
    case 'minute':
    case 'hour':
      return time + amount * MS[unit]
    case 'day':
    case 'week': {
      const date = new Date(time)
      date.setDate(date.getDate() + amount * (unit === 'week' ? 7 : 1))
      return date.getTime()
    }
    case 'month':
      return addMonths(time, amount)
    case 'quarter':
      return addMonths(time, amount * 3)
    case 'year':
      return addMonths(time, amount * 12)
  }
}

function monthIndex(date: Date): number {
  return date.getFullYear() * 12 + date.getMonth()
}

/** Whole units from `b` to `a` (truncated toward zero, like the usual adapters). */
export function diffTime(a: number, b: number, unit: TimeUnit): number {
  switch (unit) {
    case 'millisecond':
    case 'second':
    case 'minute':
    case 'hour':
      return Math.trunc((a - b) / MS[unit])
    case 'day':
    case 'week': {
      // Calendar days, so a daylight-saving day still counts as one.
      const days = Math.round((startOfTime(a, 'day') - startOfTime(b, 'day')) / 86_400_000)
      const partial = a - addTime(b, days, 'day')
      const whole = partial < 0 && days > 0 ? days - 1 : partial > 0 && days < 0 ? days + 1 : days
      return unit === 'week' ? Math.trunc(whole / 7) : whole
    }
    case 'month':
    case 'quarter':
    case 'year': {
      const da = new Date(a)
      const db = new Date(b)
      let months = monthIndex(da) - monthIndex(db)
      if (months > 0 && addMonths(b, months) > a) months -= 1
      if (months < 0 && addMonths(b, months) < a) months += 1
      if (unit === 'month') return months
      return Math.trunc(months / (unit === 'quarter' ? 3 : 12))
    }
  }
}

/** The start of the unit `time` is in; weeks start on Monday, isoWeek on the given ISO weekday. */
export function startOfTime(
  time: number,
  unit: TimeUnit | 'isoWeek',
  weekday?: number | boolean,
): number {
  const date = new Date(time)
  switch (unit) {
    case 'millisecond':
      return time
    case 'second':
      date.setMilliseconds(0)
      return date.getTime()
    case 'minute':
      date.setSeconds(0, 0)
      return date.getTime()
    case 'hour':
      date.setMinutes(0, 0, 0)
      return date.getTime()
    case 'day':
      date.setHours(0, 0, 0, 0)
      return date.getTime()
    case 'week':
    case 'isoWeek': {
      const first = unit === 'isoWeek' && typeof weekday === 'number' ? weekday % 7 : 1
      date.setHours(0, 0, 0, 0)
      date.setDate(date.getDate() - ((date.getDay() - first + 7) % 7))
      return date.getTime()
    }
    case 'month':
      date.setHours(0, 0, 0, 0)
      date.setDate(1)
      return date.getTime()
    case 'quarter':
      date.setHours(0, 0, 0, 0)
      date.setMonth(date.getMonth() - (date.getMonth() % 3), 1)
      return date.getTime()
    case 'year':
      date.setHours(0, 0, 0, 0)
      date.setMonth(0, 1)
      return date.getTime()
  }
}

/** The last millisecond of the unit `time` is in. */
export function endOfTime(time: number, unit: TimeUnit): number {
  return addTime(startOfTime(time, unit), 1, unit) - 1
}

/** Parses what chart data may hold as time: ms numbers, Dates and ISO strings. */
export function parseTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime()
  if (typeof value === 'string') {
    const time = Date.parse(value)
    return Number.isNaN(time) ? null : time
  }
  return null
}

/** Options of the adapter a chart passes as `adapters.date`. */
export type DateAdapterOptions = { locale?: string }

let installed = false

/** Installs the adapter into chart.js once (time scales need one). */
export function installDateAdapter(): void {
  if (installed) return
  installed = true
  _adapters._date.override<DateAdapterOptions>({
    formats: () =>
      Object.fromEntries(Object.keys(FORMAT_OPTIONS).map((key) => [key, key])) as Record<
        FormatKey,
        string
      >,
    parse: parseTime,
    format(time, format) {
      return formatTime(time, format, this.options.locale)
    },
    add: addTime,
    diff: diffTime,
    startOf: startOfTime,
    endOf: endOfTime,
  })
}
