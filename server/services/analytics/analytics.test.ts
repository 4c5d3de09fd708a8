/**
 * The analytics service on a small fixture with hand-computed answers: three units on panel 2
 * (the demo's other panel-2 units moved away), day summaries of two days and a few raw results.
 * Percentiles come from the 1 %-accurate sketch, so they are compared within 1 %.
 *
 *   unit A: fibre, ISP X, package 100/20 Mbps, region North
 *   unit B: 4g,    ISP Y, package  50/10 Mbps, region South
 *   unit C: cable, ISP X, no package,          region North, hub H1, custom tier=gold
 *
 *   httpgetmt  2026-01-05 (Mon)  A 10 20 30   B 50 [200: above 4G's 150, excluded]   C 70
 *              2026-01-06 (Tue)  A 40         B 60 + 1 NO_DATA + 1 ERROR             C 1 CANT_RUN
 *   raw httpgetmt 2026-01-06 (UTC): A 08:10 40, A 08:40 44, B 09:15 60, B 09:20 ERROR, B 13:05 300 (excluded)
 *   mobile_signal_strength 2026-01-05: A −80, 0 (no value), −90
 */
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  AnalyticsMetadataSchema,
  type ChartRow,
  type ParsedFilter,
  type RawPoint,
} from '../../../contracts/analytics.ts'
import { sketchOf } from '../../../contracts/quantile-sketch.ts'
import { grantsChanged } from '../../plugins/auth.ts'
import {
  cohortGroups,
  readsCohorts,
  unitGroups,
  type GroupQuery,
  type GroupRow,
  type UnitScope,
} from './repository.ts'
import { bearer, errorBody, signIn, useTestApp } from '../../test/helpers.ts'

const t = useTestApp()
const PANEL = 2
const D1 = '2026-01-05'
const D2 = '2026-01-06'
const units = { A: 0, B: 0, C: 0 }
const isp = { X: 0, Y: 0 }
const tokens = new Map<string, string>()

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const { rows } = await t.db.execute(query)
  return rows[0] as T
}

async function summary(unit: number, metric: number, day: string, values: number[], extra = {}) {
  const s = sketchOf(values)
  const statuses = { no_data: 0, cant_run: 0, errors: 0, ...extra }
  await t.db.execute(sql`
    INSERT INTO unit_day_summaries
      (unit_id, metric_id, day, count, sum, min, max, keys, counts, no_data, cant_run, errors)
    VALUES (${unit}, ${metric}, ${day}::date, ${s.count}, ${s.sum},
            ${s.count ? s.min : null}, ${s.count ? s.max : null},
            ${sql.param(s.keys)}::int[], ${sql.param(s.counts)}::int[],
            ${statuses.no_data}, ${statuses.cant_run}, ${statuses.errors})`)
}

async function result(
  unit: number,
  metric: number,
  at: string,
  value: number | null,
  status = 'OK',
) {
  await t.db.execute(sql`
    INSERT INTO unit_results (unit_id, metric_id, dtime, local_time, value, status, test_id)
    VALUES (${unit}, ${metric}, ${at}::timestamptz, (${at}::timestamptz AT TIME ZONE 'UTC'),
            ${value}, ${status}::measurement_status, gen_random_uuid())`)
}

