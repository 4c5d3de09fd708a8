/**
 * Seeds 000 §2.6 consumer analytics date range: the last n days, or fixed dates (to ≥ from, at most
 * 92 days). Fixed dates are calendar days of the device's time zone, from the start of `from` to
 * the end of `to`. Up to 31 days is charted hourly, longer daily.
 */

/** The "last n days" choices. */
export const LAST_DAYS_OPTIONS = [7, 14, 30, 90] as const
export type LastDays = (typeof LAST_DAYS_OPTIONS)[number]
export const DEFAULT_LAST_DAYS: LastDays = 30

/** Longest fixed range, in calendar days counting both ends. */
export const MAX_FIXED_RANGE_DAYS = 92
/** Longest range still asked for hourly; longer ones are daily. */
export const HOURLY_MAX_DAYS = 31

const DAY_MS = 86_400_000

export type DateRangeChoice =
  { kind: 'last'; days: LastDays } | { kind: 'fixed'; from: string; to: string }

/** Why a fixed range cannot be used. */
export type DateRangeError = 'MISSING' | 'INVALID' | 'FUTURE' | 'TO_BEFORE_FROM' | 'TOO_LONG'

/** A range as ms since the epoch. */
export type RangeBounds = { from: number; to: number }

type CalendarDate = { year: number; month: number; day: number }

/** A strict YYYY-MM-DD date that exists in the calendar, or null. */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const check = new Date(Date.UTC(year, month - 1, day))
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  ) {
    return null
  }
  return { year, month, day }
}

const dayNumber = ({ year, month, day }: CalendarDate) =>
  Math.round(Date.UTC(year, month - 1, day) / DAY_MS)

/** Calendar days from `from` to `to`, both included (1 for the same day); null if not dates. */
export function fixedRangeDays(from: string, to: string): number | null {
  const start = parseIsoDate(from)
  const end = parseIsoDate(to)
  if (!start || !end) return null
  return dayNumber(end) - dayNumber(start) + 1
}

/** The device's calendar date of a time, as YYYY-MM-DD. */
export function isoDateOf(time: number): string {
  const date = new Date(time)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** What is wrong with a fixed range (`today` is the device's date), or null when it is usable. */
export function checkFixedRange(from: string, to: string, today: string): DateRangeError | null {
  if (from === '' || to === '') return 'MISSING'
  const days = fixedRangeDays(from, to)
  if (days === null) return 'INVALID'
  if (days < 1) return 'TO_BEFORE_FROM'
  // Compared as text: YYYY-MM-DD sorts like the dates it names (and from ≤ to here).
  if (to > today) return 'FUTURE'
  if (days > MAX_FIXED_RANGE_DAYS) return 'TOO_LONG'
  return null
}

function localMidnight(text: string): number {
  const date = parseIsoDate(text)
  if (!date) throw new Error(`Not a date: ${text}`)
  return new Date(date.year, date.month - 1, date.day).getTime()
}

/** The times a choice covers at `now`: a fixed range ends at the end of `to`, or now if sooner. */
export function dateRangeBounds(choice: DateRangeChoice, now: number): RangeBounds {
  if (choice.kind === 'last') return { from: now - choice.days * DAY_MS, to: now }
  const start = localMidnight(choice.from)
  const endDate = parseIsoDate(choice.to)
  if (!endDate) throw new Error(`Not a date: ${choice.to}`)
  const end = new Date(endDate.year, endDate.month - 1, endDate.day + 1).getTime()
  return { from: start, to: Math.min(end, Math.max(now, start)) }
}

/** How many days a choice spans (fixed ranges count both ends). */
export function choiceDays(choice: DateRangeChoice): number {
  return choice.kind === 'last' ? choice.days : (fixedRangeDays(choice.from, choice.to) ?? 0)
}

/** Seeds 000 §2.6: hourly results up to 31 days, daily beyond. */
export function aggregationFor(choice: DateRangeChoice): 'hourly' | 'daily' {
  return choiceDays(choice) <= HOURLY_MAX_DAYS ? 'hourly' : 'daily'
}

/** A stable text for a choice (query keys, file names): `last-30` or `2026-01-01_2026-01-31`. */
export function choiceKey(choice: DateRangeChoice): string {
  return choice.kind === 'last' ? `last-${String(choice.days)}` : `${choice.from}_${choice.to}`
}
