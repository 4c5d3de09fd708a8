import type { Aggregation } from '#contracts/unit-analytics.ts'

/** Seeds 9: the consumer dashboard's periods. */
export const PERIODS = ['day', 'week', 'fortnight', 'month'] as const
export type Period = (typeof PERIODS)[number]
export const DEFAULT_PERIOD: Period = 'week'

/** Seeds 9: the disconnection chart's own periods. */
export const DISCONNECTION_PERIODS = ['day', 'week', 'month', 'year'] as const
export type DisconnectionPeriod = (typeof DISCONNECTION_PERIODS)[number]
export const DEFAULT_DISCONNECTION_PERIOD: DisconnectionPeriod = 'week'

/** A time range, both ends as ms since the epoch. */
export type TimeRange = { from: number; to: number }

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * The end of a range asked of the server: now, rounded up to the next whole minute. Every request
 * for one period within that minute is then the same request, which the server answers from its
 * cache; rounded up, not down, so a result stored a moment ago is inside the range.
 */
export function rangeEnd(now: number): number {
  return Math.ceil(now / MINUTE) * MINUTE
}

/** `time` moved back by whole calendar months (UTC), clamped to the last day of a shorter month. */
export function monthsBefore(time: number, months: number): number {
  const date = new Date(time)
  const day = date.getUTCDate()
  date.setUTCDate(1)
  date.setUTCMonth(date.getUTCMonth() - months)
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
  date.setUTCDate(Math.min(day, lastDay))
  return date.getTime()
}

function startOf(period: Period | DisconnectionPeriod, now: number): number {
  switch (period) {
    case 'day':
      return now - DAY
    case 'week':
      return now - 7 * DAY
    case 'fortnight':
      return now - 14 * DAY
    case 'month':
      return monthsBefore(now, 1)
    case 'year':
      return monthsBefore(now, 12)
  }
}

/** The range a dashboard period covers: it always ends now (seeds 9 periods). */
export function periodRange(period: Period | DisconnectionPeriod, now: number): TimeRange {
  return { from: startOf(period, now), to: now }
}

/**
 * The aggregation asked for a period: raw results for a day (each test, with its test id), hourly
 * buckets for a week and longer (a month of raw results would be thousands of points on a phone).
 */
export function periodAggregation(period: Period): Extract<Aggregation, 'raw' | 'hourly'> {
  return period === 'day' ? 'raw' : 'hourly'
}

/** The bars of the disconnection chart: hours of a day, months of a year, else days. */
export type DisconnectionBucket = 'hour' | 'day' | 'month'

/** The bar width of each disconnection period. */
export function disconnectionBucket(period: DisconnectionPeriod): DisconnectionBucket {
  switch (period) {
    case 'day':
      return 'hour'
    case 'year':
      return 'month'
    case 'week':
    case 'month':
      return 'day'
  }
}

/** Whether a string is one of the dashboard periods (search params, stored values). */
export function isPeriod(value: unknown): value is Period {
  return typeof value === 'string' && (PERIODS as readonly string[]).includes(value)
}

/** Whether a string is one of the disconnection periods. */
export function isDisconnectionPeriod(value: unknown): value is DisconnectionPeriod {
  return typeof value === 'string' && (DISCONNECTION_PERIODS as readonly string[]).includes(value)
}

/**
 * The disconnection period whose range covers a dashboard period (the verdict counts the
 * disconnections of the results' period; a fortnight is read from the month's).
 */
export function disconnectionPeriodCovering(period: Period): DisconnectionPeriod {
  switch (period) {
    case 'day':
      return 'day'
    case 'week':
      return 'week'
    case 'fortnight':
    case 'month':
      return 'month'
  }
}
