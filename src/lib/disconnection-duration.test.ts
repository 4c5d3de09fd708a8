import { describe, expect, it } from 'vitest'
import {
  barLabels,
  bucketKey,
  disconnectionBars,
  disconnectionSeconds,
  disconnectionTotals,
  durationParts,
  startOfHour,
} from './disconnection-duration'

const NOW = Date.parse('2026-05-10T12:00:00Z')

describe('disconnectionSeconds (seeds 4.6: ongoing ones measured to now)', () => {
  it.each([
    {
      name: 'ended, measured by the service',
      record: { dtime: '2026-05-10T10:00:00Z', endDtime: '2026-05-10T10:05:00Z', metricValue: 290 },
      expected: 290,
    },
    {
      name: 'ended, not measured: end minus start',
      record: {
        dtime: '2026-05-10T10:00:00Z',
        endDtime: '2026-05-10T10:05:00Z',
        metricValue: null,
      },
      expected: 300,
    },
    {
      name: 'ongoing: up to now',
      record: { dtime: '2026-05-10T11:00:00Z', endDtime: null, metricValue: null },
      expected: 3600,
    },
    {
      name: 'ongoing, start in the future (clock skew): zero',
      record: { dtime: '2026-05-10T13:00:00Z', endDtime: null, metricValue: null },
      expected: 0,
    },
    {
      name: 'unreadable start',
      record: { dtime: 'garbage', endDtime: null, metricValue: null },
      expected: null,
    },
  ])('$name', ({ record, expected }) => {
    expect(disconnectionSeconds(record, NOW)).toBe(expected)
  })
})

describe('disconnectionTotals', () => {
  it('sums counts and durations, ongoing included', () => {
    expect(
      disconnectionTotals(
        [
          { dtime: '2026-05-09T10:00:00Z', endDtime: '2026-05-09T10:01:00Z', metricValue: 60 },
          { dtime: '2026-05-10T11:30:00Z', endDtime: null, metricValue: null },
        ],
        NOW,
      ),
    ).toEqual({ count: 2, seconds: 60 + 1800, ongoing: 1 })
  })
})

describe('bucketKey', () => {
  it.each([
    { time: '2026-05-10T23:30:00Z', bucket: 'day', tz: 'UTC', expected: '2026-05-10' },
    { time: '2026-05-10T23:30:00Z', bucket: 'day', tz: 'Pacific/Auckland', expected: '2026-05-11' },
    { time: '2026-05-10T23:30:00Z', bucket: 'hour', tz: 'Asia/Riyadh', expected: '2026-05-11T02' },
    { time: '2026-05-10T00:30:00Z', bucket: 'hour', tz: 'UTC', expected: '2026-05-10T00' },
    { time: '2026-05-31T23:30:00Z', bucket: 'month', tz: 'UTC', expected: '2026-05' },
    { time: '2026-05-31T23:30:00Z', bucket: 'month', tz: 'Asia/Riyadh', expected: '2026-06' },
  ] as const)('$time per $bucket in $tz → $expected', ({ time, bucket, tz, expected }) => {
    expect(bucketKey(Date.parse(time), bucket, tz)).toBe(expected)
  })
})

