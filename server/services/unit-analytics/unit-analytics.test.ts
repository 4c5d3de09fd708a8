import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AnomaliesInProgressResponseSchema,
  BreachesResponseSchema,
  ConsumerConfigResponseSchema,
  DataUsageResponseSchema,
  DisconnectionInProgressResponseSchema,
  DisconnectionsResponseSchema,
  MetricResultsResponseSchema,
  ScheduledTestsDailyResponseSchema,
  SkippedTestsResponseSchema,
  TestRunResponseSchema,
  UnitMetricsResponseSchema,
  type MetricResultsRequest,
} from '../../../contracts/unit-analytics.ts'
import type { Grants } from '../../../contracts/auth.ts'
import type { DemoAccount } from '../../db/demo-accounts.ts'
import { bearer, createTestApp, errorBody, signIn, type TestApp } from '../../test/helpers.ts'
import { mayManageUnit, mayReadUnit } from '../../../contracts/access.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

let t: TestApp
const tokens = new Map<DemoAccount, string>()
/** Units of panel 3, in id order: the first is disconnected now, the second unseen for 2 h. */
let panel3: number[] = []
const now = Date.now()

beforeAll(async () => {
  t = await createTestApp()
  for (const account of ['consumer', 'multi', 'engineer', 'staff', 'analyst'] as const) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
  }
  const { rows } = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM units WHERE panel_id = 3 ORDER BY id`,
  )
  panel3 = rows.map((row) => row.id)
})
afterAll(async () => {
  await t.close()
})

function call(
  method: 'GET' | 'POST',
  url: string,
  as: DemoAccount | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api/unit-analytics${url}`,
    headers: as ? bearer(tokens.get(as) ?? '') : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

const iso = (time: number) => new Date(time).toISOString()
const lastDays = (days: number, end = now) => ({ from: iso(end - days * DAY), to: iso(end) })
const rangeQuery = (days: number) => {
  const { from, to } = lastDays(days)
  return `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`
}

async function metricResults(
  unitId: number,
  body: MetricResultsRequest,
  as: DemoAccount = 'consumer',
) {
  const response = await call('POST', `/${unitId}/metric_results`, as, body)
  expect(response.statusCode, response.body).toBe(200)
  return v.parse(MetricResultsResponseSchema, response.json()).data
}

/** Hour of the day in Pacific/Auckland (unit 1's zone). */
const aucklandHour = (dtime: string) =>
  Number(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Pacific/Auckland',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(dtime)),
  )

describe('POST /{unitId}/metric_results', () => {
  it('answers a month of hourly download for the consumer, package-shaped and counted', async () => {
    const date = lastDays(30)
    const data = await metricResults(1, { date, aggregation: 'hourly', metric: 'httpgetmt' })
    expect(data.status).toBe('OK')
    expect(data.metricMetadata).toEqual({ metricKey: 'httpgetmt', unit: 'Mbps' })
    expect(data.results.length).toBeGreaterThan(30 * 24 * 0.85)
    expect(data.results.length).toBeLessThanOrEqual(30 * 24 + 1)
    const values = data.results.flatMap((p) => (p.metricValue === null ? [] : [p.metricValue]))
    // Unit 1 is on Spark Fibre 300: results stay under 300 Mbps, most of it reached.
    expect(Math.max(...values)).toBeLessThanOrEqual(300)
    expect(values.reduce((a, b) => a + b, 0) / values.length).toBeGreaterThan(200)
    expect(data.aggregatedDaily).toBeUndefined()
    expect(data.total).toBeUndefined()

    const { rows } = await t.db.execute<{ bytes: number }>(sql`
      SELECT sum(bytes)::float8 AS bytes FROM measurements
      WHERE unit_id = 1 AND metric_key = 'httpgetmt'
        AND dtime >= ${date.from}::timestamptz AND dtime < ${date.to}::timestamptz`)
    expect(data.dataUsage.totalBytesProcessed).toBe(rows[0]?.bytes)
    expect(data.dataUsage.totalBytesProcessed).toBeGreaterThan(1e10)
  })

  it('shows evening congestion: the mean at 20:00 is under the mean at 04:00', async () => {
    const data = await metricResults(1, {
      date: lastDays(30),
      aggregation: 'hourly',
      metric: 'httpgetmt',
    })
    const meanAt = (hour: number) => {
      const values = data.results.flatMap((p) =>
        aucklandHour(p.dtime) === hour && p.metricValue !== null ? [p.metricValue] : [],
      )
      return values.reduce((a, b) => a + b, 0) / values.length
    }
    expect(meanAt(20)).toBeLessThan(meanAt(4) * 0.9)
  })

  it('adds daily and hourly aggregates and the total, computed over OK results only', async () => {
    const date = lastDays(14)
    const data = await metricResults(1, {
      date,
      aggregation: 'daily',
      metric: 'udpLatency',
      includeAggregated: true,
      includeTotal: true,
    })
    expect(data.results).toEqual(data.aggregatedDaily)
    expect(data.aggregatedDaily?.length).toBeGreaterThanOrEqual(14)
    expect(data.aggregatedDaily?.length).toBeLessThanOrEqual(16)
    // Daily buckets start at midnight in the unit's zone.
    expect(data.results.every((p) => aucklandHour(p.dtime) === 0)).toBe(true)
    expect(data.aggregatedHourly?.length).toBeGreaterThan(14 * 24 * 0.85)
    const { rows } = await t.db.execute<{
      avg: number
      count: number
      min: number
      max: number
    }>(sql`
      SELECT avg(value) AS avg, count(*)::int AS count, min(value) AS min, max(value) AS max
      FROM measurements
      WHERE unit_id = 1 AND metric_key = 'udpLatency' AND status = 'OK'
        AND dtime >= ${date.from}::timestamptz AND dtime < ${date.to}::timestamptz`)
    const expected = rows[0]
    expect(data.total?.count).toBe(expected?.count)
    expect(data.total?.metricValue).toBeCloseTo(expected?.avg ?? 0, 2)
    expect(data.total?.min).toBe(expected?.min)
    expect(data.total?.max).toBe(expected?.max)
    const dailyCount = data.aggregatedDaily?.reduce((sum, p) => sum + (p.count ?? 0), 0)
    expect(dailyCount).toBe(expected?.count)
  })

  it('returns raw results with their test ids, and non-OK results as they are', async () => {
    // A known failed run in the last hour, inserted into this file's own database.
    const failedAt = now - 30 * 60_000
    await t.db.execute(sql`
      INSERT INTO measurements (unit_id, metric_key, dtime, value, status, bytes, test_id)
      VALUES (1, 'httpgetmt', ${iso(failedAt)}::timestamptz, NULL, 'ERROR', 0,
              '00000001-0000-8000-8000-00000000e770')`)
    const data = await metricResults(1, {
      date: lastDays(1, now + 60_000),
      aggregation: 'raw',
      metric: 'httpgetmt',
    })
    expect(data.results.length).toBeGreaterThan(18)
    expect(data.results.every((p) => typeof p.testId === 'string')).toBe(true)
    const failed = data.results.find((p) => p.testId === '00000001-0000-8000-8000-00000000e770')
    expect(failed).toEqual({
      dtime: iso(failedAt),
      metricValue: null,
      status: 'ERROR',
      testId: '00000001-0000-8000-8000-00000000e770',
    })
    const sorted = [...data.results].sort((a, b) => a.dtime.localeCompare(b.dtime))
    expect(data.results).toEqual(sorted)
  })

  it('gives the same latest test, whatever the aggregation (issue 22: "Latest" in every period)', async () => {
    // A known latest result, inserted into this file's own database after any seeded one.
    const lastAt = now - 60_000
    await t.db.execute(sql`
      INSERT INTO measurements (unit_id, metric_key, dtime, value, status, bytes, test_id)
      VALUES (1, 'udpLatency', ${iso(lastAt)}::timestamptz, 12.345, 'OK', 0,
              '00000001-0000-8000-8000-0000000a7e57')`)
    const expected = {
      dtime: iso(lastAt),
      metricValue: 12.345,
      testId: '00000001-0000-8000-8000-0000000a7e57',
    }
    for (const aggregation of ['raw', 'hourly', 'daily'] as const) {
      const data = await metricResults(1, {
        date: lastDays(aggregation === 'raw' ? 1 : 30, now + 60_000),
        aggregation,
        metric: 'udpLatency',
        includeTotal: true,
      })
      expect(data.latest, aggregation).toEqual(expected)
    }
    // Only with the total; null over a range without results.
    const without = await metricResults(1, {
      date: lastDays(7, now + 60_000),
      aggregation: 'hourly',
      metric: 'udpLatency',
    })
    expect(without.latest).toBeUndefined()
    const empty = await metricResults(1, {
      date: lastDays(7, now - 200 * DAY),
      aggregation: 'hourly',
      metric: 'udpLatency',
      includeTotal: true,
    })
    expect(empty.latest).toBeNull()
  })

  it('counts only local-target results with localTargetSetResultsOnly', async () => {
    const date = lastDays(7)
    const all = await metricResults(1, { date, metric: 'udpLatency', includeTotal: true })
    const local = await metricResults(1, {
      date,
      metric: 'udpLatency',
      includeTotal: true,
      localTargetSetResultsOnly: true,
    })
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM measurements
      WHERE unit_id = 1 AND metric_key = 'udpLatency' AND local_target
        AND dtime >= ${date.from}::timestamptz AND dtime < ${date.to}::timestamptz`)
    expect(local.results.length).toBe(rows[0]?.n)
    expect(local.results.length).toBeLessThan(all.results.length)
    // Off-net targets are further away: the local-only mean latency is lower.
    expect(local.total?.metricValue ?? 0).toBeLessThan(all.total?.metricValue ?? 0)
  })

  it('answers NO_DATA for a range without results', async () => {
    const data = await metricResults(1, {
      date: lastDays(7, now - 200 * DAY),
      aggregation: 'hourly',
      metric: 'httpgetmt',
      includeTotal: true,
    })
    expect(data).toMatchObject({
      status: 'NO_DATA',
      results: [],
      total: { metricValue: null, count: 0, min: null, max: null },
      dataUsage: { totalBytesProcessed: 0 },
    })
  })

  it('answers DEVICE_CANT_RUN_TEST for mobile signal on a fibre unit, values on a mobile one', async () => {
    const fibre = await metricResults(1, { date: lastDays(7), metric: 'mobile_signal_strength' })
    expect(fibre).toMatchObject({ status: 'DEVICE_CANT_RUN_TEST', results: [] })
    const mobile = await metricResults(
      2,
      { date: lastDays(31), metric: 'mobile_signal_strength' },
      'multi',
    )
    expect(mobile.status).toBe('OK')
    expect(mobile.metricMetadata.unit).toBe('dBm')
    const values = mobile.results.flatMap((p) => (p.metricValue === null ? [] : [p.metricValue]))
    // 0 is the modem's "no value"; the rest are real dBm readings.
    expect(values.filter((value) => value === 0).length).toBeGreaterThan(0)
    expect(values.filter((value) => value !== 0).every((value) => value < -50)).toBe(true)
  })

  it('lets an engineer read a unit of panel 3 (Unit test_view) but not the consumer unit', async () => {
    const unit = panel3[2] ?? 0
    const data = await metricResults(
      unit,
      { date: lastDays(7), aggregation: 'hourly', metric: 'udpLatency' },
      'engineer',
    )
    expect(data.status).toBe('OK')
    // Fleet units test every 3 hours.
    expect(data.results.length).toBeGreaterThan(7 * 8 * 0.8)
    expect(data.results.length).toBeLessThanOrEqual(7 * 8 + 1)
    const refused = await call('POST', '/1/metric_results', 'engineer', {
      date: lastDays(1),
      metric: 'udpLatency',
    })
    expect(refused.statusCode).toBe(403)
  })

  it.each([
    { case: 'no metric', body: { date: lastDays(1) }, errors: { metric: ['MISSING'] } },
    {
      case: 'an unknown metric',
      body: { date: lastDays(1), metric: 'speed_of_light' },
      errors: { metric: ['INVALID'] },
    },
    {
      case: 'a date that is not ISO',
      body: { date: { from: 'yesterday', to: iso(now) }, metric: 'httpgetmt' },
      errors: { 'date.from': ['INVALID'] },
    },
    {
      case: 'from after to',
      body: { date: { from: iso(now), to: iso(now - DAY) }, metric: 'httpgetmt' },
      errors: { date: ['INVALID'] },
    },
    {
      case: 'a raw range over 31 days',
      body: { date: lastDays(32), aggregation: 'raw', metric: 'httpgetmt' },
      errors: { date: ['RANGE_TOO_LONG'] },
    },
    {
      case: 'an hourly range over 92 days',
      body: { date: lastDays(93), aggregation: 'hourly', metric: 'httpgetmt' },
      errors: { date: ['RANGE_TOO_LONG'] },
    },
    {
      case: 'an unknown aggregation',
      body: { date: lastDays(1), aggregation: 'weekly', metric: 'httpgetmt' },
      errors: { aggregation: ['INVALID'] },
    },
    {
      case: 'a string flag',
      body: { date: lastDays(1), metric: 'httpgetmt', includeTotal: 'yes' },
      errors: { includeTotal: ['INVALID'] },
    },
  ])('refuses $case with 400 VALIDATION_FAIL', async ({ body, errors }) => {
    const response = await call('POST', '/1/metric_results', 'consumer', body)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toEqual({ code: 'VALIDATION_FAIL', errors })
  })

  it('accepts a daily range of 400 days and refuses 401', async () => {
    const ok = await call('POST', '/1/metric_results', 'consumer', {
      date: lastDays(400),
      aggregation: 'daily',
      metric: 'httpgetmt',
    })
    expect(ok.statusCode).toBe(200)
    const tooLong = await call('POST', '/1/metric_results', 'consumer', {
      date: lastDays(401),
      aggregation: 'daily',
      metric: 'httpgetmt',
    })
    expect(tooLong.statusCode).toBe(400)
  })

  it('refuses a body that is not JSON without a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/unit-analytics/1/metric_results',
      headers: { ...bearer(tokens.get('consumer') ?? ''), 'content-type': 'application/json' },
      payload: '{"date":',
    })
    expect(response.statusCode).toBe(400)
  })
})

describe('disconnections', () => {
  it('lists the consumer unit disconnections with their durations in seconds', async () => {
    const response = await call('GET', `/1/disconnections?${rangeQuery(90)}`, 'consumer')
    expect(response.statusCode).toBe(200)
    const body = v.parse(DisconnectionsResponseSchema, response.json())
    expect(body.meta.enabled).toBe(true)
    // A few a week over 90 days.
    expect(body.data.length).toBeGreaterThan(20)
    for (const row of body.data) {
      expect(row.endDtime).not.toBeNull()
      const seconds = (Date.parse(row.endDtime ?? '') - Date.parse(row.dtime)) / 1000
      expect(row.metricValue).toBe(Math.round(seconds))
      expect(seconds).toBeGreaterThanOrEqual(30)
      expect(seconds).toBeLessThanOrEqual(7200)
    }
    const inProgress = await call('GET', '/1/disconnection_in_progress', 'consumer')
    expect(inProgress.json()).toEqual({ data: [] })
  })

  it('shows the ongoing disconnection of unit 4 with no end and no duration', async () => {
    const response = await call('GET', `/4/disconnections?${rangeQuery(1)}`, 'staff')
    const body = v.parse(DisconnectionsResponseSchema, response.json())
    const ongoing = body.data.filter((row) => row.endDtime === null)
    expect(ongoing).toHaveLength(1)
    expect(ongoing[0]?.metricValue).toBeNull()
    const started = Date.parse(ongoing[0]?.dtime ?? '')
    expect(now - started).toBeGreaterThan(2 * HOUR)
    expect(now - started).toBeLessThan(3 * HOUR)

    const inProgress = await call('GET', '/4/disconnection_in_progress', 'staff')
    const list = v.parse(DisconnectionInProgressResponseSchema, inProgress.json())
    expect(list.data).toEqual([{ dtime: ongoing[0]?.dtime, isUnreliable: false }])
  })

  it('shows the engineer the panel-3 unit that is disconnected now', async () => {
    const response = await call('GET', `/${panel3[0] ?? 0}/disconnection_in_progress`, 'engineer')
    expect(response.statusCode).toBe(200)
    expect(v.parse(DisconnectionInProgressResponseSchema, response.json()).data).toHaveLength(1)
  })

  it('says when disconnection measurements are not enabled for a unit', async () => {
    // The last unit with a history (new installs have none: server/db/seed.ts).
    const { rows } = await t.db.execute<{ id: number }>(
      sql`SELECT max(id) AS id FROM units
          WHERE coalesce(environment->>'install_state', '') <> 'awaiting_first_results'`,
    )
    const response = await call(
      'GET',
      `/${rows[0]?.id ?? 0}/disconnections?${rangeQuery(90)}`,
      'staff',
    )
    expect(response.json()).toEqual({ data: [], meta: { enabled: false } })
  })
})

describe('anomalies_in_progress', () => {
  it('reports the area outage over unit 2 MAC domain', async () => {
    const response = await call('GET', '/2/anomalies_in_progress', 'multi')
    const body = v.parse(AnomaliesInProgressResponseSchema, response.json())
    expect(body.data.macDomainOutage).toBe(true)
    expect(body.data.anomaliesInProgress).toEqual([
      expect.objectContaining({ type: 'outage', metric: 'outage', collectionId: null }),
    ])
  })

  it('links the outage to its collection for a caller who may view anomalies there', async () => {
    const response = await call('GET', '/2/anomalies_in_progress', 'staff')
    const body = v.parse(AnomaliesInProgressResponseSchema, response.json())
    const [outage] = body.data.anomaliesInProgress
    const { rows } = await t.db.execute<{ panel_id: number; state: string }>(
      sql`SELECT panel_id, state FROM anomaly_collections WHERE id = ${outage?.collectionId ?? 0}`,
    )
    expect(rows).toEqual([{ panel_id: 1, state: 'ongoing' }])
  })

  it('reports no outage where the MAC domain has none', async () => {
    await t.db.execute(sql`UPDATE units SET mac_domain = 'NOWHERE:MD-00' WHERE id = 1`)
    const response = await call('GET', '/1/anomalies_in_progress', 'consumer')
    expect(response.json()).toEqual({ data: { anomaliesInProgress: [], macDomainOutage: false } })
  })
})

describe('breaches, skipped tests, scheduled tests, data usage', () => {
  it('lists speed results under half the package as breaches', async () => {
    const response = await call('GET', `/units/1/breaches?${rangeQuery(90)}`, 'consumer')
    expect(response.statusCode).toBe(200)
    const body = v.parse(BreachesResponseSchema, response.json())
    expect(body.data.length).toBeGreaterThan(0)
    for (const breach of body.data) {
      const download = ['httpgetmt', 'httpget', 'udp_accelerated_dl'].includes(breach.metricKey)
      // Spark Fibre 300: 300/100 Mbps, so breaches are under 150 and 50 Mbps.
      expect(breach.threshold).toBe(download ? 150 : 50)
      expect(breach.metricValue).toBeLessThan(breach.threshold)
    }
  })

  it('lists skipped tests, mostly for cross traffic', async () => {
    const response = await call('GET', `/1/skipped_tests?${rangeQuery(30)}`, 'consumer')
    const body = v.parse(SkippedTestsResponseSchema, response.json())
    expect(body.meta.total).toBe(body.data.length)
    expect(body.meta.total).toBeGreaterThan(10)
    const crossTraffic = body.data.filter((row) => row.reason === 'cross_traffic').length
    expect(crossTraffic / body.data.length).toBeGreaterThan(0.6)
  })

  it('counts the runs of one day: scheduled = ran + skipped', async () => {
    // Yesterday in Auckland (unit 1's zone), a full local day of history.
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(
      new Date(now - DAY),
    )
    const url = `/1/scheduled_tests_daily?date=${date}&metric=httpgetmt`
    const all = v.parse(
      ScheduledTestsDailyResponseSchema,
      (await call('GET', url, 'consumer')).json(),
    )
    expect(all.data).toMatchObject({ date, metric: 'httpgetmt' })
    expect(all.data.scheduled).toBe(all.data.ran + all.data.skipped)
    // Hourly on a personal unit (23–25 hours around a DST change; disconnections cost runs).
    expect(all.data.scheduled).toBeGreaterThanOrEqual(18)
    expect(all.data.scheduled).toBeLessThanOrEqual(25)
    const local = v.parse(
      ScheduledTestsDailyResponseSchema,
      (await call('GET', `${url}&localTargetSetResultsOnly=true`, 'consumer')).json(),
    )
    expect(local.data.ran).toBeLessThanOrEqual(all.data.ran)
    expect(local.data.scheduled).toBe(all.data.scheduled)
  })

  it('sums the bytes tests used per local day', async () => {
    const response = await call('GET', `/1/data_usage?${rangeQuery(7)}`, 'consumer')
    const body = v.parse(DataUsageResponseSchema, response.json())
    expect(body.data.length).toBeGreaterThanOrEqual(7)
    expect(body.data.length).toBeLessThanOrEqual(8)
    expect(body.meta.totalBytes).toBe(body.data.reduce((sum, day) => sum + day.bytes, 0))
    // Hourly speed tests at hundreds of MB each: gigabytes a day.
    expect(body.meta.totalBytes / 7).toBeGreaterThan(2e9)
  })

  it('lists the metrics the unit can run', async () => {
    const fibre = v.parse(
      UnitMetricsResponseSchema,
      (await call('GET', '/1/metrics', 'consumer')).json(),
    )
    expect(fibre.data).toHaveLength(21)
    expect(fibre.data.find((m) => m.key === 'mobile_signal_strength')).toEqual({
      key: 'mobile_signal_strength',
      unit: 'dBm',
      family: 'mobile',
      canRun: false,
    })
    expect(fibre.data.filter((m) => !m.canRun)).toHaveLength(1)
    const mobile = v.parse(
      UnitMetricsResponseSchema,
      (await call('GET', '/2/metrics', 'multi')).json(),
    )
    expect(mobile.data.every((m) => m.canRun)).toBe(true)
  })
})

describe('test_results/{testId}', () => {
  it('returns every metric of one run', async () => {
    const raw = await metricResults(1, { date: lastDays(1), metric: 'httpgetmt' })
    const testId = raw.results.find((p) => p.status === 'OK')?.testId ?? ''
    const response = await call('GET', `/1/test_results/${testId}`, 'consumer')
    expect(response.statusCode).toBe(200)
    const run = v.parse(TestRunResponseSchema, response.json()).data
    expect(run).toMatchObject({ testId, origin: 'scheduled', kind: 'scheduled' })
    expect(run.results.map((r) => r.metricKey)).toEqual(['httpgetmt', 'httppostmt'])
    expect(run.results.every((r) => r.bytes > 1e6)).toBe(true)
  })

  it('answers 404 for an unknown test, or the test of another unit, and 400 for a bad id', async () => {
    const unknown = await call(
      'GET',
      '/1/test_results/00000000-0000-4000-8000-000000000000',
      'consumer',
    )
    expect(unknown.statusCode).toBe(404)
    expect(errorBody(unknown)).toEqual({ code: 'NOT_FOUND' })
    const other = await metricResults(2, { date: lastDays(1), metric: 'udpLatency' }, 'multi')
    const elsewhere = await call(
      'GET',
      `/1/test_results/${other.results[0]?.testId ?? ''}`,
      'staff',
    )
    expect(elsewhere.statusCode).toBe(404)
    const bad = await call('GET', '/1/test_results/not-a-uuid', 'consumer')
    expect(bad.statusCode).toBe(400)
  })
})

describe('consumer-config', () => {
  it('reads the config; has-restricted-metrics is 404 while false and 200 once set', async () => {
    const read = await call('GET', '/1/consumer-config', 'consumer')
    const config = v.parse(ConsumerConfigResponseSchema, read.json()).data
    expect(config.hasRestrictedMetrics).toBe(false)
    expect(config.consumerConfig).toMatchObject({ disconnectionMeasurements: true })
    const absent = await call('GET', '/1/consumer-config/has-restricted-metrics', 'consumer')
    expect(absent.statusCode).toBe(404)
    expect(errorBody(absent)).toEqual({ code: 'NOT_FOUND' })

    // The consumer holds Agent unit_manage on unit 1.
    const saved = await call('POST', '/1/consumer-config', 'consumer', {
      hasRestrictedMetrics: true,
    })
    expect(saved.statusCode).toBe(200)
    expect(v.parse(ConsumerConfigResponseSchema, saved.json()).data).toMatchObject({
      hasRestrictedMetrics: true,
      consumerConfig: { disconnectionMeasurements: true },
    })
    const present = await call('GET', '/1/consumer-config/has-restricted-metrics', 'consumer')
    expect(present.statusCode).toBe(200)
    expect(present.json()).toEqual({ data: { hasRestrictedMetrics: true } })
  })

  it('refuses a config change without unit_manage and a bad body', async () => {
    const engineer = await call('POST', `/${panel3[0] ?? 0}/consumer-config`, 'engineer', {
      hasRestrictedMetrics: true,
    })
    expect(engineer.statusCode).toBe(403)
    const bad = await call('POST', '/1/consumer-config', 'consumer', {
      hasRestrictedMetrics: 'yes',
    })
    expect(bad.statusCode).toBe(400)
    expect(errorBody(bad)).toEqual({
      code: 'VALIDATION_FAIL',
      errors: { hasRestrictedMetrics: ['INVALID'] },
    })
  })

  it('shows the demo unit with restricted metrics', async () => {
    const response = await call('GET', '/6/consumer-config/has-restricted-metrics', 'staff')
    expect(response.statusCode).toBe(200)
  })
})

const ENDPOINTS: {
  name: string
  method: 'GET' | 'POST'
  path: (unit: string) => string
  body?: unknown
}[] = [
  {
    name: 'metric_results',
    method: 'POST',
    path: (u) => `/${u}/metric_results`,
    body: { date: lastDays(1), metric: 'httpgetmt' },
  },
  { name: 'disconnections', method: 'GET', path: (u) => `/${u}/disconnections?${rangeQuery(7)}` },
  {
    name: 'disconnection_in_progress',
    method: 'GET',
    path: (u) => `/${u}/disconnection_in_progress`,
  },
  { name: 'anomalies_in_progress', method: 'GET', path: (u) => `/${u}/anomalies_in_progress` },
  { name: 'breaches', method: 'GET', path: (u) => `/units/${u}/breaches?${rangeQuery(7)}` },
  { name: 'skipped_tests', method: 'GET', path: (u) => `/${u}/skipped_tests?${rangeQuery(7)}` },
  {
    name: 'scheduled_tests_daily',
    method: 'GET',
    path: (u) => `/${u}/scheduled_tests_daily?date=2026-01-01&metric=httpgetmt`,
  },
  { name: 'metrics', method: 'GET', path: (u) => `/${u}/metrics` },
  { name: 'data_usage', method: 'GET', path: (u) => `/${u}/data_usage?${rangeQuery(7)}` },
  {
    name: 'test_results',
    method: 'GET',
    path: (u) => `/${u}/test_results/00000000-0000-4000-8000-000000000000`,
  },
  { name: 'consumer-config', method: 'GET', path: (u) => `/${u}/consumer-config` },
  {
    name: 'consumer-config POST',
    method: 'POST',
    path: (u) => `/${u}/consumer-config`,
    body: { hasRestrictedMetrics: false },
  },
  {
    name: 'has-restricted-metrics',
    method: 'GET',
    path: (u) => `/${u}/consumer-config/has-restricted-metrics`,
  },
]

describe('refusals on every endpoint', () => {
  it.each(ENDPOINTS)(
    '$name: 401 UNAUTHENTICATED without a token',
    async ({ method, path, body }) => {
      const response = await call(method, path('1'), null, body)
      expect(response.statusCode).toBe(401)
      expect(errorBody(response)).toEqual({ code: 'UNAUTHENTICATED' })
    },
  )

  it.each(ENDPOINTS)(
    "$name: 403 FORBIDDEN on another user's unit",
    async ({ method, path, body }) => {
      const response = await call(method, path('2'), 'consumer', body)
      expect(response.statusCode).toBe(403)
      expect(errorBody(response)).toEqual({ code: 'FORBIDDEN' })
    },
  )

  it.each(ENDPOINTS)(
    '$name: 403 for an unknown unit, 404 only with global access',
    async ({ method, path, body }) => {
      const consumer = await call(method, path('999999'), 'consumer', body)
      expect(consumer.statusCode).toBe(403)
      const staff = await call(method, path('999999'), 'staff', body)
      expect(staff.statusCode).toBe(404)
      expect(errorBody(staff)).toEqual({ code: 'NOT_FOUND' })
    },
  )

  it.each(ENDPOINTS)(
    '$name: 400 VALIDATION_FAIL for a bad unit id',
    async ({ method, path, body }) => {
      for (const id of ['abc', '1234567890', '-1']) {
        const response = await call(method, path(id), 'consumer', body)
        expect(response.statusCode).toBe(400)
        expect(errorBody(response).code).toBe('VALIDATION_FAIL')
      }
    },
  )

  it('refuses an analyst without any grant on the unit', async () => {
    const response = await call('GET', '/1/metrics', 'analyst')
    expect(response.statusCode).toBe(403)
  })

  it.each([
    { case: 'no range', query: '' },
    { case: 'a missing to', query: `from=${encodeURIComponent(iso(now - DAY))}` },
    { case: 'a range over 400 days', query: rangeQuery(401) },
    {
      case: 'a reversed range',
      query: `from=${encodeURIComponent(iso(now))}&to=${encodeURIComponent(iso(now - DAY))}`,
    },
  ])('refuses $case on the range endpoints with 400', async ({ query }) => {
    for (const path of [
      '/1/disconnections',
      '/units/1/breaches',
      '/1/skipped_tests',
      '/1/data_usage',
    ]) {
      const response = await call('GET', `${path}?${query}`, 'consumer')
      expect(response.statusCode, path).toBe(400)
      expect(errorBody(response).code).toBe('VALIDATION_FAIL')
    }
  })

  it.each([
    { case: 'a bad date', query: 'date=2026-13-40&metric=httpgetmt' },
    { case: 'an unknown metric', query: 'date=2026-01-01&metric=nope' },
    { case: 'a bad flag', query: 'date=2026-01-01&metric=httpgetmt&localTargetSetResultsOnly=1' },
  ])('refuses scheduled_tests_daily with $case', async ({ query }) => {
    const response = await call('GET', `/1/scheduled_tests_daily?${query}`, 'consumer')
    expect(response.statusCode).toBe(400)
  })
})

describe('read and manage rules', () => {
  const unit = { id: 7, panelId: 3, ownedByCaller: false }
  it.each<{ case: string; grants: Grants; owned: boolean; read: boolean; manage: boolean }>([
    { case: 'the owner', grants: {}, owned: true, read: true, manage: false },
    { case: 'nobody', grants: {}, owned: false, read: false, manage: false },
    {
      case: 'Unit test_view on the panel',
      grants: { Unit: { test_view: [{ panel: 3 }] } },
      owned: false,
      read: true,
      manage: false,
    },
    {
      case: 'Unit test_view elsewhere',
      grants: { Unit: { test_view: [{ panel: 2 }] } },
      owned: false,
      read: false,
      manage: false,
    },
    {
      case: 'Unit search only',
      grants: { Unit: { search: [{ panel: 3 }] } },
      owned: false,
      read: false,
      manage: false,
    },
    {
      case: 'Agent trigger_testing on the unit',
      grants: { Agent: { trigger_testing: [{ unit: 7 }] } },
      owned: false,
      read: true,
      manage: false,
    },
    {
      case: 'Agent unit_manage on the unit',
      grants: { Agent: { unit_manage: [{ unit: 7 }] } },
      owned: false,
      read: true,
      manage: true,
    },
    {
      case: 'Agent unit_manage on another unit',
      grants: { Agent: { unit_manage: [{ unit: 8 }] } },
      owned: false,
      read: false,
      manage: false,
    },
    {
      case: 'Agent on the panel',
      grants: { Agent: { trigger_testing: [{ panel: 3 }] } },
      owned: false,
      read: true,
      manage: false,
    },
    {
      case: 'Global',
      grants: { Global: { developer: true } },
      owned: false,
      read: true,
      manage: true,
    },
    {
      case: 'Administration',
      grants: { Administration: { units: true } },
      owned: false,
      read: true,
      manage: true,
    },
  ])('$case: read $read, manage $manage', ({ grants, owned, read, manage }) => {
    expect(mayReadUnit(grants, { ...unit, ownedByCaller: owned })).toBe(read)
    expect(mayManageUnit(grants, unit)).toBe(manage)
  })
})