beforeAll(async () => {
  const ids = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM units WHERE panel_id = ${PANEL} ORDER BY id LIMIT 3`,
  )
  ;[units.A, units.B, units.C] = ids.rows.map((r) => r.id) as [number, number, number]
  await t.db.execute(
    sql`UPDATE units SET panel_id = 4 WHERE panel_id = ${PANEL} AND id NOT IN (${units.A}, ${units.B}, ${units.C})`,
  )
  const isps = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM isps WHERE name IN ('Telstra', 'Optus') ORDER BY name DESC`,
  )
  ;[isp.X, isp.Y] = isps.rows.map((r) => r.id) as [number, number]
  const pkgA = await one<{
    id: number
  }>(sql`INSERT INTO packages (isp_id, name, download_kbps, upload_kbps)
    VALUES (${isp.X}, 'Fixture 100', 100000, 20000) RETURNING id`)
  const pkgB = await one<{
    id: number
  }>(sql`INSERT INTO packages (isp_id, name, download_kbps, upload_kbps)
    VALUES (${isp.Y}, 'Fixture 50', 50000, 10000) RETURNING id`)
  const consumer = await one<{ id: number }>(
    sql`SELECT id FROM users WHERE email = 'consumer@example.com'`,
  )
  const set = (unit: number, ispId: number, pkg: number | null, owner: number | null) =>
    t.db.execute(sql`UPDATE units SET isp_id = ${ispId}, package_id = ${pkg}, timezone = 'UTC',
                     owner_user_id = ${owner} WHERE id = ${unit}`)
  await set(units.A, isp.X, pkgA.id, consumer.id)
  await set(units.B, isp.Y, pkgB.id, null)
  await set(units.C, isp.X, null, null)
  await t.db.execute(
    sql`DELETE FROM unit_attributes WHERE unit_id IN (${units.A}, ${units.B}, ${units.C})`,
  )
  await t.db
    .execute(sql`INSERT INTO unit_attributes (unit_id, technology, region, hub_site, custom) VALUES
    (${units.A}, 'fibre', 'North', NULL, '{}'),
    (${units.B}, '4g', 'South', NULL, '{}'),
    (${units.C}, 'cable', 'North', 'H1', '{"tier": "gold"}')`)
  await t.db.execute(
    sql`DELETE FROM unit_day_summaries WHERE unit_id IN (${units.A}, ${units.B}, ${units.C})`,
  )
  await t.db.execute(
    sql`DELETE FROM unit_results WHERE unit_id IN (${units.A}, ${units.B}, ${units.C})`,
  )
  await t.db.execute(
    sql`SELECT wb_ensure_result_partitions('2026-01-01'::date, '2026-01-01'::date)`,
  )

  await summary(units.A, 1, D1, [10, 20, 30])
  await summary(units.B, 1, D1, [50, 200])
  await summary(units.C, 1, D1, [70])
  await summary(units.A, 1, D2, [40])
  await summary(units.B, 1, D2, [60], { no_data: 1, errors: 1 })
  await summary(units.C, 1, D2, [], { cant_run: 1 })
  await summary(units.A, 18, D1, [-80, 0, -90])
  await t.db.execute(
    sql`SELECT wb_rebuild_cohort_day_summaries(${PANEL}, ${D1}::date, ${D2}::date)`,
  )

  await result(units.A, 1, `${D2}T08:10:00Z`, 40)
  await result(units.A, 1, `${D2}T08:40:00Z`, 44)
  await result(units.B, 1, `${D2}T09:15:00Z`, 60)
  await result(units.B, 1, `${D2}T09:20:00Z`, null, 'ERROR')
  await result(units.B, 1, `${D2}T13:05:00Z`, 300)
  // More raw latency points than a raw chart answers.
  await t.db.execute(sql`
    INSERT INTO unit_results (unit_id, metric_id, dtime, local_time, value, status, test_id)
    SELECT ${units.A}, 5, ts, ts AT TIME ZONE 'UTC', 10 + n % 7, 'OK', gen_random_uuid()
    FROM generate_series(1, 10001) AS n,
         LATERAL (SELECT '2026-01-07T00:00:00Z'::timestamptz + n * interval '5 seconds') AS x(ts)`)

  // multi: analytics_ui on panel 2 limited to ISP X and two metrics; no advanced_analytics.
  // consumer: an Administration grant (global access) without power grants: a home user.
  await t.db.execute(sql`INSERT INTO grants (user_id, resource, permission, scope)
    SELECT id, 'Apollo', 'analytics_ui',
           jsonb_build_object('panel', ${PANEL}::int, 'isps', ${String(isp.X)}::text,
                              'metrics', 'httpgetmt,udpLatency', 'countries', 'AU')
    FROM users WHERE email = 'multi@example.com'`)
  await t.db.execute(sql`INSERT INTO grants (user_id, resource, permission, scope)
    VALUES (${consumer.id}, 'Administration', 'units', NULL)`)
  grantsChanged()
  for (const account of ['analyst', 'engineer', 'staff', 'multi', 'consumer']) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
  }
})

