import { describe, expect, it } from 'vitest'
import {
  bytesByDay,
  formatBytes,
  formatDuration,
  formatSpeed,
  lastLocalDays,
  localDateOf,
  skipReasonCounts,
} from './unit-format'

describe('localDateOf', () => {
  it.each([
    { time: '2026-11-28T10:00:00Z', zone: 'Pacific/Auckland', expected: '2026-11-28' },
    { time: '2026-11-28T12:00:00Z', zone: 'Pacific/Auckland', expected: '2026-11-29' },
    { time: '2026-11-28T02:00:00Z', zone: 'America/Toronto', expected: '2026-11-27' },
    { time: '2026-11-28T02:00:00Z', zone: 'Not/AZone', expected: '2026-11-28' },
  ])('$time in $zone is $expected', ({ time, zone, expected }) => {
    expect(localDateOf(Date.parse(time), zone)).toBe(expected)
  })
})

describe('lastLocalDays', () => {
  it.each([
    {
      case: 'a week in Auckland, today first',
      now: '2026-11-28T12:00:00Z',
      zone: 'Pacific/Auckland',
      count: 3,
      expected: ['2026-11-29', '2026-11-28', '2026-11-27'],
    },
    {
      case: 'across the spring-forward day (23 hours)',
      now: '2026-03-10T12:00:00Z',
      zone: 'America/Toronto',
      count: 4,
      expected: ['2026-03-10', '2026-03-09', '2026-03-08', '2026-03-07'],
    },
    {
      case: 'across the fall-back day (25 hours)',
      now: '2026-11-03T12:00:00Z',
      zone: 'America/Toronto',
      count: 4,
      expected: ['2026-11-03', '2026-11-02', '2026-11-01', '2026-10-31'],
    },
  ])('$case', ({ now, zone, count, expected }) => {
    expect(lastLocalDays(Date.parse(now), zone, count)).toEqual(expected)
  })
})

describe('bytesByDay', () => {
  it('sums each local day of the unit and skips unreadable times', () => {
    const days = bytesByDay(
      [
        { dtime: '2026-11-27T09:00:00Z', bytes: 100 },
        { dtime: '2026-11-27T10:30:00Z', bytes: 20 },
        { dtime: '2026-11-27T11:30:00Z', bytes: 50 },
        { dtime: 'nope', bytes: 999 },
      ],
      'Pacific/Auckland',
    )
    expect(Object.fromEntries(days)).toEqual({ '2026-11-27': 120, '2026-11-28': 50 })
  })
})

describe('skipReasonCounts', () => {
  it('counts each reason, most first, ties by reason', () => {
    expect(
      skipReasonCounts([
        { reason: 'maintenance' },
        { reason: 'cross_traffic' },
        { reason: 'cross_traffic' },
        { reason: 'target_unavailable' },
      ]),
    ).toEqual([
      { reason: 'cross_traffic', count: 2 },
      { reason: 'maintenance', count: 1 },
      { reason: 'target_unavailable', count: 1 },
    ])
    expect(skipReasonCounts([])).toEqual([])
  })
})

describe('formats', () => {
  it.each([
    { bytes: 0, expected: '0 byte' },
    { bytes: 999, expected: '999 byte' },
    { bytes: 1_500, expected: '1.5 kB' },
    { bytes: 2_345_000_000, expected: '2.3 GB' },
    { bytes: 42_000_000, expected: '42 MB' },
  ])('$bytes bytes read $expected', ({ bytes, expected }) => {
    expect(formatBytes('en-GB', bytes)).toBe(expected)
  })

  it.each([
    { seconds: 42, expected: '42 secs' },
    { seconds: 300, expected: '5 mins' },
    { seconds: 7_200, expected: '2 hrs' },
    { seconds: 7_500, expected: '2 hrs 5 mins' },
  ])('$seconds s read $expected', ({ seconds, expected }) => {
    expect(formatDuration('en-GB', seconds)).toBe(expected)
  })

  it('writes speeds in Mbps, in the locale’s digits', () => {
    expect(formatSpeed('en-GB', 300_000)).toBe('300 Mb/s')
    expect(formatSpeed('ar-SA', 300_000)).not.toContain('300')
  })
})
