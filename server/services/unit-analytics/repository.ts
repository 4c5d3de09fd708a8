import { sql, type SQL } from 'drizzle-orm'
import pg from 'pg'
import type { Db } from '../../db/client.ts'

/** What the unit analytics service needs to know of a unit before it answers about it. */
export type UnitFacts = {
  id: number
  panelId: number | null
  /** Whether the caller is one of the unit's users (user_units). */
  ownedByCaller: boolean
  timezone: string
  environment: Record<string, string | number | boolean> | null
  macDomain: string | null
  isTtCompatible: boolean
  lastSeen: Date | null
  offlineExternally: boolean
  isUnreliable: boolean
  /** The package's speeds in kbps, null without a package. */
  downloadKbps: number | null
  uploadKbps: number | null
}

type UnitFactsRow = Omit<UnitFacts, 'lastSeen'> & { lastSeen: number | null }

/**
 * The hot path (every dashboard chart) runs as named statements: parsed and planned once per
 * connection, which saves a good part of each call's database time.
 */
async function named<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  // createDb() builds Db over a pg Pool, which drizzle exposes as $client (not on the Db type).
  const client = (db as { $client?: unknown }).$client
  if (!(client instanceof pg.Pool)) throw new Error('unit analytics needs a pool-backed Db')
  const result = await client.query<T & pg.QueryResultRow>({ name, text, values })
  return result.rows
}

/** Epoch seconds of a timestamptz, as a float8 the driver parses as a number. */
const epoch = (column: SQL) => sql`extract(epoch FROM ${column})::float8`

const UNIT_FACTS_SQL = `
  SELECT u.id, u.panel_id AS "panelId",
         EXISTS (SELECT 1 FROM user_units uu WHERE uu.unit_id = u.id AND uu.user_id = $2)
           AS "ownedByCaller",
         u.timezone, u.environment, u.mac_domain AS "macDomain",
         u.is_tt_compatible AS "isTtCompatible", extract(epoch FROM u.last_seen)::float8 AS "lastSeen",
         u.offline_externally AS "offlineExternally", u.is_unreliable AS "isUnreliable",
         p.download_kbps AS "downloadKbps", p.upload_kbps AS "uploadKbps"
  FROM units u LEFT JOIN packages p ON p.id = u.package_id
  WHERE u.id = $1`

/** The facts of a unit and whether `userId` is one of its users; null when there is no such unit. */
export async function findUnitFacts(
  db: Db,
  unitId: number,
  userId: number,
): Promise<UnitFacts | null> {
  const [row] = await named<UnitFactsRow>(db, 'ua_unit_facts', UNIT_FACTS_SQL, [unitId, userId])
  if (!row) return null
  return { ...row, lastSeen: row.lastSeen === null ? null : new Date(row.lastSeen * 1000) }
}

/** A time range: from inclusive, to exclusive. */
export type Range = { from: Date; to: Date }

/** One aggregate bucket of one metric: OK results' sum, count and extremes, and every row's bytes. */
export type BucketRow = {
  /** Bucket start (local hour or local midnight), epoch seconds. */
  bucket: number
  /** Sum of OK values (null when none). */
  sum: number | null
  /** OK results in the bucket. */
  count: number
  /** Extremes of the OK values; null when count ≤ 1 (a single value is `sum`). */
  min: number | null
  max: number | null
  /** Bytes every result in the bucket used (a bucket exists only when it has results). */
  bytes: number
  /** Without any OK result: the highest status present (NO_DATA < DEVICE_CANT_RUN_TEST < ERROR). */
  worst: 'NO_DATA' | 'DEVICE_CANT_RUN_TEST' | 'ERROR' | null
}

export type MetricQuery = {
  unitId: number
  metricKey: string
  range: Range
  localTargetOnly: boolean
  timezone: string
}

const METRIC_WHERE = `unit_id = $1 AND metric_key = $2 AND dtime >= $3::timestamptz
  AND dtime < $4::timestamptz AND (local_target OR NOT $5::boolean)`

/**
 * The buckets as one JSON array per column, oldest first. A month of hourly buckets is ~700 rows:
 * node-postgres decoding them row by row and field by field cost ~2 ms of the server's one thread
 * per call; one JSON.parse of seven arrays costs ~0.6 ms (PostgreSQL 16+ sorts once for the seven
 * aggregates sharing one ORDER BY).
 */