function chart(body: Record<string, unknown>, as = 'analyst', panel = PANEL) {
  return t.app.inject({
    method: 'POST',
    url: `/api/analytics/panel/${panel}/chart-data`,
    headers: bearer(tokens.get(as) ?? ''),
    payload: {
      metrics: [{ key: 'httpgetmt' }],
      chartType: 'aggregate',
      timeAggregation: 'daily',
      date: { from: D1, to: D2 },
      ...body,
    },
  })
}

type Answer = {
  data: {
    metricData: ChartRow[]
    sampleCount: number
    agentCount: number
    excluded: number
    statuses: Record<string, number>
  }
}
async function rowsOf(body: Record<string, unknown>, as = 'analyst') {
  const response = await chart(body, as)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Answer>().data
}

/** Within the sketch's 1 % (exact values pass too). */
function near(actual: number | null | undefined, expected: number) {
  expect(actual).not.toBeNull()
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThanOrEqual(Math.abs(expected) * 0.01 + 1e-9)
}

describe('day aggregations from the summaries', () => {
  it('daily: percentiles, counts, statuses and the 4G prefilter', async () => {
    const data = await rowsOf({})
    const [d1, d2] = data.metricData
    expect(data.metricData.map((r) => r.dtime)).toEqual([`${D1}T00:00:00`, `${D2}T00:00:00`])
    // D1 kept: 10 20 30 50 70 (200 excluded).
    expect(d1).toMatchObject({
      sampleCount: 5,
      agentCount: 3,
      excluded: 1,
      perc_1: 10,
      perc_99: 70,
    })
    near(d1?.median, 30)
    near(d1?.perc_25, 20)
    near(d1?.perc_75, 50)
    near(d1?.mean, 36)
    // D2: 40 60; the statuses as they are.
    expect(d2).toMatchObject({ sampleCount: 2, agentCount: 3, noData: 1, errors: 1, cantRun: 1 })
    near(d2?.median, 40)
    near(d2?.perc_99, 60)
    expect(data.statuses).toEqual({ NO_DATA: 1, DEVICE_CANT_RUN_TEST: 1, ERROR: 1 })
    expect(data.excluded).toBe(1)
    expect(data.sampleCount).toBe(7)
    expect(data.agentCount).toBe(3)
  })

  it.each([
    ['weekly', [`${D1}T00:00:00`], 40],
    ['monthly', ['2026-01-01T00:00:00'], 40],
    ['quarterly', ['2026-01-01T00:00:00'], 40],
  ])('%s: one period holding both days', async (timeAggregation, periods, median) => {
    const data = await rowsOf({ timeAggregation })
    expect(data.metricData.map((r) => r.dtime)).toEqual(periods)
    expect(data.metricData[0]?.sampleCount).toBe(7)
    near(data.metricData[0]?.median, median)
  })

  it.each([
    ['day_of_week', [1, 2]],
    ['day_of_month', [5, 6]],
  ])('%s: numbered rows', async (timeAggregation, numbers) => {
    const data = await rowsOf({ timeAggregation })
    expect(data.metricData.map((r) => r.aggregatedNumber)).toEqual(numbers)
    expect(data.metricData.map((r) => r.sampleCount)).toEqual([5, 2])
    expect(data.metricData[0]?.dtime).toBeUndefined()
  })

  it('splits by ISP, and sorts split rows only when asked', async () => {
    const data = await rowsOf({ splits: ['isp'], date: { from: D1, to: D1 }, sortBy: 'median' })
    expect(data.metricData.map((r) => r.split)).toEqual(['Optus', 'Telstra'])
    near(data.metricData[0]?.median, 50)
    near(data.metricData[1]?.median, 20)
    const ascending = await rowsOf({
      splits: ['isp'],
      date: { from: D1, to: D1 },
      sortBy: '-median',
    })
    expect(ascending.metricData.map((r) => r.split)).toEqual(['Telstra', 'Optus'])
  })

  it.each([
    [{ id: 'technology', value: 'fibre' }, 3, 20],
    [{ id: 'region', value: 'North' }, 4, 20],
    [{ id: 'custom:tier', value: 'gold' }, 1, 70],
    [{ id: 'package_download', value: { from: '60', to: '150.5' } }, 3, 20],
  ])('filters %j', async (filter, samples, median) => {
    const data = await rowsOf({ filters: [filter], date: { from: D1, to: D1 } })
    expect(data.metricData[0]?.sampleCount).toBe(samples)
    near(data.metricData[0]?.median, median)
  })

  it('filters ISP ids separated by , or ; (integer values converted)', async () => {
    const only = await rowsOf({
      filters: [{ id: 'isp', value: ` ${isp.Y} ` }],
      date: { from: D1, to: D1 },
    })
    expect(only.metricData[0]?.sampleCount).toBe(1)
    const both = await rowsOf({
      filters: [{ id: 'isp', value: `${isp.X};${isp.Y},` }],
      date: { from: D1, to: D1 },
    })
    expect(both.metricData[0]?.sampleCount).toBe(5)
  })

  it('agent aggregation: each unit’s median first, then across units', async () => {
    const data = await rowsOf({ agent_agg: true, date: { from: D1, to: D1 } })
    // Unit medians 20, 50, 70.
    near(data.metricData[0]?.median, 50)
    near(data.metricData[0]?.mean, (20 + 50 + 70) / 3)
    expect(data.metricData[0]?.agentCount).toBe(3)
    expect(data.agentCount).toBe(3)
  })

  it('normalised: % of the package speed; a unit without one is excluded', async () => {
    const data = await rowsOf({ normalised: true, date: { from: D1, to: D1 } })
    // A 10 20 30 % of 100 Mbps, B 50 of 50 = 100 %, C has no package.
    expect(data.metricData[0]).toMatchObject({ sampleCount: 4, excluded: 2 })
    near(data.metricData[0]?.median, 20)
    near(data.metricData[0]?.perc_99, 100)
  })

  it('confidence intervals of the plotted value, cdf 1..100', async () => {
    const data = await rowsOf({ timeAggregation: 'weekly', ci: true, chartType: 'cdf' })
    const row = data.metricData[0]
    // n = 7, median: ranks 3.5 ∓ 1.96·√1.75 → 1 and 7.
    expect(row?.ci95).toEqual([10, 70])
    expect(row?.cdf).toHaveLength(100)
    near(row?.cdf?.[49], 40)
    const mean = await rowsOf({ timeAggregation: 'weekly', ci: true, plotValue: 'mean' })
    // 10..70: mean 40, s = 21.6, s/√7 = 8.165; ± 1.96 · 8.165 = ± 16.0 (values within 1 %).
    const [low, high] = mean.metricData[0]?.ci95 ?? [0, 0]
    expect(Math.abs(low - 24)).toBeLessThan(1)
    expect(Math.abs(high - 56)).toBeLessThan(1)
  })

  it('mobile signal strength 0 is no value', async () => {
    const data = await rowsOf({
      metrics: [{ key: 'mobile_signal_strength' }],
      date: { from: D1, to: D1 },
    })
    expect(data.metricData[0]?.sampleCount).toBe(2)
    near(data.metricData[0]?.perc_99, -80)
    near(data.metricData[0]?.median, -90)
  })

  it('a home user sees only their own units', async () => {
    const data = await rowsOf({ date: { from: D1, to: D1 } }, 'consumer')
    expect(data.metricData[0]).toMatchObject({ sampleCount: 3, agentCount: 1 })
    expect(data.agentCount).toBe(1)
    near(data.metricData[0]?.median, 20)
  })
})

