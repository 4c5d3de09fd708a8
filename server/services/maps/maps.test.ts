/**
 * POST /api/analytics/panel/:pid/map-data on a hand-computed fixture (areas.test.ts's layout, as
 * units of panel 2 — the demo's other panel-2 units moved away — with one day of download
 * summaries each):
 *
 *   c1 (London cell)  6 units  10 20 30 40 50 60    region North
 *   c2 (sibling)      3 units  900 ×3               region South   (one owned by the analyst)
 *   c3 (sibling)      5 units  100 110 120 130 140  region South
 *   d  (Sydney)       2 units  7 7                  region East
 *
 * Mobile positions (download) of the c1 units: six valid, one −1/−1, one at latitude 95, one
 * with signal 0. The analyst (analytics_ui + maps on panel 2, no Unit test_view) sees positions
 * coarsened (resolution 4: c1, c2 and c3 share a parent) except their own unit's; staff (global
 * access) sees every position exactly.
 */
import { sql } from 'drizzle-orm'
import { cellToChildren, cellToLatLng, cellToParent, latLngToCell } from 'h3-js'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STORE_METRICS } from '../../../contracts/ingestion.ts'
import {
  MapConfigResponseSchema,
  MapDataResponseSchema,
  type MapAreasData,
  type MapConfig,
  type MapPointsData,
} from '../../../contracts/maps.ts'
import { sketchOf } from '../../../contracts/quantile-sketch.ts'
import { bumpUnitData } from '../../lib/unit-data-version.ts'
import { grantsChanged } from '../../plugins/auth.ts'
import * as repo from './repository.ts'
import { bearer, createTestApp, signIn, useTestApp, type TestApp } from '../../test/helpers.ts'

const t = useTestApp()
const PANEL = 2
const DAY = '2026-01-05'
const DOWNLOAD = STORE_METRICS.httpgetmt.id
const tokens = new Map<string, string>()

const c1 = latLngToCell(51.5, -0.12, 5)
const parent4 = cellToParent(c1, 4)
const [c2, c3] = cellToChildren(parent4, 5).filter((c) => c !== c1) as [string, string]
const d = latLngToCell(-33.87, 151.21, 5)
const LAYOUT: [cell: string, values: number[], region: string][] = [
  [c1, [10, 20, 30, 40, 50, 60], 'North'],
  [c2, [900, 900, 900], 'South'],
  [c3, [100, 110, 120, 130, 140], 'South'],
  [d, [7, 7], 'East'],
]
const unitIds: Record<string, number[]> = {}
let analystUnit = 0

