import { describe, expect, it } from 'vitest'
import {
  disconnectionBucket,
  disconnectionPeriodCovering,
  isDisconnectionPeriod,
  isPeriod,
  monthsBefore,
  periodAggregation,
  periodRange,
  rangeEnd,
} from './periods'

const iso = (s: string) => Date.parse(s)
const NOW = iso('2026-03-31T10:15:00Z')

describe('periodRange (seeds 9: ranges end now)', () => {
  it.each([
    { period: 'day', from: '2026-03-30T10:15:00Z' },
    { period: 'week', from: '2026-03-24T10:15:00Z' },
    { period: 'fortnight', from: '2026-03-17T10:15:00Z' },
    { period: 'month', from: '2026-02-28T10:15:00Z' },
    { period: 'year', from: '2025-03-31T10:15:00Z' },
  ] as const)('$period starts at $from', ({ period, from }) => {
    expect(periodRange(period, NOW)).toEqual({ from: iso(from), to: NOW })
  })
})

describe('rangeEnd (now, rounded up to the minute: one request per period and minute)', () => {
  it.each([
    ['2026-11-22T10:15:00.000Z', '2026-11-22T10:15:00.000Z'],
    ['2026-11-22T10:15:00.001Z', '2026-11-22T10:16:00.000Z'],
    ['2026-11-22T10:15:59.999Z', '2026-11-22T10:16:00.000Z'],
    ['2026-11-22T23:59:30.000Z', '2026-11-23T00:00:00.000Z'],
  ])('%s -> %s', (now, expected) => {
    expect(new Date(rangeEnd(Date.parse(now))).toISOString()).toBe(expected)
  })
})

describe('monthsBefore', () => {
  it.each([
    { at: '2026-03-31T00:00:00Z', months: 1, expected: '2026-02-28T00:00:00Z' },
    { at: '2024-03-31T00:00:00Z', months: 1, expected: '2024-02-29T00:00:00Z' },
    { at: '2026-01-15T08:00:00Z', months: 1, expected: '2025-12-15T08:00:00Z' },
    { at: '2024-02-29T12:00:00Z', months: 12, expected: '2023-02-28T12:00:00Z' },
    { at: '2026-07-31T23:59:59Z', months: 2, expected: '2026-05-31T23:59:59Z' },
  ])('$at minus $months → $expected', ({ at, months, expected }) => {
    expect(monthsBefore(iso(at), months)).toBe(iso(expected))
  })
})

describe('periodAggregation (raw for a day, hourly from a week)', () => {
  it.each([
    { period: 'day', expected: 'raw' },
    { period: 'week', expected: 'hourly' },
    { period: 'fortnight', expected: 'hourly' },
    { period: 'month', expected: 'hourly' },
  ] as const)('$period → $expected', ({ period, expected }) => {
    expect(periodAggregation(period)).toBe(expected)
  })
})

describe('disconnectionBucket', () => {
  it.each([
    { period: 'day', expected: 'hour' },
    { period: 'week', expected: 'day' },
    { period: 'month', expected: 'day' },
    { period: 'year', expected: 'month' },
  ] as const)('$period → bars per $expected', ({ period, expected }) => {
    expect(disconnectionBucket(period)).toBe(expected)
  })
})

describe('period guards', () => {
  it.each([
    { value: 'week', period: true, disconnection: true },
    { value: 'fortnight', period: true, disconnection: false },
    { value: 'year', period: false, disconnection: true },
    { value: 'hour', period: false, disconnection: false },
    { value: 7, period: false, disconnection: false },
  ])('$value', ({ value, period, disconnection }) => {
    expect(isPeriod(value)).toBe(period)
    expect(isDisconnectionPeriod(value)).toBe(disconnection)
  })
})

describe('disconnectionPeriodCovering', () => {
  it.each([
    { period: 'day', covering: 'day' },
    { period: 'week', covering: 'week' },
    { period: 'fortnight', covering: 'month' },
    { period: 'month', covering: 'month' },
  ] as const)('$period is read from $covering', ({ period, covering }) => {
    expect(disconnectionPeriodCovering(period)).toBe(covering)
    // The covering range starts no later than the period's.
    expect(periodRange(covering, NOW).from).toBeLessThanOrEqual(periodRange(period, NOW).from)
  })
})
