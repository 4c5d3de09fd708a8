import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../test/helpers.ts'
import {
  demoIncidents,
  ENTERPRISE_PANEL,
  generatorSql,
  ongoingIncidents,
  seedEnterpriseFleet,
  type EnterpriseSeedReport,
  type Incident,
} from './seed-enterprise.ts'
import { TECHNOLOGIES } from './synthetic/enterprise-fleet.ts'

const t = useTestApp()
const NOW = new Date()
let report: EnterpriseSeedReport

beforeAll(async () => {
  // The template holds the panel without its fleet (ENTERPRISE_TEST): add a small one.
  report = await seedEnterpriseFleet(t.db, { now: NOW, units: 60, days: 6, rawDays: 2 })
})

describe('the enterprise fleet', () => {
  it('puts its units on the panel with their attributes, positions and technologies', async () => {
    expect(report.units).toBe(60)
    const { rows } = await t.db.execute<{ technology: string; n: number; located: number }>(sql`
      SELECT a.technology, count(*)::int AS n, count(u.geo_data)::int AS located
      FROM units u JOIN unit_attributes a ON a.unit_id = u.id
      WHERE u.panel_id = ${ENTERPRISE_PANEL.pid} GROUP BY 1 ORDER BY 1`)
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBe(60)
    for (const row of rows) {
      expect(TECHNOLOGIES).toContain(row.technology)
      expect(row.located).toBe(row.n)
    }
    const { rows: cable } = await t.db.execute<{ bad: number }>(sql`
      SELECT count(*)::int AS bad FROM units u JOIN unit_attributes a ON a.unit_id = u.id
      WHERE a.technology = 'cable' AND (a.cmts_name IS NULL OR u.mac_domain IS NULL)`)
    expect(cable[0]?.bad).toBe(0)
  })

  it('writes raw results up to now, a few a day per metric and unit', async () => {
    // Yesterday whole and today up to now: just after midnight UTC that is barely more than one day
    // (a bound of two days' rows failed CI at 00:25 UTC), so one day's worth is the floor.
    expect(report.rawResults).toBeGreaterThan(60 * 25)
    const { rows } = await t.db.execute<{ latest: string; per_day: number }>(sql`
      SELECT max(dtime)::text AS latest,
             (count(*)::float8 / count(DISTINCT (unit_id, metric_id, local_time::date)))::float8 AS per_day
      FROM unit_results`)
    expect(new Date(rows[0]?.latest ?? 0).getTime()).toBeLessThanOrEqual(NOW.getTime())
    expect(rows[0]?.per_day).toBeGreaterThan(1.5)
  })

  it('keeps day summaries equal to the raw results of those days', async () => {
    // Raw and summaries come from one generator: every raw day's summary is its rows' sketch.
    const { rows } = await t.db.execute<{ mismatched: number; compared: number }>(sql`
      WITH raw_days AS (
        SELECT unit_id, metric_id, local_time::date AS day,
               (count(*) FILTER (WHERE status = 'OK'))::int AS count,
               min(value) AS min, max(value) AS max,
               (count(*) FILTER (WHERE status = 'ERROR'))::int AS errors
        FROM unit_results GROUP BY 1, 2, 3
      ),
      keyed AS (
        SELECT unit_id, metric_id, day, array_agg(k ORDER BY k) AS keys, array_agg(c ORDER BY k) AS counts
        FROM (SELECT unit_id, metric_id, local_time::date AS day, wb_sketch_key(value) AS k, count(*)::int AS c
              FROM unit_results WHERE status = 'OK' GROUP BY 1, 2, 3, 4) b
        GROUP BY 1, 2, 3
      )
      SELECT count(*) FILTER (WHERE s.count IS DISTINCT FROM r.count OR s.min IS DISTINCT FROM r.min
                               OR s.max IS DISTINCT FROM r.max OR s.errors IS DISTINCT FROM r.errors
                               OR s.keys IS DISTINCT FROM coalesce(k.keys, '{}')
                               OR s.counts IS DISTINCT FROM coalesce(k.counts, '{}'))::int AS mismatched,
             count(*)::int AS compared
      FROM raw_days r
      LEFT JOIN keyed k USING (unit_id, metric_id, day)
      LEFT JOIN unit_day_summaries s USING (unit_id, metric_id, day)`)
    expect(rows[0]?.compared).toBeGreaterThan(60 * 10)
    expect(rows[0]?.mismatched).toBe(0)
  })

  it('summarises every day of the window, the older ones without raw rows', async () => {
    const { rows } = await t.db.execute<{ days: number; units: number }>(sql`
      SELECT count(DISTINCT day)::int AS days, count(DISTINCT unit_id)::int AS units
      FROM unit_day_summaries`)
    expect(rows[0]?.days).toBeGreaterThanOrEqual(6)
    expect(rows[0]?.units).toBe(60)
    expect(report.summaries).toBeGreaterThan(60 * 6 * 12)
  })

  it('merges every unit-day row into its cohort row, each day once', async () => {
    const { rows } = await t.db.execute<{ units: number; unit_days: number; cohort_days: number }>(
      sql`SELECT
            (SELECT count(DISTINCT x)::int FROM cohort_day_summaries, unnest(unit_ids) x) AS units,
            (SELECT sum(count)::int FROM unit_day_summaries) AS unit_days,
            (SELECT sum(count)::int FROM cohort_day_summaries
             WHERE panel_id = ${ENTERPRISE_PANEL.pid}) AS cohort_days`,
    )
    expect(rows[0]?.units).toBe(60)
    expect(rows[0]?.cohort_days).toBe(rows[0]?.unit_days)
  })
})

