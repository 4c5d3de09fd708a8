/**
 * The map reads of the measurement store: each unit of the scope with its position, region and
 * the summed sketch of its day summaries over the range (aggregate and raw maps), and the mobile
 * test positions of a metric (raw mobile). Scopes, joins and limits are the analytics service's.
 */
import { sql, type SQL } from 'drizzle-orm'
import { sumBuckets } from '../../../contracts/quantile-sketch.ts'
import type { Db } from '../../db/client.ts'
import { intsOfArrayTexts } from '../../lib/pg-int-arrays.ts'
import { scopeSql, UNIT_JOINS, type UnitScope } from '../analytics/repository.ts'

/** The package speed a normalised map divides by, or null. */
export type PackageSpeed = 'download' | 'upload' | null

function speedSql(speed: PackageSpeed) {
  if (speed === 'download') return sql`(p.download_kbps / 1000.0)::float8`
  if (speed === 'upload') return sql`(p.upload_kbps / 1000.0)::float8`
  return sql`NULL::float8`
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
  q: { scope: UnitScope; metricId: number; from: string; to: string },
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
  owner_user_id: number | null
  latitude: number | null
  longitude: number | null
  region: string | null
  tech: string | null
  /** The package speed of normalised maps (null otherwise, or without a package). */
  speed: number | null
}

/** The scope's units with their position, region, technology and package speed (no results read). */
export async function scopeUnits(
  db: Db,
  scope: UnitScope,
  speed: PackageSpeed,
): Promise<ScopeUnitRow[]> {
  const { rows } = await db.execute<ScopeUnitRow>(sql`
    SELECT u.id AS unit_id, u.owner_user_id,
           (u.geo_data ->> 'latitude')::float8 AS latitude,
           (u.geo_data ->> 'longitude')::float8 AS longitude,
           ua.region, ua.technology AS tech, ${speedSql(speed)} AS speed
    FROM units u ${UNIT_JOINS}
    WHERE ${scopeSql(scope)}
    ORDER BY u.id`)
  return rows
}

/** One unit's day summaries of a metric summed over a range (buckets keyed, keys ascending). */
export type UnitSums = {
  count: number
  sum: number
  min: number | null
  max: number | null
  keys: number[]
  counts: number[]
}

/** The units whose sums are read: a list, or every unit of a scope. */
type SumsUnits = { units: readonly number[] } | { scope: UnitScope }

/**
 * The sums of the units over the range, for those with day summaries in it: one index range per
 * unit, the day sketches' buckets laid end to end per unit by PostgreSQL (which runs it in
 * parallel) and added here (sumBuckets). Adding them in SQL (unnest, group by unit and key) cost
 * three times as much for a month of 2,000 units (issue 24). A scope's units are read by the
 * statement itself, so it can run beside scopeUnits.
 */
export async function unitRangeSums(
  db: Db,
  q: { metricId: number; from: string; to: string } & SumsUnits,
): Promise<Map<number, UnitSums>> {
  let units: SQL
  if ('units' in q) {
    if (q.units.length === 0) return new Map()
    units = sql`${sql.param([...q.units])}::int[]`
  } else {
    units = sql`ARRAY(SELECT u.id FROM units u ${UNIT_JOINS} WHERE ${scopeSql(q.scope)})`
  }
  const { rows } = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`)
    // Both string_aggs read a group's rows in the same order: the n-th key goes with the n-th count.
    return tx.execute<
      Omit<UnitSums, 'keys' | 'counts'> & { unit_id: number; keys: string; counts: string }
    >(sql`
    SELECT s.unit_id, sum(s.count)::int AS count, sum(s.sum)::float8 AS sum, min(s.min) AS min,
           max(s.max) AS max, string_agg(s.keys::text, '') AS keys,
           string_agg(s.counts::text, '') AS counts
    FROM unit_day_summaries s
    WHERE s.unit_id = ANY(${units}) AND s.metric_id = ${q.metricId}
      AND s.day BETWEEN ${q.from}::date AND ${q.to}::date
    GROUP BY s.unit_id`)
  })
  return new Map(
    rows.map(({ unit_id, keys, counts, ...totals }) => [
      unit_id,
      { ...totals, ...sumBuckets(intsOfArrayTexts(keys), intsOfArrayTexts(counts)) },
    ]),
  )
}

/** One area's values of one technology and package speed (as a GroupRow's columns). */
export type AreaRow = UnitSums & {
  area: string
  tech: string | null
  speed: number | null
  agents: number
}
