/**
 * Demo mobile test positions for the raw mobile map (issue 24): the enterprise panel's 4G/5G units
 * test download and latency a few times a day around their position (a drift of a few km), with
 * the signal strength seen. Generated inside PostgreSQL from hashes of unit, day and slot (the
 * same on every run); about 1 % of fixes are −1/−1 or out of range and 3 % of signals are 0, so
 * the §5 filter and the no-value rule have something to drop.
 */
import { sql } from 'drizzle-orm'
import { STORE_METRICS } from '../../contracts/ingestion.ts'
import type { Db } from './client.ts'
import { ENTERPRISE_PANEL } from './seed-enterprise.ts'

export type MapsSeedOptions = { now: Date; days: number; perDay: number }
export const MAPS_DEMO = { days: 30, perDay: 8 } as const

/** Inserts the mobile positions; returns how many rows. */
export async function seedMaps(
  db: Db,
  options: Pick<MapsSeedOptions, 'now'> & Partial<MapsSeedOptions>,
): Promise<number> {
  const days = options.days ?? MAPS_DEMO.days
  const perDay = options.perDay ?? MAPS_DEMO.perDay
  const end = options.now.toISOString()
  const download = STORE_METRICS.httpgetmt.id
  const latency = STORE_METRICS.udpLatency.id
  const result = await db.execute(sql`
    WITH mobile AS (
      SELECT u.id, (u.geo_data ->> 'latitude')::float8 AS lat,
             (u.geo_data ->> 'longitude')::float8 AS lon
      FROM units u JOIN unit_attributes ua ON ua.unit_id = u.id
      WHERE u.panel_id = ${ENTERPRISE_PANEL.pid} AND ua.technology IN ('4g', '5g')
        AND u.geo_data IS NOT NULL),
    runs AS (
      SELECT m.id, m.lat, m.lon, metric,
             ${end}::timestamptz - (d * interval '1 day')
               - (s * interval '1 day' / ${perDay}) - (abs(hashtext(m.id || ':' || d || ':' || s)) % 3600) * interval '1 second' AS dtime,
             (abs(hashtext('a' || m.id || ':' || d || ':' || s)) % 100000) / 100000.0 AS r1,
             (abs(hashtext('b' || m.id || ':' || d || ':' || s)) % 100000) / 100000.0 AS r2,
             (abs(hashtext('c' || m.id || ':' || d || ':' || s)) % 100000) / 100000.0 AS r3
      FROM mobile m, generate_series(0, ${days - 1}) AS d, generate_series(0, ${perDay - 1}) AS s,
           unnest(ARRAY[${download}, ${latency}]::smallint[]) AS metric),
    placed AS (
      SELECT *, CASE WHEN r3 < 0.03 THEN 0 ELSE round(-120 + 60 * r1)::int END AS signal
      FROM runs)
    INSERT INTO mobile_results (unit_id, metric_id, dtime, latitude, longitude, signal, value, test_id)
    SELECT id, metric, dtime,
           CASE WHEN r3 > 0.995 THEN -1 WHEN r3 > 0.99 THEN 95 ELSE lat + 0.06 * (r1 - 0.5) END,
           CASE WHEN r3 > 0.995 THEN -1 ELSE lon + 0.06 * (r2 - 0.5) END,
           signal,
           CASE WHEN metric = ${download}
                THEN round((2 + (r1 * 0.7 + r2 * 0.3) * 140)::numeric, 2)::float8
                ELSE round((22 + (1 - r1) * 70 + 20 * r2)::numeric, 2)::float8 END,
           gen_random_uuid()
    FROM placed`)
  return result.rowCount ?? 0
}
