/**
 * The measurement store's write path: one batch of a unit's results in one statement (so in one
 * transaction), the results and their day summaries together. Design: ./README.md.
 */
import { sql } from 'drizzle-orm'
import { STORE_METRICS, type IngestResult } from '../../../contracts/ingestion.ts'
import type { Db } from '../../db/client.ts'

/** Months (first days, YYYY-MM-01) known to have a results partition in this process. */
/**
 * How a day summary (`s`, unit or cohort) takes in a conflicting row (EXCLUDED): counts and sums
 * add, min and max widen, the sketches' buckets add key by key (keys ascending).
 */
const MERGE_SUMMARY = sql`
        count = s.count + EXCLUDED.count,
        sum = s.sum + EXCLUDED.sum,
        min = least(s.min, EXCLUDED.min),
        max = greatest(s.max, EXCLUDED.max),
        (keys, counts) = (
          SELECT coalesce(array_agg(m.k ORDER BY m.k), '{}'), coalesce(array_agg(m.c ORDER BY m.k), '{}')
          FROM (
            SELECT u.k, sum(u.c)::int AS c
            FROM unnest(s.keys || EXCLUDED.keys, s.counts || EXCLUDED.counts) AS u(k, c)
            GROUP BY u.k
          ) m
        ),
        no_data = s.no_data + EXCLUDED.no_data,
        cant_run = s.cant_run + EXCLUDED.cant_run,
        errors = s.errors + EXCLUDED.errors`

const knownMonths = new Set<string>()

function monthOf(date: Date): string {
  return `${date.toISOString().slice(0, 7)}-01`
}

/**
 * Creates the monthly partitions of unit_results that the dates fall in, once per month and
 * process (a result of a month without one would go to the default partition).
 */
export async function ensureResultPartitions(db: Db, dates: readonly Date[]): Promise<void> {
  const months = [...new Set(dates.map(monthOf))].filter((month) => !knownMonths.has(month)).sort()
  const first = months[0]
  const last = months.at(-1)
  if (first === undefined || last === undefined) return
  await db.execute(sql`SELECT wb_ensure_result_partitions(${first}::date, ${last}::date)`)
  for (const month of months) knownMonths.add(month)
}

/** The unit's time zone, or null when there is no such unit. */
export async function unitTimezone(db: Db, unitId: number): Promise<string | null> {
  const { rows } = await db.execute<{ timezone: string }>(
    sql`SELECT timezone FROM units WHERE id = ${unitId}`,
  )
  return rows[0]?.timezone ?? null
}

/**
 * Stores a unit's results: new ones go in (a result already stored, same unit, metric, time and
 * test id, is skipped) with their mobile test positions when they carry one, and the day summaries
 * of the unit's local days gain exactly the rows that went in (sketch buckets merged,
 * count/sum/min/max, other statuses counted). One statement: all of it or nothing, committed
 * before the caller answers. Returns how many rows went in.
 */
