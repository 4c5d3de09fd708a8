/**
 * The map reads of the measurement store: each unit of the scope with its position, region and
 * the summed sketch of its day summaries over the range (aggregate and raw maps), and the mobile
 * test positions of a metric (raw mobile). Scopes, joins and limits are the analytics service's.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { scopeSql, UNIT_JOINS, type UnitScope } from '../analytics/repository.ts'

/** One unit over the range: where it is and its summed buckets (as a GroupRow's columns). */
export type UnitSummaryRow = {
  unit_id: number
  owner_user_id: number | null
  latitude: number | null
  longitude: number | null
  region: string | null
  tech: string | null
  speed: number | null
  count: number
  sum: number
  min: number | null
  max: number | null
  keys: number[] | null
  counts: number[] | null
}

export type UnitSummaryQuery = {
  scope: UnitScope
  metricId: number
  from: string
  to: string
  speed: 'download' | 'upload' | null
}

function speedSql(speed: UnitSummaryQuery['speed']) {
  if (speed === 'download') return sql`(p.download_kbps / 1000.0)::float8`
  if (speed === 'upload') return sql`(p.upload_kbps / 1000.0)::float8`
  return sql`NULL::float8`
}

/**
 * The scope's units with results in the range, one row each: the sum of their day summaries'
 * buckets (keys ascending), count, sum, min and max. One statement; buckets summed in SQL.
 */