describe('the cohort grain answers as the unit-day rows do', () => {
  const scope = (filters: ParsedFilter[] = []): UnitScope => ({
    panel: PANEL,
    ownerUserId: null,
    limits: { isps: null, countries: null, metrics: null },
    filters,
  })
  const query = (over: Partial<GroupQuery>): GroupQuery => ({
    scope: scope(),
    metricId: 1,
    aggregation: 'daily',
    from: D1,
    to: D2,
    split: null,
    perUnit: false,
    speed: null,
    ...over,
  })
  // Buckets in key order (the cohort path leaves their order to the presenter).
  const comparable = (rows: GroupRow[]) =>
    rows.map(({ keys, counts, ...rest }) => {
      const pairs = (keys ?? []).map((k, i) => [k, counts?.[i] ?? 0] as const)
      return { ...rest, buckets: pairs.toSorted((a, b) => a[0] - b[0]) }
    })

  it.each<[string, Partial<GroupQuery>]>([
    ['daily, whole panel', {}],
    ['daily split by ISP', { split: 'isp' }],
    ['weekly split by technology', { aggregation: 'weekly', split: 'technology' }],
    [
      'monthly split by region, normalised speed',
      { aggregation: 'monthly', split: 'region', speed: 'download' },
    ],
    ['day_of_week split by country', { aggregation: 'day_of_week', split: 'country' }],
    [
      'daily split by package, filtered to region North',
      { split: 'package', scope: scope([{ id: 'region', kind: 'text', values: ['North'] }]) },
    ],
    [
      'daily filtered by package speed',
      { scope: scope([{ id: 'package_download', kind: 'range', from: 60, to: null }]) },
    ],
  ])('%s', async (_, over) => {
    const q = query(over)
    expect(readsCohorts(q)).toBe(true)
    const fromUnits = comparable(await unitGroups(t.db, q))
    expect(fromUnits.length).toBeGreaterThan(0)
    expect(comparable(await cohortGroups(t.db, q))).toEqual(fromUnits)
  })

  it.each<[string, Partial<GroupQuery>]>([
    ['agent aggregation', { perUnit: true }],
    ['a home user', { scope: { ...scope(), ownerUserId: 1 } }],
    ['a split by hub site', { split: 'hub_site' }],
    [
      'a custom field filter',
      { scope: scope([{ id: 'custom:tier', kind: 'text', values: ['gold'] }]) },
    ],
    ['hour of day', { aggregation: 'hour_of_day' }],
  ])('%s reads the unit rows', (_, over) => {
    expect(readsCohorts(query(over))).toBe(false)
  })
})

