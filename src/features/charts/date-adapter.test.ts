import { describe, expect, it } from 'vitest'
import { addTime, diffTime, endOfTime, formatTime, parseTime, startOfTime } from './date-adapter'

// Local-time arithmetic: the expectations are built in local time too, so the test holds in any zone.
const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(y, m - 1, d, h, min, s, ms).getTime()

describe('addTime', () => {
  it.each([
    { from: at(2026, 5, 10, 10), amount: 90, unit: 'minute', expected: at(2026, 5, 10, 11, 30) },
    { from: at(2026, 5, 10, 10), amount: -3, unit: 'hour', expected: at(2026, 5, 10, 7) },
    { from: at(2026, 5, 30, 10), amount: 2, unit: 'day', expected: at(2026, 6, 1, 10) },
    { from: at(2026, 5, 10), amount: 1, unit: 'week', expected: at(2026, 5, 17) },
    { from: at(2026, 1, 31), amount: 1, unit: 'month', expected: at(2026, 2, 28) },
    { from: at(2026, 1, 31), amount: 1, unit: 'quarter', expected: at(2026, 4, 30) },
    { from: at(2024, 2, 29), amount: 1, unit: 'year', expected: at(2025, 2, 28) },
  ] as const)('$amount $unit', ({ from, amount, unit, expected }) => {
    expect(addTime(from, amount, unit)).toBe(expected)
  })
})

describe('diffTime', () => {
  it.each([
    { a: at(2026, 5, 10, 12), b: at(2026, 5, 10, 10, 30), unit: 'hour', expected: 1 },
    { a: at(2026, 5, 10, 10, 30), b: at(2026, 5, 10, 12), unit: 'hour', expected: -1 },
    { a: at(2026, 5, 10, 12), b: at(2026, 5, 3, 13), unit: 'day', expected: 6 },
    { a: at(2026, 5, 10, 12), b: at(2026, 5, 3, 12), unit: 'day', expected: 7 },
    { a: at(2026, 5, 10, 12), b: at(2026, 5, 3, 12), unit: 'week', expected: 1 },
    { a: at(2026, 5, 10), b: at(2026, 2, 11), unit: 'month', expected: 2 },
    { a: at(2026, 5, 10), b: at(2026, 2, 10), unit: 'month', expected: 3 },
    { a: at(2026, 5, 10), b: at(2025, 2, 10), unit: 'quarter', expected: 5 },
    { a: at(2026, 5, 10), b: at(2025, 5, 11), unit: 'year', expected: 0 },
    { a: at(2025, 5, 11), b: at(2026, 5, 10), unit: 'month', expected: -11 },
  ] as const)('$unit between two times → $expected', ({ a, b, unit, expected }) => {
    expect(diffTime(a, b, unit)).toBe(expected)
  })
})

describe('startOfTime / endOfTime', () => {
  const t = at(2026, 5, 14, 15, 42, 17, 123) // a Thursday
  it.each([
    { unit: 'second', expected: at(2026, 5, 14, 15, 42, 17) },
    { unit: 'minute', expected: at(2026, 5, 14, 15, 42) },
    { unit: 'hour', expected: at(2026, 5, 14, 15) },
    { unit: 'day', expected: at(2026, 5, 14) },
    { unit: 'week', expected: at(2026, 5, 11) },
    { unit: 'month', expected: at(2026, 5, 1) },
    { unit: 'quarter', expected: at(2026, 4, 1) },
    { unit: 'year', expected: at(2026, 1, 1) },
  ] as const)('start of $unit', ({ unit, expected }) => {
    expect(startOfTime(t, unit)).toBe(expected)
  })

  it.each([
    { weekday: 1, expected: at(2026, 5, 11) },
    { weekday: 7, expected: at(2026, 5, 10) },
    { weekday: 4, expected: at(2026, 5, 14) },
  ])('start of isoWeek starting on ISO day $weekday', ({ weekday, expected }) => {
    expect(startOfTime(t, 'isoWeek', weekday)).toBe(expected)
  })

  it.each([
    { unit: 'day', expected: at(2026, 5, 14, 23, 59, 59, 999) },
    { unit: 'month', expected: at(2026, 5, 31, 23, 59, 59, 999) },
  ] as const)('end of $unit', ({ unit, expected }) => {
    expect(endOfTime(t, unit)).toBe(expected)
  })
})

describe('formatTime (Intl in the active locale)', () => {
  const t = Date.UTC(2026, 4, 14, 15, 42)
  it.each([
    {
      format: 'day',
      locale: 'en-GB',
      expected: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }).format(t),
    },
    {
      format: 'year',
      locale: 'ar-SA',
      expected: new Intl.DateTimeFormat('ar-SA', { year: 'numeric' }).format(t),
    },
    {
      format: 'not-a-key',
      locale: 'fr-CA',
      expected: new Intl.DateTimeFormat('fr-CA', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(t),
    },
  ])('$format in $locale', ({ format, locale, expected }) => {
    expect(formatTime(t, format, locale)).toBe(expected)
  })

  it('uses Arabic-Indic digits in ar-SA', () => {
    expect(formatTime(t, 'day', 'ar-SA')).toMatch(/[\u0660-\u0669]/)
  })
})

describe('parseTime', () => {
  it.each([
    { value: 1_700_000_000_000, expected: 1_700_000_000_000 },
    { value: '2026-05-14T00:00:00Z', expected: Date.UTC(2026, 4, 14) },
    { value: new Date(5), expected: 5 },
    { value: 'nope', expected: null },
    { value: Number.NaN, expected: null },
    { value: null, expected: null },
  ])('$value → $expected', ({ value, expected }) => {
    expect(parseTime(value)).toBe(expected)
  })
})