export async function unitSummaries(db: Db, q: UnitSummaryQuery): Promise<UnitSummaryRow[]> {
  const { rows } = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`)
    return tx.execute<UnitSummaryRow>(sql`
    WITH base AS MATERIALIZED (
      SELECT s.unit_id, s.count, s.sum, s.min, s.max, s.keys, s.counts
      FROM units u
      JOIN unit_day_summaries s ON s.unit_id = u.id AND s.metric_id = ${q.metricId}
                               AND s.day BETWEEN ${q.from}::date AND ${q.to}::date
      ${UNIT_JOINS}
      WHERE ${scopeSql(q.scope)}),
    totals AS (
      SELECT unit_id, sum(count)::int AS count, sum(sum)::float8 AS sum, min(min) AS min,
             max(max) AS max
      FROM base GROUP BY unit_id),
    grouped AS (
      SELECT unit_id, array_agg(k ORDER BY k) AS keys, array_agg(n ORDER BY k) AS counts
      FROM (SELECT unit_id, k, sum(c)::int AS n
            FROM (SELECT unit_id, unnest(keys) AS k, unnest(counts) AS c FROM base) AS b
            GROUP BY unit_id, k) AS buckets
      GROUP BY unit_id)
    SELECT t.unit_id, u.owner_user_id,
           (u.geo_data ->> 'latitude')::float8 AS latitude,
           (u.geo_data ->> 'longitude')::float8 AS longitude,
           ua.region, ua.technology AS tech, ${speedSql(q.speed)} AS speed,
           t.count, t.sum, t.min, t.max, g.keys, g.counts
    FROM totals t
    JOIN units u ON u.id = t.unit_id
    LEFT JOIN grouped g USING (unit_id)
    ${UNIT_JOINS}
    ORDER BY t.unit_id`)
  })
  return rows
}

/** Units the caller is linked to (user_units) among `ids`: their own, beside owner_user_id. */
export async function linkedUnits(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const { rows } = await db.execute<{ unit_id: number }>(sql`
    SELECT unit_id FROM user_units
    WHERE user_id = ${userId} AND unit_id = ANY(${sql.param(ids)}::int[])`)
  return new Set(rows.map((r) => r.unit_id))
}

/** One mobile test position as stored (the filter of §5 is applied by the caller). */
export type MobileRow = {
  unit_id: number
  owner_user_id: number | null
  /** Epoch seconds. */
  time: number
  latitude: number
  longitude: number
  signal: number | null
  value: number | null
  tech: string | null
}

/** The scope's mobile test positions of a metric in the range (UTC days), at most `limit`. */
export async function mobileResults(
  db: Db,
  q: Omit<UnitSummaryQuery, 'speed'>,
  limit: number,
): Promise<MobileRow[]> {
  const { rows } = await db.execute<MobileRow>(sql`
    SELECT m.unit_id, u.owner_user_id,
           extract(epoch FROM m.dtime)::int AS time,
           m.latitude, m.longitude, m.signal, m.value, ua.technology AS tech
    FROM units u
    JOIN mobile_results m ON m.unit_id = u.id AND m.metric_id = ${q.metricId}
                         AND m.dtime >= ${q.from}::date::timestamptz
                         AND m.dtime < (${q.to}::date + 1)::timestamptz
    ${UNIT_JOINS}
    WHERE ${scopeSql(q.scope)}
    LIMIT ${limit}`)
  return rows
}

/** A located unit of the scope (aggregate maps place it before anything is summed). */
export type ScopeUnitRow = {
  unit_id: number
  latitude: number | null
  longitude: number | null
  region: string | null
}

/** The scope's units with their position and region (no results read). */
export async function scopeUnits(db: Db, scope: UnitScope): Promise<ScopeUnitRow[]> {
  const { rows } = await db.execute<ScopeUnitRow>(sql`
    SELECT u.id AS unit_id,
           (u.geo_data ->> 'latitude')::float8 AS latitude,
           (u.geo_data ->> 'longitude')::float8 AS longitude,
           ua.region
    FROM units u ${UNIT_JOINS}
    WHERE ${scopeSql(scope)}`)
  return rows
}

/** One area's values of one technology and package speed (as a GroupRow's columns). */
export type AreaRow = {
  /** Null on the one row carrying only `suppressed`. */
  area: string | null
  tech: string | null
  speed: number | null
  agents: number
  count: number
  sum: number
  min: number | null
  max: number | null
  keys: number[] | null
  counts: number[] | null
  /** Units with results whose privacy cell held fewer than five (the same on every row). */
  suppressed: number
}

/**
 * Area sums of an aggregate map in one statement: `units[i]` lies in privacy cell `cells[i]` and
 * is drawn in area `areas[i]`. A unit reports when it has OK results in the range; a cell passes
 * when five reporting units lie in it; only the units of passing cells are summed, per area,
 * technology and package speed (buckets summed, unordered: the presenter sorts them).
 */
export async function areaSummaries(
  db: Db,
  q: Omit<UnitSummaryQuery, 'scope'> & { units: number[]; cells: string[]; areas: string[] },
  minUnits: number,
): Promise<{ rows: AreaRow[]; suppressed: number }> {
  const { rows } = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`)
    return tx.execute<AreaRow>(sql`
    WITH placed AS MATERIALIZED (
      SELECT * FROM unnest(${sql.param(q.units)}::int[], ${sql.param(q.cells)}::text[],
                           ${sql.param(q.areas)}::text[]) AS m(unit_id, cell, area)),
    -- A unit reports when it has a day with OK results in the range: one index probe each.
    reporting AS MATERIALIZED (
      SELECT m.unit_id, m.cell, m.area FROM placed m
      WHERE EXISTS (SELECT 1 FROM unit_day_summaries s
                    WHERE s.unit_id = m.unit_id AND s.metric_id = ${q.metricId}
                      AND s.day BETWEEN ${q.from}::date AND ${q.to}::date AND s.count > 0)),
    passing AS (SELECT cell FROM reporting GROUP BY cell HAVING count(*) >= ${minUnits}),
    kept AS MATERIALIZED (
      SELECT r.unit_id, r.area, coalesce(ua.technology, chr(1)) AS tech,
             coalesce(${speedSql(q.speed)}, -1) AS speed
      FROM reporting r
      JOIN passing USING (cell)
      JOIN units u ON u.id = r.unit_id
      LEFT JOIN unit_attributes ua ON ua.unit_id = r.unit_id
      LEFT JOIN packages p ON p.id = u.package_id),
    -- Only the kept units' day rows are read (the day rows lie one per heap page: reading those
    -- of suppressed units too was most of a month's map), and summed per area directly.
    days AS MATERIALIZED (
      SELECT k.unit_id, k.area, k.tech, k.speed, s.count, s.sum, s.min, s.max, s.keys, s.counts
      FROM kept k
      JOIN unit_day_summaries s ON s.unit_id = k.unit_id AND s.metric_id = ${q.metricId}
                               AND s.day BETWEEN ${q.from}::date AND ${q.to}::date
                               AND s.count > 0),
    totals AS (
      SELECT area, tech, speed, count(DISTINCT unit_id)::int AS agents, sum(count)::int AS count,
             sum(sum)::float8 AS sum, min(min) AS min, max(max) AS max
      FROM days GROUP BY area, tech, speed),
    buckets AS (
      SELECT area, tech, speed, array_agg(k) AS keys, array_agg(n) AS counts
      FROM (SELECT area, tech, speed, x.k, sum(x.c)::int AS n
            FROM days, unnest(days.keys, days.counts) AS x(k, c)
            GROUP BY area, tech, speed, x.k) AS b
      GROUP BY area, tech, speed)
    SELECT t.area, NULLIF(t.tech, chr(1)) AS tech, NULLIF(t.speed, -1) AS speed, t.agents,
           t.count, t.sum, t.min, t.max, b.keys, b.counts,
           ((SELECT count(*) FROM reporting) - (SELECT count(*) FROM kept))::int AS suppressed
    FROM totals t LEFT JOIN buckets b USING (area, tech, speed)
    UNION ALL
    -- Always one row: the suppressed count when no area is left.
    SELECT NULL, NULL, NULL, 0, 0, 0, NULL, NULL, NULL, NULL,
           ((SELECT count(*) FROM reporting) - (SELECT count(*) FROM kept))::int`)
  })
  const suppressed = rows.find((row) => row.area === null)?.suppressed ?? 0
  return { rows: rows.filter((row) => row.area !== null), suppressed }
}