describe('hour aggregations and raw from the results (local time)', () => {
  it('hourly', async () => {
    const data = await rowsOf({ timeAggregation: 'hourly', date: { from: D2, to: D2 } })
    expect(data.metricData.map((r) => [r.dtime, r.sampleCount, r.errors, r.excluded])).toEqual([
      [`${D2}T08:00:00`, 2, 0, 0],
      [`${D2}T09:00:00`, 1, 1, 0],
      [`${D2}T13:00:00`, 0, 0, 1],
    ])
    near(data.metricData[0]?.median, 40)
    expect(data.metricData[2]?.median).toBeNull()
  })

  it.each([
    ['two_hourly', [`${D2}T08:00:00`, `${D2}T12:00:00`]],
    ['four_hourly', [`${D2}T08:00:00`, `${D2}T12:00:00`]],
    ['six_hourly', [`${D2}T06:00:00`, `${D2}T12:00:00`]],
    ['eight_hourly', [`${D2}T08:00:00`]],
  ])('%s', async (timeAggregation, periods) => {
    const data = await rowsOf({ timeAggregation, date: { from: D2, to: D2 } })
    expect(data.metricData.map((r) => r.dtime)).toEqual(periods)
    expect(data.metricData[0]?.sampleCount).toBe(3)
    near(data.metricData[0]?.median, 44)
  })

  it('hour_of_day', async () => {
    const data = await rowsOf({ timeAggregation: 'hour_of_day', date: { from: D1, to: D2 } })
    expect(data.metricData.map((r) => r.aggregatedNumber)).toEqual([8, 9, 13])
  })

  it('raw points: statuses as they are, prefilter excluded, unit ids only in the detailed view', async () => {
    const data = await rowsOf({
      timeAggregation: 'raw',
      chartType: 'raw',
      date: { from: D2, to: D2 },
    })
    const points = data.metricData as unknown as RawPoint[]
    expect(points.map((p) => [p.value, p.status])).toEqual([
      [40, 'OK'],
      [44, 'OK'],
      [60, 'OK'],
      [null, 'ERROR'],
    ])
    expect(data.excluded).toBe(1)
    expect(points[0]?.unitId).toBeUndefined()
    const detailed = await rowsOf({
      timeAggregation: 'raw',
      chartType: 'raw',
      detailed: true,
      date: { from: D2, to: D2 },
    })
    expect((detailed.metricData as unknown as RawPoint[])[0]?.unitId).toBe(units.A)
  })

  it('too many raw points: 422 TOO_MUCH_DATA suggesting an export', async () => {
    const response = await chart({
      metrics: [{ key: 'udpLatency' }],
      timeAggregation: 'raw',
      chartType: 'raw',
      date: { from: '2026-01-07', to: '2026-01-07' },
    })
    expect(response.statusCode).toBe(422)
    expect(errorBody(response)).toEqual({
      code: 'TOO_MUCH_DATA',
      data: { limit: 10_000, suggestion: 'export' },
    })
  })
})