const BUCKETS_SQL = `
  SELECT json_build_array(
           json_agg(extract(epoch FROM b)::float8 ORDER BY b), json_agg(sum ORDER BY b),
           json_agg(count ORDER BY b), json_agg(CASE WHEN count > 1 THEN min END ORDER BY b),
           json_agg(CASE WHEN count > 1 THEN max END ORDER BY b), json_agg(bytes ORDER BY b),
           json_agg(worst ORDER BY b)
         )::text AS columns
  FROM (
    SELECT b,
           sum(value) FILTER (WHERE status = 'OK') AS sum,
           (count(*) FILTER (WHERE status = 'OK'))::int AS count,
           min(value) FILTER (WHERE status = 'OK') AS min,
           max(value) FILTER (WHERE status = 'OK') AS max,
           sum(bytes)::float8 AS bytes,
           CASE WHEN bool_and(status <> 'OK') THEN max(status)::text END AS worst
    FROM (
      SELECT date_trunc($7, dtime, $6) AS b, value, status, bytes
      FROM measurements WHERE ${METRIC_WHERE}
    ) m
    GROUP BY b
  ) g`

/** BUCKETS_SQL's columns; every array is null when the range holds no result. */
type BucketColumns = [
  bucket: number[] | null,
  sum: (number | null)[] | null,
  count: number[] | null,
  min: (number | null)[] | null,
  max: (number | null)[] | null,
  bytes: number[] | null,
  worst: BucketRow['worst'][] | null,
]

const metricValues = (query: MetricQuery) => [
  query.unitId,
  query.metricKey,
  query.range.from.toISOString(),
  query.range.to.toISOString(),
  query.localTargetOnly,
]

/**
 * One metric in hourly or daily buckets of the unit's local time, in one pass over the
 * (unit_id, metric_key, dtime) index, oldest first.
 */
export async function metricBuckets(
  db: Db,
  query: MetricQuery,
  size: 'hour' | 'day',
): Promise<BucketRow[]> {
  const [row] = await named<{ columns: string }>(db, 'ua_metric_buckets_columns', BUCKETS_SQL, [
    ...metricValues(query),
    query.timezone,
    size,
  ])
  const [bucket, sum, count, min, max, bytes, worst] = JSON.parse(
    row?.columns ?? '[]',
  ) as Partial<BucketColumns>
  if (!bucket || !sum || !count || !min || !max || !bytes || !worst) return []
  return bucket.map((start, i) => ({
    bucket: start,
    sum: sum[i] ?? null,
    count: count[i] ?? 0,
    min: min[i] ?? null,
    max: max[i] ?? null,
    bytes: bytes[i] ?? 0,
    worst: worst[i] ?? null,
  }))
}

/** A raw result row. */
export type RawRow = {
  dtime: number
  value: number | null
  status: 'OK' | 'NO_DATA' | 'DEVICE_CANT_RUN_TEST' | 'ERROR'
  testId: string
  bytes: number
}

const RAW_SQL = `
  SELECT extract(epoch FROM dtime)::float8 AS dtime, value, status::text AS status,
         test_id::text AS "testId", bytes::float8 AS bytes
  FROM measurements WHERE ${METRIC_WHERE}
  ORDER BY dtime`

/** Every result of one metric in the range, oldest first. */
export function rawResults(db: Db, query: MetricQuery): Promise<RawRow[]> {
  return named<RawRow>(db, 'ua_metric_raw', RAW_SQL, metricValues(query))
}

const LATEST_SQL = `
  SELECT extract(epoch FROM dtime)::float8 AS dtime, value, status::text AS status,
         test_id::text AS "testId", bytes::float8 AS bytes
  FROM measurements WHERE ${METRIC_WHERE} AND status = 'OK' AND value IS NOT NULL
  ORDER BY dtime DESC LIMIT 1`

/** The most recent result with a value of one metric in the range (one index lookup), or null. */
export async function latestResult(db: Db, query: MetricQuery): Promise<RawRow | null> {
  const [row] = await named<RawRow>(db, 'ua_metric_latest', LATEST_SQL, metricValues(query))
  return row ?? null
}

/** Bytes used by tests per local day (unit's time zone) in the range. */
export async function dataUsageByDay(
  db: Db,
  unitId: number,
  range: Range,
  timezone: string,
): Promise<{ day: number; bytes: number }[]> {
  const { rows } = await db.execute<{ day: number; bytes: number }>(sql`
    SELECT ${epoch(sql`date_trunc('day', dtime, ${timezone})`)} AS day,
           sum(bytes)::float8 AS bytes
    FROM measurements
    WHERE unit_id = ${unitId}
      AND dtime >= ${range.from.toISOString()}::timestamptz
      AND dtime < ${range.to.toISOString()}::timestamptz
    GROUP BY 1 ORDER BY 1`)
  return rows
}