describe('disconnectionBars', () => {
  const records = [
    { dtime: '2026-05-08T09:00:00Z', endDtime: '2026-05-08T09:02:00Z', metricValue: 120 },
    { dtime: '2026-05-08T20:00:00Z', endDtime: '2026-05-08T20:00:40Z', metricValue: 40 },
    { dtime: '2026-05-10T11:00:00Z', endDtime: null, metricValue: null },
    // Started before the range: counted in the first bar.
    { dtime: '2026-05-01T00:00:00Z', endDtime: '2026-05-01T00:01:00Z', metricValue: 60 },
  ]

  it.each([
    {
      name: 'a week in days: 8 calendar days, empty ones as zero',
      from: '2026-05-03T12:00:00Z',
      bucket: 'day',
      expected: [
        ['2026-05-03', 1, 60, false],
        ['2026-05-04', 0, 0, false],
        ['2026-05-05', 0, 0, false],
        ['2026-05-06', 0, 0, false],
        ['2026-05-07', 0, 0, false],
        ['2026-05-08', 2, 160, false],
        ['2026-05-09', 0, 0, false],
        ['2026-05-10', 1, 3600, true],
      ],
    },
    {
      name: 'a day in hours',
      from: '2026-05-09T12:00:00Z',
      bucket: 'hour',
      expected: Array.from({ length: 25 }, (_, i) => {
        const hour = new Date(Date.parse('2026-05-09T12:00:00Z') + i * 3_600_000)
        const key = hour.toISOString().slice(0, 13)
        const ongoing = key === '2026-05-10T11'
        const first = i === 0
        // The first bar also holds the three that started before the range.
        return [key, ongoing ? 1 : first ? 3 : 0, ongoing ? 3600 : first ? 160 + 60 : 0, ongoing]
      }),
    },
  ] as const)('$name', ({ from, bucket, expected }) => {
    const bars = disconnectionBars(records, {
      from: Date.parse(from),
      to: NOW,
      bucket,
      now: NOW,
      timeZone: 'UTC',
    })
    expect(bars.map((b) => [b.key, b.count, b.seconds, b.ongoing])).toEqual(expected)
  })
})

describe('durationParts', () => {
  it.each([
    { seconds: 0, expected: { hours: 0, minutes: 0, seconds: 0 } },
    { seconds: 59.6, expected: { hours: 0, minutes: 1, seconds: 0 } },
    { seconds: 3725, expected: { hours: 1, minutes: 2, seconds: 5 } },
    { seconds: -5, expected: { hours: 0, minutes: 0, seconds: 0 } },
  ])('$seconds s → $expected', ({ seconds, expected }) => {
    expect(durationParts(seconds)).toEqual(expected)
  })
})

describe('startOfHour', () => {
  const at = (iso: string) => Date.parse(iso)
  it.each([
    ['2026-11-26T07:58:12.345Z', 'UTC', '2026-11-26T07:00:00.000Z'],
    ['2026-11-26T07:00:00.000Z', 'UTC', '2026-11-26T07:00:00.000Z'],
    // India is 5:30 ahead: 07:58 UTC is 13:28 there, whose hour began at 07:30 UTC.
    ['2026-11-26T07:58:00.000Z', 'Asia/Kolkata', '2026-11-26T07:30:00.000Z'],
    ['2026-11-26T07:58:00.000Z', 'Europe/London', '2026-11-26T07:00:00.000Z'],
  ])('%s in %s starts at %s', (time, timeZone, expected) => {
    expect(new Date(startOfHour(at(time), timeZone)).toISOString()).toBe(expected)
  })
})

describe('barLabels', () => {
  const at = (iso: string) => ({ start: Date.parse(iso) })
  it.each<[string, Parameters<typeof barLabels>[1], { start: number }[], string[]]>([
    [
      'hours on the hour',
      'hour',
      [at('2026-11-26T07:58:00Z'), at('2026-11-26T08:00:00Z')],
      ['07:00', '08:00'],
    ],
    [
      'months by name',
      'month',
      [at('2026-10-15T00:00:00Z'), at('2026-11-15T00:00:00Z')],
      ['Oct', 'Nov'],
    ],
    [
      'months with their year when a name comes twice',
      'month',
      [at('2025-11-26T00:00:00Z'), at('2025-12-15T00:00:00Z'), at('2026-11-15T00:00:00Z')],
      ['Nov 2025', 'Dec 2025', 'Nov 2026'],
    ],
    ['days by weekday and date', 'day', [at('2026-11-23T12:00:00Z')], ['Mon 23']],
  ])('%s', (_name, bucket, bars, expected) => {
    expect(barLabels(bars, bucket, 'en-GB', 'UTC')).toEqual(expected)
  })
})