describe('panel metadata', () => {
  it('lists the catalogue, filterables with the panel’s values, splittables', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/panel/${PANEL}/analytics`,
      headers: bearer(tokens.get('analyst') ?? ''),
    })
    expect(response.statusCode).toBe(200)
    const { data } = v.parse(AnalyticsMetadataSchema, response.json())
    expect(data.metrics.find((m) => m.key === 'httpgetmt')).toMatchObject({
      can_split: true,
      metricUnit: 'Mbps',
      family: 'download',
      names: { 'fr-CA': 'Vitesse de téléchargement (multi-fil)' },
    })
    expect(data.metrics.find((m) => m.key === 'disconnection_count')?.alwaysShown).toBe(true)
    const values = (id: string) =>
      data.filterables.find((f) => f.id === id)?.values.map((x) => x.value)
    expect(values('isp')?.sort()).toEqual([isp.X, isp.Y].sort())
    expect(values('technology')).toEqual(['4g', 'cable', 'fibre'])
    expect(data.filterables.find((f) => f.id === 'custom:tier')).toMatchObject({
      customDefined: true,
      values: [{ value: 'gold', label: 'gold' }],
    })
    expect(data.splittables.map((s) => s.id)).toContain('custom:tier')
    expect(data.normalisable).toBe(true)
  })

  it('limits ISPs and metrics to a grant’s lists', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/panel/${PANEL}/analytics`,
      headers: bearer(tokens.get('multi') ?? ''),
    })
    const { data } = v.parse(AnalyticsMetadataSchema, response.json())
    expect(data.metrics.map((m) => m.key)).toEqual(['httpgetmt', 'udpLatency'])
    expect(data.filterables.find((f) => f.id === 'isp')?.values.map((x) => x.value)).toEqual([
      isp.X,
    ])
  })
})