export type DisconnectionRow = {
  id: number
  start: number
  end: number | null
  isUnreliable: boolean
}

/** Disconnections overlapping the range (ongoing ones included), oldest first. */
export async function disconnectionsIn(
  db: Db,
  unitId: number,
  range: Range,
): Promise<DisconnectionRow[]> {
  const { rows } = await db.execute<DisconnectionRow>(sql`
    SELECT id::int AS id, ${epoch(sql`start_dtime`)} AS start, ${epoch(sql`end_dtime`)} AS "end",
           is_unreliable AS "isUnreliable"
    FROM disconnections
    WHERE unit_id = ${unitId}
      AND start_dtime < ${range.to.toISOString()}::timestamptz
      AND (end_dtime IS NULL OR end_dtime > ${range.from.toISOString()}::timestamptz)
    ORDER BY start_dtime`)
  return rows
}

/** Disconnections of the unit still in progress (no end), oldest first. */
export async function disconnectionsInProgress(
  db: Db,
  unitId: number,
): Promise<{ start: number; isUnreliable: boolean }[]> {
  const { rows } = await db.execute<{ start: number; isUnreliable: boolean }>(sql`
    SELECT ${epoch(sql`start_dtime`)} AS start, is_unreliable AS "isUnreliable"
    FROM disconnections
    WHERE unit_id = ${unitId} AND end_dtime IS NULL
    ORDER BY start_dtime`)
  return rows
}

export type AnomalyRow = {
  id: number
  type: string
  metric: string
  firstSeen: number
  collectionId: number | null
}

/**
 * Open anomalies over the unit's area: outages of its MAC domain and the detector's anomalies of
 * its hub site (server/services/anomaly), oldest first.
 */
export async function anomaliesInProgress(
  db: Db,
  unit: { id: number; panelId: number; macDomain: string | null },
): Promise<AnomalyRow[]> {
  const { rows } = await db.execute<AnomalyRow>(sql`
    SELECT a.id, a.type, a.metric, ${epoch(sql`a.first_seen`)} AS "firstSeen",
           a.collection_id AS "collectionId"
    FROM anomalies a
    LEFT JOIN anomaly_collections c ON c.id = a.collection_id
    WHERE a.panel_id = ${unit.panelId} AND a.state <> 'closed'
      AND (a.metadata->>'mac_domain' = ${unit.macDomain}
           OR (c.source = 'detector'
               AND c.area = (SELECT hub_site FROM unit_attributes WHERE unit_id = ${unit.id})))
    ORDER BY a.first_seen, a.id`)
  return rows
}

export type BreachRow = { metricKey: string; dtime: number; value: number; threshold: number }

/**
 * Speed results under half the package's speed in the range, oldest first (at most `limit`).
 * Thresholds are in Mbps like the values.
 */
export async function breaches(
  db: Db,
  unit: { id: number; downloadKbps: number; uploadKbps: number },
  range: Range,
  keys: { download: string[]; upload: string[] },
  limit: number,
): Promise<BreachRow[]> {
  const down = unit.downloadKbps / 2000
  const up = unit.uploadKbps / 2000
  const { rows } = await db.execute<BreachRow>(sql`
    SELECT metric_key AS "metricKey", ${epoch(sql`dtime`)} AS dtime, value,
           CASE WHEN metric_key = ANY(${sql.param(keys.download)}::text[])
                THEN ${down}::float8 ELSE ${up}::float8 END AS threshold
    FROM measurements
    WHERE unit_id = ${unit.id} AND status = 'OK'
      AND dtime >= ${range.from.toISOString()}::timestamptz
      AND dtime < ${range.to.toISOString()}::timestamptz
      AND (
        (metric_key = ANY(${sql.param(keys.download)}::text[]) AND value < ${down}::float8)
        OR (metric_key = ANY(${sql.param(keys.upload)}::text[]) AND value < ${up}::float8)
      )
    ORDER BY dtime
    LIMIT ${limit}`)
  return rows
}

export type SkippedRow = { dtime: number; metricKey: string; reason: string }

