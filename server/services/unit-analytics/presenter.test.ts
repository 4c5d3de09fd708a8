import { describe, expect, it } from 'vitest'
import type { ConsumerMetricKey } from '../../../contracts/metrics.ts'
import { HttpError } from '../../errors.ts'
import { canRunMetric, isoOf, presentMetricResults } from './presenter.ts'
import type { BucketRow } from './repository.ts'
import { checkRange } from './routes.ts'

describe('isoOf', () => {
  it.each([
    0,
    1_795_000_000,
    1_795_003_599,
    951_782_400, // 29 Feb 2000
    4_102_444_799,
    -86_401,
    1_795_000_000.5,
  ])('formats %d seconds like Date#toISOString', (seconds) => {
    expect(isoOf(seconds)).toBe(new Date(seconds * 1000).toISOString())
  })
})

describe('canRunMetric', () => {
  it.each<{ key: ConsumerMetricKey; connection: string | null; expected: boolean }>([
    { key: 'mobile_signal_strength', connection: 'mobile', expected: true },
    { key: 'mobile_signal_strength', connection: 'fibre', expected: false },
    { key: 'mobile_signal_strength', connection: null, expected: false },
    { key: 'httpgetmt', connection: 'fibre', expected: true },
    { key: 'udpLatency', connection: null, expected: true },
  ])('$key on a $connection unit: $expected', ({ key, connection, expected }) => {
    expect(canRunMetric(key, connection === null ? null : { connection })).toBe(expected)
  })
})

describe('checkRange', () => {
  const from = '2026-01-01T00:00:00.000Z'
  it.each([
    { to: '2026-01-31T00:00:00.000Z', max: 31, code: null },
    { to: '2026-02-01T00:00:00.000Z', max: 31, code: null },
    { to: '2026-02-01T00:00:01.000Z', max: 31, code: 'RANGE_TOO_LONG' },
    { to: from, max: 31, code: 'INVALID' },
    { to: '2025-12-31T00:00:00.000Z', max: 31, code: 'INVALID' },
  ])('from 1 Jan to $to (max $max days): $code', ({ to, max, code }) => {
    if (code === null) {
      expect(checkRange(from, to, max, 'date')).toEqual({ from: new Date(from), to: new Date(to) })
      return
    }
    try {
      checkRange(from, to, max, 'date')
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError)
      expect((error as HttpError).body()).toEqual({
        code: 'VALIDATION_FAIL',
        errors: { date: [code] },
      })
    }
  })
})

describe('presentMetricResults', () => {
  const bucket = (overrides: Partial<BucketRow>): BucketRow => ({
    bucket: 1_795_000_000,
    sum: null,
    count: 0,
    min: null,
    max: null,
    bytes: 0,
    worst: null,
    ...overrides,
  })
  it('rolls the total up from the buckets and reports failed buckets as they are', () => {
    const { data } = presentMetricResults({
      metricKey: 'udpLatency',
      aggregation: 'hourly',
      includeTotal: true,
      canRun: true,
      raw: null,
      aggregated: null,
      buckets: [
        bucket({ sum: 30, count: 3, min: 5, max: 15, bytes: 300 }),
        bucket({ bucket: 1_795_003_600, sum: 40, count: 1, bytes: 100 }),
        bucket({ bucket: 1_795_007_200, worst: 'ERROR', bytes: 10 }),
      ],
    })
    expect(data.status).toBe('OK')
    expect(data.results).toEqual([
      { dtime: isoOf(1_795_000_000), metricValue: 10, status: 'OK', count: 3, min: 5, max: 15 },
      { dtime: isoOf(1_795_003_600), metricValue: 40, status: 'OK', count: 1 },
      { dtime: isoOf(1_795_007_200), metricValue: null, status: 'ERROR', count: 0 },
    ])
    expect(data.total).toEqual({ metricValue: 17.5, count: 4, min: 5, max: 40 })
    expect(data.dataUsage).toEqual({ totalBytesProcessed: 410 })
  })
})