describe('refusals', () => {
  it.each([
    ['engineer', PANEL, 403, 'FORBIDDEN'],
    ['analyst', 1, 403, 'FORBIDDEN'],
    ['analyst', 999, 403, 'FORBIDDEN'],
    ['staff', 999, 404, 'NOT_FOUND'],
  ])('%s on panel %i: %i %s (both routes)', async (as, panel, status, code) => {
    const meta = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/panel/${panel}/analytics`,
      headers: bearer(tokens.get(as) ?? ''),
    })
    expect(meta.statusCode).toBe(status)
    expect(errorBody(meta).code).toBe(code)
    const response = await chart({}, as, panel)
    expect(response.statusCode).toBe(status)
    expect(errorBody(response).code).toBe(code)
  })

  it('refuses before validating the body without access', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/analytics/panel/${PANEL}/chart-data`,
      headers: bearer(tokens.get('engineer') ?? ''),
      payload: { junk: true },
    })
    expect(response.statusCode).toBe(403)
  })

  it.each([
    [{ filters: [{ id: 'isp', value: '1,a' }] }, 'filters.0.value'],
    [{ filters: [{ id: 'region', value: '<script>' }] }, 'filters.0.value'],
    [{ filters: [{ id: 'package_download', value: { from: '-5', to: '10' } }] }, 'filters.0.value'],
    [{ filters: [{ id: 'package_download', value: { from: '50', to: '10' } }] }, 'filters.0.value'],
    [{ filters: [{ id: 'isp', value: ' ; ' }] }, 'filters.0.value'],
    [{ filters: [{ id: 'nope', value: '1' }] }, 'filters.0.id'],
    [{ metrics: [{ key: 'httpgetmt' }, { key: 'udpLatency' }] }, 'metrics'],
    [{ metrics: [{ key: 'nope' }] }, 'metrics.0.key'],
    [{ timeAggregation: 'fortnightly' }, 'timeAggregation'],
    [{ date: { from: D2, to: D1 } }, 'date.to'],
    [{ normalised: true, metrics: [{ key: 'udpLatency' }] }, 'normalised'],
    [{ metrics: [{ key: 'active_agent_count' }], splits: ['isp'] }, 'splits'],
    [{ detailed: true }, 'detailed'],
  ])('refuses an invalid form naming the field (%#: %s)', async (body, field) => {
    const response = await chart(body)
    expect(response.statusCode).toBe(400)
    const answer = errorBody(response)
    expect(answer.code).toBe('VALIDATION_FAIL')
    expect(Object.keys(answer.errors ?? {})).toEqual([field])
  })

  it('refuses normalisation on a panel configured without it', async () => {
    const response = await chart({ normalised: true }, 'staff', 4)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors).toEqual({ normalised: ['INVALID'] })
  })

  it.each<[string, () => Record<string, unknown>]>([
    ['a metric outside the grant', () => ({ metrics: [{ key: 'udpJitter' }] })],
    ['an ISP outside the grant', () => ({ filters: [{ id: 'isp', value: String(isp.Y) }] })],
    ['a country outside the grant', () => ({ filters: [{ id: 'country', value: 'GB' }] })],
    ['the detailed view', () => ({ timeAggregation: 'raw', chartType: 'raw', detailed: true })],
  ])('multi (limited grant, no advanced_analytics): 403 for %s', async (_, body) => {
    const response = await chart(body(), 'multi')
    expect(response.statusCode).toBe(403)
    expect(errorBody(response).code).toBe('FORBIDDEN')
  })

  it('multi sees only ISP X in a chart without filters', async () => {
    const data = await rowsOf({ date: { from: D1, to: D1 } }, 'multi')
    // A 10 20 30 and C 70 (ISP X); B is ISP Y.
    expect(data.metricData[0]?.sampleCount).toBe(4)
  })
})