/** Skipped tests in the range, oldest first (at most `limit`), and how many there are in all. */
export async function skippedTests(
  db: Db,
  unitId: number,
  range: Range,
  limit: number,
): Promise<{ rows: SkippedRow[]; total: number }> {
  const inRange = sql`unit_id = ${unitId}
    AND dtime >= ${range.from.toISOString()}::timestamptz
    AND dtime < ${range.to.toISOString()}::timestamptz`
  const [list, count] = await Promise.all([
    db.execute<SkippedRow>(sql`
      SELECT ${epoch(sql`dtime`)} AS dtime, metric_key AS "metricKey", reason
      FROM skipped_tests WHERE ${inRange} ORDER BY dtime LIMIT ${limit}`),
    db.execute<{ total: number }>(sql`
      SELECT count(*)::int AS total FROM skipped_tests WHERE ${inRange}`),
  ])
  return { rows: list.rows, total: count.rows[0]?.total ?? 0 }
}

/** Runs of one metric on one local day: all results, the filtered ones, and the skipped. */
export async function scheduledOnDay(
  db: Db,
  query: { unitId: number; metricKey: string; date: string; timezone: string },
  localTargetOnly: boolean,
): Promise<{ all: number; ran: number; skipped: number }> {
  // The local day's bounds: midnight to midnight in the unit's zone (23 or 25 hours around DST).
  const start = sql`(${query.date}::date)::timestamp AT TIME ZONE ${query.timezone}`
  const end = sql`(${query.date}::date + 1)::timestamp AT TIME ZONE ${query.timezone}`
  const { rows } = await db.execute<{ all: number; ran: number; skipped: number }>(sql`
    SELECT
      (SELECT count(*)::int FROM measurements
        WHERE unit_id = ${query.unitId} AND metric_key = ${query.metricKey}
          AND dtime >= ${start} AND dtime < ${end}) AS "all",
      (SELECT count(*)::int FROM measurements
        WHERE unit_id = ${query.unitId} AND metric_key = ${query.metricKey}
          AND dtime >= ${start} AND dtime < ${end}
          ${localTargetOnly ? sql`AND local_target` : sql``}) AS ran,
      (SELECT count(*)::int FROM skipped_tests
        WHERE unit_id = ${query.unitId} AND metric_key = ${query.metricKey}
          AND dtime >= ${start} AND dtime < ${end}) AS skipped`)
  return rows[0] ?? { all: 0, ran: 0, skipped: 0 }
}

export type TestRunRow = {
  dtime: number
  metricKey: string
  value: number | null
  status: 'OK' | 'NO_DATA' | 'DEVICE_CANT_RUN_TEST' | 'ERROR'
  bytes: number
  origin: 'scheduled' | 'web_app' | 'web_iframe' | 'ios_app' | 'android_app'
  kind: 'scheduled' | 'instant_test' | 'instant_test_api'
}

/** Every metric one run of this unit produced, in metric order. */
export async function testRun(db: Db, unitId: number, testId: string): Promise<TestRunRow[]> {
  const { rows } = await db.execute<TestRunRow>(sql`
    SELECT ${epoch(sql`dtime`)} AS dtime, metric_key AS "metricKey", value, status,
           bytes::float8 AS bytes, origin, kind
    FROM measurements
    WHERE test_id = ${testId}::uuid AND unit_id = ${unitId}
    ORDER BY metric_key`)
  return rows
}

export type ConsumerConfigRow = { config: Record<string, unknown>; hasRestrictedMetrics: boolean }

/** The unit's consumer config, or null when it has none. */
export async function findConsumerConfig(
  db: Db,
  unitId: number,
): Promise<ConsumerConfigRow | null> {
  const { rows } = await db.execute<ConsumerConfigRow>(sql`
    SELECT config, has_restricted_metrics AS "hasRestrictedMetrics"
    FROM consumer_configs WHERE unit_id = ${unitId}`)
  return rows[0] ?? null
}

/** Sets hasRestrictedMetrics (creating the config row if needed); the row after the change. */
export async function saveHasRestrictedMetrics(
  db: Db,
  unitId: number,
  hasRestrictedMetrics: boolean,
): Promise<ConsumerConfigRow> {
  const { rows } = await db.execute<ConsumerConfigRow>(sql`
    INSERT INTO consumer_configs (unit_id, has_restricted_metrics)
    VALUES (${unitId}, ${hasRestrictedMetrics})
    ON CONFLICT (unit_id) DO UPDATE SET has_restricted_metrics = EXCLUDED.has_restricted_metrics
    RETURNING config, has_restricted_metrics AS "hasRestrictedMetrics"`)
  const row = rows[0]
  if (!row) throw new Error('consumer config upsert returned no row')
  return row
}