export async function ingestResults(
  db: Db,
  unit: { id: number; timezone: string },
  results: readonly IngestResult[],
): Promise<number> {
  const testIds = results.map((r) => r.testId)
  const metricIds = results.map((r) => STORE_METRICS[r.metric].id)
  const dtimes = results.map((r) => new Date(r.dtime).toISOString())
  const statuses = results.map((r) => r.status)
  const values = results.map((r) => (r.status === 'OK' ? (r.value ?? null) : null))
  const latitudes = results.map((r) => r.position?.latitude ?? null)
  const longitudes = results.map((r) => r.position?.longitude ?? null)
  const signals = results.map((r) => r.position?.signal ?? null)
  const { rows } = await db.execute<{ accepted: number }>(sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${sql.param(testIds)}::uuid[], ${sql.param(metricIds)}::smallint[],
        ${sql.param(dtimes)}::timestamptz[], ${sql.param(statuses)}::measurement_status[],
        ${sql.param(values)}::float8[], ${sql.param(latitudes)}::float8[],
        ${sql.param(longitudes)}::float8[], ${sql.param(signals)}::smallint[]
      ) AS i(test_id, metric_id, dtime, status, value, latitude, longitude, signal)
    ),
    inserted AS (
      INSERT INTO unit_results (unit_id, metric_id, dtime, local_time, value, status, test_id)
      SELECT ${unit.id}::int, metric_id, dtime, dtime AT TIME ZONE ${unit.timezone}::text,
             value, status, test_id
      FROM input
      ON CONFLICT DO NOTHING
      RETURNING metric_id, dtime, test_id, local_time, value, status
    ),
    -- Mobile test positions (raw mobile maps) of the results that went in.
    positioned AS (
      INSERT INTO mobile_results
        (unit_id, metric_id, dtime, latitude, longitude, signal, value, test_id)
      SELECT ${unit.id}::int, n.metric_id, n.dtime, i.latitude, i.longitude, i.signal, n.value,
             n.test_id
      FROM inserted n JOIN input i USING (test_id, metric_id, dtime)
      WHERE i.latitude IS NOT NULL
      ON CONFLICT DO NOTHING
      RETURNING 1
    ),
    buckets AS (
      SELECT metric_id, local_time::date AS day, wb_sketch_key(value) AS k, count(*)::int AS c
      FROM inserted WHERE status = 'OK'
      GROUP BY 1, 2, 3
    ),
    sketches AS (
      SELECT metric_id, day, array_agg(k ORDER BY k) AS keys, array_agg(c ORDER BY k) AS counts
      FROM buckets GROUP BY 1, 2
    ),
    totals AS (
      SELECT metric_id, local_time::date AS day,
             (count(*) FILTER (WHERE status = 'OK'))::int AS count,
             coalesce(sum(value) FILTER (WHERE status = 'OK'), 0) AS sum,
             min(value) FILTER (WHERE status = 'OK') AS min,
             max(value) FILTER (WHERE status = 'OK') AS max,
             (count(*) FILTER (WHERE status = 'NO_DATA'))::int AS no_data,
             (count(*) FILTER (WHERE status = 'DEVICE_CANT_RUN_TEST'))::int AS cant_run,
             (count(*) FILTER (WHERE status = 'ERROR'))::int AS errors
      FROM inserted GROUP BY 1, 2
    ),
    summarised AS (
      INSERT INTO unit_day_summaries AS s
        (unit_id, metric_id, day, count, sum, min, max, keys, counts, no_data, cant_run, errors)
      SELECT ${unit.id}::int, t.metric_id, t.day, t.count, t.sum, t.min, t.max,
             coalesce(k.keys, '{}'), coalesce(k.counts, '{}'), t.no_data, t.cant_run, t.errors
      FROM totals t LEFT JOIN sketches k USING (metric_id, day)
      -- One order for every writer: two batches of one unit never wait on each other in a cycle.
      ORDER BY t.metric_id, t.day
      ON CONFLICT (unit_id, metric_id, day) DO UPDATE SET ${MERGE_SUMMARY}
      RETURNING 1
    ),
    -- The unit's cohort rows (cohort_day_summaries) gain the same rows; the unit joins their
    -- unit_ids once. Same key order as above for every writer.
    cohort AS (
      INSERT INTO cohort_day_summaries AS s
        (panel_id, metric_id, day, isp_id, package_id, technology, region, unit_ids, count, sum,
         min, max, keys, counts, no_data, cant_run, errors)
      SELECT u.panel_id, t.metric_id, t.day, u.isp_id, u.package_id, ua.technology, ua.region,
             ARRAY[u.id], t.count, t.sum, t.min, t.max, coalesce(k.keys, '{}'),
             coalesce(k.counts, '{}'), t.no_data, t.cant_run, t.errors
      FROM totals t LEFT JOIN sketches k USING (metric_id, day)
      JOIN units u ON u.id = ${unit.id}::int
      LEFT JOIN unit_attributes ua ON ua.unit_id = u.id
      WHERE u.panel_id IS NOT NULL
      ORDER BY t.metric_id, t.day
      ON CONFLICT ON CONSTRAINT cohort_day_summaries_key DO UPDATE SET
        unit_ids = CASE WHEN EXCLUDED.unit_ids[1] = ANY(s.unit_ids) THEN s.unit_ids
                        ELSE s.unit_ids || EXCLUDED.unit_ids END,
        ${MERGE_SUMMARY}
      RETURNING 1
    ),
    seen AS (
      UPDATE units SET last_seen = greatest(last_seen, now()) WHERE id = ${unit.id}::int
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM inserted)::int AS accepted`)
  return rows[0]?.accepted ?? 0
}
