import { describe, expect, it } from 'vitest'
import { isPaused, pauseUntil, type PauseChoice } from './alert-pause'

const NOW = Date.parse('2026-03-10T08:30:00.000Z')

describe('pauseUntil', () => {
  it.each<{ choice: PauseChoice; expected: string | null }>([
    { choice: 'none', expected: null },
    { choice: 'day', expected: '2026-03-11T08:30:00.000Z' },
    { choice: 'week', expected: '2026-03-17T08:30:00.000Z' },
    { choice: 'twoWeeks', expected: '2026-03-24T08:30:00.000Z' },
    { choice: 'untilResumed', expected: '2026-06-08T08:30:00.000Z' },
  ])('$choice pauses until $expected', ({ choice, expected }) => {
    expect(pauseUntil(choice, NOW)).toBe(expected)
  })
})

describe('isPaused', () => {
  it.each([
    { until: null, expected: false },
    { until: '2026-03-10T08:30:00.001Z', expected: true },
    { until: '2026-03-10T08:30:00.000Z', expected: false },
    { until: '2026-03-01T00:00:00.000Z', expected: false },
    { until: 'not a date', expected: false },
  ])('$until → $expected', ({ until, expected }) => {
    expect(isPaused(until, NOW)).toBe(expected)
  })
})