describe('incidents (what the fault finder finds)', () => {
  /** The mean download and the failed share of one hub's units over the generator's last days. */
  async function hubFigures(hub: string, incidents: Incident[]) {
    const generator = generatorSql({
      pid: ENTERPRISE_PANEL.pid,
      from: new Date(NOW.getTime() - 5 * 86_400_000).toISOString().slice(0, 10),
      days: 6,
      now: NOW,
      part: 0,
      parts: 1,
      testIds: false,
      incidents,
    })
    const { rows } = await t.db.execute<{ download: number; failed: number }>(
      sql.raw(`SELECT avg(value) FILTER (WHERE metric_id = 1) AS download,
                      (avg((status = 'ERROR')::int) FILTER (WHERE metric_id = 3))::float8 AS failed
               FROM (${generator}) r
               WHERE unit_id IN (SELECT unit_id FROM unit_attributes WHERE hub_site = '${hub}')`),
    )
    return rows[0] ?? { download: 0, failed: 0 }
  }

  it('slows and fails the results of the hub they name, from their first day', async () => {
    const { rows } = await t.db.execute<{ hub: string }>(
      sql`SELECT hub_site AS hub FROM unit_attributes GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    )
    const hub = rows[0]?.hub ?? ''
    const since = new Date(NOW.getTime() - 20 * 86_400_000).toISOString().slice(0, 10)
    const usual = await hubFigures(hub, [])
    const slowed = await hubFigures(hub, [
      { hubSite: hub, metrics: ['httpgetmt'], from: since, to: null, factor: 0.5 },
      { hubSite: hub, metrics: ['httppostmt'], from: since, to: null, failShare: 0.4 },
    ])
    expect(slowed.download).toBeCloseTo(usual.download * 0.5, 5)
    expect(slowed.failed).toBeGreaterThan(0.3)
    expect(usual.failed).toBeLessThan(0.05)
    // Another hub's incident, or one that ended before, leaves these results alone.
    const elsewhere = await hubFigures(hub, [
      { hubSite: 'NOWHERE-HUB-01', metrics: ['httpgetmt'], from: since, to: null, factor: 0.5 },
      { hubSite: hub, metrics: ['httpgetmt'], from: since, to: since, factor: 0.5 },
    ])
    expect(elsewhere.download).toBeCloseTo(usual.download, 5)
  })

  it('keeps only the ongoing demo incidents for the reporter, from any day', () => {
    const ongoing = ongoingIncidents(NOW)
    expect(ongoing.map((incident) => incident.hubSite)).toEqual(
      demoIncidents(NOW)
        .filter((incident) => incident.to === null)
        .map((incident) => incident.hubSite),
    )
    expect(ongoing.length).toBeGreaterThan(0)
    expect(ongoing.every((incident) => incident.from === '2000-01-01')).toBe(true)
  })
})
