import { describe, expect, it } from 'vitest'
import {
  aggregationFor,
  checkFixedRange,
  choiceKey,
  dateRangeBounds,
  fixedRangeDays,
  isoDateOf,
  parseIsoDate,
  type DateRangeChoice,
} from './date-range'

const DAY = 86_400_000

describe('parseIsoDate', () => {
  it.each([
    { text: '2026-01-31', expected: { year: 2026, month: 1, day: 31 } },
    { text: '2024-02-29', expected: { year: 2024, month: 2, day: 29 } },
    { text: '2026-02-29', expected: null },
    { text: '2026-13-01', expected: null },
    { text: '2026-1-5', expected: null },
    { text: '05/01/2026', expected: null },
    { text: '', expected: null },
  ])('$text → $expected', ({ text, expected }) => {
    expect(parseIsoDate(text)).toEqual(expected)
  })
})

describe('fixedRangeDays (both ends counted)', () => {
  it.each([
    { from: '2026-03-01', to: '2026-03-01', expected: 1 },
    { from: '2026-03-01', to: '2026-03-31', expected: 31 },
    { from: '2026-01-01', to: '2026-04-02', expected: 92 },
    { from: '2026-01-01', to: '2026-04-03', expected: 93 },
    // A daylight-saving change in between does not shift the count.
    { from: '2026-03-28', to: '2026-03-30', expected: 3 },
    { from: '2026-03-02', to: '2026-03-01', expected: 0 },
    { from: 'x', to: '2026-03-01', expected: null },
  ])('$from … $to → $expected', ({ from, to, expected }) => {
    expect(fixedRangeDays(from, to)).toBe(expected)
  })
})

describe('checkFixedRange', () => {
  const today = '2026-11-21'
  it.each([
    { from: '2026-11-01', to: '2026-11-21', expected: null },
    { from: '2026-11-21', to: '2026-11-21', expected: null },
    { from: '2026-08-22', to: '2026-11-21', expected: null },
    { from: '2026-08-21', to: '2026-11-21', expected: 'TOO_LONG' },
    { from: '2026-11-10', to: '2026-11-09', expected: 'TO_BEFORE_FROM' },
    { from: '2026-11-20', to: '2026-11-22', expected: 'FUTURE' },
    { from: '', to: '2026-11-21', expected: 'MISSING' },
    { from: '2026-11-01', to: '', expected: 'MISSING' },
    { from: '2026-02-30', to: '2026-03-01', expected: 'INVALID' },
  ])('$from … $to → $expected', ({ from, to, expected }) => {
    expect(checkFixedRange(from, to, today)).toBe(expected)
  })
})

describe('aggregationFor', () => {
  it.each<{ choice: DateRangeChoice; expected: 'hourly' | 'daily' }>([
    { choice: { kind: 'last', days: 7 }, expected: 'hourly' },
    { choice: { kind: 'last', days: 14 }, expected: 'hourly' },
    { choice: { kind: 'last', days: 30 }, expected: 'hourly' },
    { choice: { kind: 'last', days: 90 }, expected: 'daily' },
    { choice: { kind: 'fixed', from: '2026-01-01', to: '2026-01-31' }, expected: 'hourly' },
    { choice: { kind: 'fixed', from: '2026-01-01', to: '2026-02-01' }, expected: 'daily' },
    { choice: { kind: 'fixed', from: '2026-01-01', to: '2026-04-02' }, expected: 'daily' },
  ])('$choice.kind $choice.days$choice.from … $choice.to → $expected', ({ choice, expected }) => {
    expect(aggregationFor(choice)).toBe(expected)
  })
})

describe('dateRangeBounds', () => {
  const now = new Date(2026, 10, 21, 15, 30).getTime()
  it.each<{ choice: DateRangeChoice; from: number; to: number }>([
    { choice: { kind: 'last', days: 7 }, from: now - 7 * DAY, to: now },
    { choice: { kind: 'last', days: 90 }, from: now - 90 * DAY, to: now },
    {
      choice: { kind: 'fixed', from: '2026-11-01', to: '2026-11-10' },
      from: new Date(2026, 10, 1).getTime(),
      to: new Date(2026, 10, 11).getTime(),
    },
    // Ending today: up to now, not to midnight.
    {
      choice: { kind: 'fixed', from: '2026-11-20', to: '2026-11-21' },
      from: new Date(2026, 10, 20).getTime(),
      to: now,
    },
  ])('$choice.kind → from $from to $to', ({ choice, from, to }) => {
    expect(dateRangeBounds(choice, now)).toEqual({ from, to })
  })
})

describe('choiceKey and isoDateOf', () => {
  it.each<{ choice: DateRangeChoice; expected: string }>([
    { choice: { kind: 'last', days: 30 }, expected: 'last-30' },
    {
      choice: { kind: 'fixed', from: '2026-01-01', to: '2026-01-31' },
      expected: '2026-01-01_2026-01-31',
    },
  ])('$expected', ({ choice, expected }) => {
    expect(choiceKey(choice)).toBe(expected)
  })

  it('gives the device calendar date', () => {
    expect(isoDateOf(new Date(2026, 0, 5, 23, 59).getTime())).toBe('2026-01-05')
  })
})