beforeAll(async () => {
  await t.db.execute(sql`UPDATE units SET panel_id = 4 WHERE panel_id = ${PANEL}`)
  const analyst = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM users WHERE email = 'analyst@example.com'`,
  )
  let n = 0
  for (const [cell, values, region] of LAYOUT) {
    const [lat, lon] = cellToLatLng(cell)
    const ids: number[] = []
    unitIds[cell] = ids
    for (const value of values) {
      n += 1
      const geo = JSON.stringify({ latitude: lat, longitude: lon, accuracy: 10 })
      const { rows } = await t.db.execute<{ id: number }>(sql`
        INSERT INTO units (mac, label, serial_number, panel_id, geo_data)
        VALUES (${`02:24:00:00:00:${n.toString(16).padStart(2, '0')}`}, ${`Map ${n}`},
                ${`WBMAP${n}`}, ${PANEL}, ${geo}::jsonb)
        RETURNING id`)
      const id = rows[0]?.id ?? 0
      ids.push(id)
      await t.db.execute(sql`INSERT INTO unit_attributes (unit_id, technology, region)
        VALUES (${id}, 'fibre', ${region})`)
      const s = sketchOf([value])
      await t.db.execute(sql`
        INSERT INTO unit_day_summaries (unit_id, metric_id, day, count, sum, min, max, keys, counts)
        VALUES (${id}, ${DOWNLOAD}, ${DAY}::date, 1, ${value}, ${value}, ${value},
                ${sql.param(s.keys)}::int[], ${sql.param(s.counts)}::int[])`)
    }
  }
  analystUnit = unitIds[c2]?.[0] ?? 0
  await t.db.execute(
    sql`UPDATE units SET owner_user_id = ${analyst.rows[0]?.id ?? 0} WHERE id = ${analystUnit}`,
  )
  // Mobile positions of the c1 units.
  const [lat, lon] = cellToLatLng(c1)
  const mobile: [unit: number, lat: number, lon: number, signal: number, value: number][] = (
    unitIds[c1] ?? []
  ).map((unit, i) => [unit, lat + 0.001 * i, lon, -80 - i, 20 + i])
  const first = unitIds[c1]?.[0] ?? 0
  mobile.push([first, -1, -1, -90, 5], [first, 95, lon, -90, 5], [first, lat, lon, 0, 9])
  for (const [i, [unit, la, lo, signal, value]] of mobile.entries()) {
    await t.db.execute(sql`
      INSERT INTO mobile_results (unit_id, metric_id, dtime, latitude, longitude, signal, value, test_id)
      VALUES (${unit}, ${DOWNLOAD}, ${`${DAY}T10:00:00Z`}::timestamptz + ${i} * interval '1 minute',
              ${la}, ${lo}, ${signal}, ${value}, gen_random_uuid())`)
  }
  // consumer: an Administration grant (global access) without power grants, a home user who owns
  // two c3 units.
  const consumer = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM users WHERE email = 'consumer@example.com'`,
  )
  const consumerId = consumer.rows[0]?.id ?? 0
  await t.db.execute(sql`UPDATE units SET owner_user_id = ${consumerId}
    WHERE id = ANY(${sql.param((unitIds[c3] ?? []).slice(0, 2))}::int[])`)
  await t.db.execute(sql`INSERT INTO grants (user_id, resource, permission, scope)
    VALUES (${consumerId}, 'Administration', 'units', NULL)`)
  grantsChanged()
  for (const account of ['analyst', 'engineer', 'staff', 'multi', 'consumer']) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
  }
})

function mapData(body: Record<string, unknown>, as: string | null = 'analyst', panel = PANEL) {
  return t.app.inject({
    method: 'POST',
    url: `/api/analytics/panel/${panel}/map-data`,
    headers: as === null ? {} : bearer(tokens.get(as) ?? ''),
    payload: {
      metrics: [{ key: 'httpgetmt' }],
      mapType: 'map',
      date: { from: DAY, to: DAY },
      ...body,
    },
  })
}
async function ok<T>(body: Record<string, unknown>, as = 'analyst'): Promise<T> {
  const response = await mapData(body, as)
  expect(response.statusCode, response.body).toBe(200)
  // The answer is the contract's (contracts/maps.ts MapDataResponseSchema, what the client reads).
  return v.parse(MapDataResponseSchema, response.json()).data as T
}

describe('aggregate maps', () => {
  it('H3 cells of five units or more at the finest step, with counts and values', async () => {
    const data = await ok<MapAreasData>({ zoom: 12 })
    expect(data.resolution).toBe(5)
    const byId = new Map(data.areas.map((a) => [a.id, a]))
    expect([...byId.keys()].sort()).toEqual([c1, c3].sort())
    expect(byId.get(c1)).toMatchObject({ unitCount: 6, sampleCount: 6, kind: 'h3' })
    expect(byId.get(c1)?.value).toBeCloseTo(30, 0)
    expect(byId.get(c3)?.value).toBeCloseTo(120, 0)
    expect(data.suppressedUnits).toBe(5)
  })

  it('a coarser step holds only the passing cells (11 units, not 14)', async () => {
    const data = await ok<MapAreasData>({ zoom: 6 })
    expect(data.resolution).toBe(4)
    expect(data.areas.map((a) => [a.id, a.unitCount])).toEqual([[parent4, 11]])
    expect(data.areas[0]?.value).toBeCloseTo(60, 0)
    const coarsest = await ok<MapAreasData>({ resolution: 2, plotValue: 'mean' })
    expect(coarsest.unitCount).toBe(11)
    expect(coarsest.areas[0]?.value).toBeCloseTo(810 / 11, 0)
  })

  it('regions, the ones under five units hidden', async () => {
    const data = await ok<MapAreasData>({ area: 'region' })
    expect(data.areas.map((a) => [a.id, a.unitCount])).toEqual([
      ['North', 6],
      ['South', 8],
    ])
    expect(data.suppressedUnits).toBe(2)
  })

  it('a unit with several days in the range counts once, with every sample', async () => {
    const unit = unitIds[c1]?.[0] ?? 0
    const s = sketchOf([500, 500])
    await t.db.execute(sql`
      INSERT INTO unit_day_summaries (unit_id, metric_id, day, count, sum, min, max, keys, counts)
      VALUES (${unit}, ${DOWNLOAD}, ${DAY}::date - 1, 2, 1000, 500, 500,
              ${sql.param(s.keys)}::int[], ${sql.param(s.counts)}::int[])`)
    // As every writer of a unit's results does (ingestion): the map's unit sums read it again.
    bumpUnitData(unit)
    try {
      const data = await ok<MapAreasData>({
        zoom: 12,
        plotValue: 'mean',
        date: { from: '2026-01-04', to: DAY },
      })
      const area = data.areas.find((a) => a.id === c1)
      expect(area).toMatchObject({ unitCount: 6, sampleCount: 8 })
      // The six units' mean of the single day, weighted by its six samples, plus the two new ones.
      const single = await ok<MapAreasData>({ zoom: 12, plotValue: 'mean' })
      const before = single.areas.find((a) => a.id === c1)
      expect(area?.value).toBeCloseTo(((before?.value ?? 0) * 6 + 1000) / 8, 0)
      expect(data.suppressedUnits).toBe(5)
    } finally {
      await t.db.execute(sql`DELETE FROM unit_day_summaries
        WHERE unit_id = ${unit} AND metric_id = ${DOWNLOAD} AND day = ${DAY}::date - 1`)
      bumpUnitData(unit)
    }
  })
})

describe('unit sums of a scope (read beside the query that lists its units)', () => {
  it('are the sums of its units as listed', async () => {
    const scope = {
      panel: PANEL,
      ownerUserId: null,
      limits: { isps: null, countries: null, metrics: null },
      filters: [],
    }
    const range = { metricId: DOWNLOAD, from: DAY, to: DAY }
    const listed = (await repo.scopeUnits(t.db, scope, null)).map((u) => u.unit_id)
    const byScope = await repo.unitRangeSums(t.db, { ...range, scope })
    expect(byScope.size).toBe(Object.values(unitIds).flat().length)
    expect(byScope).toEqual(await repo.unitRangeSums(t.db, { ...range, units: listed }))
    // A home user's scope: their own units only.
    const consumer = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM users WHERE email = 'consumer@example.com'`,
    )
    const own = await repo.unitRangeSums(t.db, {
      ...range,
      scope: { ...scope, ownerUserId: consumer.rows[0]?.id ?? 0 },
    })
    expect([...own.keys()].sort()).toEqual((unitIds[c3] ?? []).slice(0, 2).sort())
  })
})

describe('raw maps', () => {
  it.each(['raw_map', 'geo_heatmap', 'lat_lon'])(
    '%s: positions coarsened to cells of five units, the own unit exact',
    async (mapType) => {
      const data = await ok<MapPointsData>({ mapType })
      // At resolution 4: c1 6 + c2's other 2 + c3 5 coarse at their parent's centre, the
      // analyst's own unit exact; d's 2 left out.
      expect(data.count).toBe(14)
      expect(data.suppressed).toBe(2)
      const exact = data.exact.flatMap((e, i) => (e ? [i] : []))
      expect(exact.map((i) => data.unit[i])).toEqual([analystUnit])
      expect(data.unit.filter((u) => u !== null)).toEqual([analystUnit])
      const [latP, lonP] = cellToLatLng(parent4)
      const atParent = data.lat.filter(
        (lat, i) =>
          !data.exact[i] &&
          Math.abs(lat - latP) < 1e-4 &&
          Math.abs((data.lon[i] ?? 0) - lonP) < 1e-4,
      )
      expect(atParent).toHaveLength(13)
    },
  )

  it('global access: every position exact with its unit', async () => {
    const data = await ok<MapPointsData>({ mapType: 'raw_map' }, 'staff')
    expect(data.count).toBe(16)
    expect(data.exact.every(Boolean)).toBe(true)
    expect(new Set(data.unit).size).toBe(16)
    expect([...data.value].sort((a, b) => (a ?? 0) - (b ?? 0))[0]).toBeCloseTo(7, 0)
  })
})

describe('home users: their own units only', () => {
  it('an aggregate map of two units shows nothing; their raw map shows both exactly', async () => {
    const areas = await ok<MapAreasData>({ zoom: 12 }, 'consumer')
    expect(areas.areas).toEqual([])
    expect(areas.suppressedUnits).toBe(2)
    const points = await ok<MapPointsData>({ mapType: 'raw_map' }, 'consumer')
    expect(points.count).toBe(2)
    expect(points.exact).toEqual([true, true])
    expect(points.unit.sort()).toEqual((unitIds[c3] ?? []).slice(0, 2).sort())
  })
})

describe('raw mobile maps', () => {
  it('drops −1/−1 and out-of-range fixes, signal 0 is no value (exact for staff)', async () => {
    const data = await ok<MapPointsData>({ mapType: 'raw_mobile' }, 'staff')
    expect(data.invalidPositions).toBe(2)
    expect(data.count).toBe(7)
    expect(data.signal?.filter((s) => s === null)).toHaveLength(1)
    expect(data.signal).toContain(-80)
    expect(data.exact.every(Boolean)).toBe(true)
    expect(data.time?.[0]).toBe(Date.parse(`${DAY}T10:00:00Z`) / 1000)
  })

  it('coarsened for the analyst: six units share the c1 cell', async () => {
    const data = await ok<MapPointsData>({ mapType: 'raw_mobile' })
    expect(data.count).toBe(7)
    expect(new Set(data.lat).size).toBe(1)
    expect(data.unit.every((u) => u === null)).toBe(true)
  })
})

describe('refusals', () => {
  it.each([
    ['no token', null, PANEL, 401],
    ['no analytics_ui on the panel (engineer)', 'engineer', PANEL, 403],
    ['another panel (multi)', 'multi', PANEL, 403],
    ['analytics_ui without maps (multi on panel 1)', 'multi', 1, 403],
    ['a panel without grants', 'analyst', 1, 403],
    ['a missing panel, global access', 'staff', 999_999, 404],
  ])('%s', async (_case, as, panel, status) => {
    const response = await mapData({}, as, panel)
    expect(response.statusCode).toBe(status)
  })

  it.each([
    ['no map type', { mapType: undefined }],
    ['two metrics', { metrics: [{ key: 'httpgetmt' }, { key: 'udpLatency' }] }],
    ['a resolution off the steps', { resolution: 9 }],
    ['normalising latency', { metrics: [{ key: 'udpLatency' }], normalised: true }],
    ['an invalid filter', { filters: [{ id: 'isp', value: 'abc' }] }],
  ])('400 for %s', async (_case, body) => {
    const response = await mapData(body)
    expect(response.statusCode).toBe(400)
  })
})

describe('map configuration', () => {
  it('no tile server by default: the CSP allows no other origin', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/map-config',
      headers: bearer(tokens.get('analyst') ?? ''),
    })
    expect(v.parse(MapConfigResponseSchema, response.json()).data).toEqual({
      tileUrl: null,
      attribution: null,
    })
    expect(String(response.headers['content-security-policy'])).toMatch(
      /img-src 'self' data: blob:;/,
    )
  })

  describe('with MAP_TILE_URL', () => {
    let other: TestApp
    beforeAll(async () => {
      other = await createTestApp({
        MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: '© Example contributors',
      })
    })
    afterAll(async () => {
      await other.close()
    })
    it('is exposed to the client and the CSP img-src follows it', async () => {
      const token = (await signIn(other.app, 'analyst')).accessToken.token
      const response = await other.app.inject({
        method: 'GET',
        url: '/api/analytics/map-config',
        headers: bearer(token),
      })
      expect(response.json<{ data: MapConfig }>().data).toEqual({
        tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        attribution: '© Example contributors',
      })
      expect(String(response.headers['content-security-policy'])).toMatch(
        /img-src 'self' data: blob: https:\/\/\*\.tiles\.example\.org;/,
      )
    })
  })
})

describe('a large point answer: clustered by the server, sent per view', () => {
  let other: TestApp
  const tokensOf = new Map<string, string>()
  let units: number[] = []
  // Six units × five positions a few hundred metres apart in London, more than a limit of 10.
  const position = (u: number, k: number): [number, number] => [51.5 + u * 0.002, -0.12 + k * 0.002]
  beforeAll(async () => {
    other = await createTestApp({ MAP_SEND_LIMIT: '10' })
    const { rows } = await other.db.execute<{ id: number }>(sql`
      SELECT u.id FROM units u
      WHERE u.panel_id = ${PANEL} AND u.owner_user_id IS DISTINCT FROM
        (SELECT id FROM users WHERE email = 'analyst@example.com')
      ORDER BY u.id LIMIT 6`)
    units = rows.map((r) => r.id)
    for (const [u, unit] of units.entries()) {
      for (let k = 0; k < 5; k++) {
        const [lat, lon] = position(u, k)
        await other.db.execute(sql`
          INSERT INTO mobile_results (unit_id, metric_id, dtime, latitude, longitude, signal, value, test_id)
          VALUES (${unit}, ${DOWNLOAD}, ${`${DAY}T10:00:00Z`}::timestamptz + ${k} * interval '1 minute',
                  ${lat}, ${lon}, -80, ${10 * (u + 1)}, gen_random_uuid())`)
      }
    }
    for (const account of ['analyst', 'staff']) {
      tokensOf.set(account, (await signIn(other.app, account)).accessToken.token)
    }
  })
  afterAll(async () => {
    await other.close()
  })
  const ask = async (as: string, body: Record<string, unknown> = {}) => {
    const response = await other.app.inject({
      method: 'POST',
      url: `/api/analytics/panel/${PANEL}/map-data`,
      headers: bearer(tokensOf.get(as) ?? ''),
      payload: {
        metrics: [{ key: 'httpgetmt' }],
        mapType: 'raw_mobile',
        date: { from: DAY, to: DAY },
        ...body,
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    return v.parse(MapDataResponseSchema, response.json()).data as MapPointsData
  }
  const total = (data: MapPointsData) =>
    (data.clusters?.count ?? []).reduce((s, n) => s + n, 0) + data.count

  it('the first answer: clusters of every point at a zoom that fits them, and their bounds', async () => {
    const data = ok30(await ask('staff'))
    expect(data.clusters?.lat.length).toBeGreaterThan(0)
    expect(data.clusters?.bounds?.south).toBeCloseTo(51.5, 6)
    // Values 10…60 (five of each): a cluster's value is its points' mean.
    for (const value of data.clusters?.value ?? []) expect(value).toBeGreaterThanOrEqual(10)
  })

  it('a view: only its points, one by one beyond the clustering zoom, exact for staff', async () => {
    const [lat, lon] = position(0, 0)
    const bbox = { south: lat - 0.001, west: lon - 0.001, north: lat + 0.001, east: lon + 0.009 }
    const data = await ask('staff', { zoom: 16, bbox })
    expect(data.clusters?.total).toBe(30)
    expect(data.clusters?.count).toEqual([])
    expect(data.count).toBe(5)
    expect(data.unit).toEqual([units[0], units[0], units[0], units[0], units[0]])
  })

  it('the kept index is the caller’s: the analyst’s view stays coarsened', async () => {
    await ask('staff', { zoom: 16 })
    const data = await ask('analyst', { zoom: 16 })
    expect(total(data)).toBe(30)
    expect(data.unit.every((u) => u === null)).toBe(true)
    // All 30 at the centre of one cell: one cluster at zoom 16 or one stack of singles.
    expect(new Set([...data.lat, ...(data.clusters?.lat ?? [])]).size).toBe(1)
  })

  it('a new result of one of its units is seen at the next move', async () => {
    ok30(await ask('staff', { zoom: 3 }))
    const unit = units[0] ?? 0
    await other.db.execute(sql`
      INSERT INTO mobile_results (unit_id, metric_id, dtime, latitude, longitude, signal, value, test_id)
      VALUES (${unit}, ${DOWNLOAD}, ${`${DAY}T12:00:00Z`}::timestamptz, 51.6, -0.1, -80, 5,
              gen_random_uuid())`)
    bumpUnitData(unit)
    const data = await ask('staff', { zoom: 3 })
    expect(data.clusters?.total).toBe(31)
    expect(total(data)).toBe(31)
  })

  function ok30(data: MapPointsData) {
    expect(data.clusters?.total).toBe(30)
    expect(total(data)).toBe(30)
    return data
  }
})
