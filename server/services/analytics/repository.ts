/**
 * The analytics service's reads of the measurement store (server/services/ingestion/README.md):
 * the panel's units (their ISP, package, country and attributes: what charts split and filter
 * by), joined to their per unit and local day summaries (daily … day_of_month) or their raw
 * results (hourly … hour_of_day, raw). Buckets are summed per group in SQL; the presenter reads
 * the percentiles off them.
 */
import { sql, type SQL } from 'drizzle-orm'
import {
  CUSTOM_PREFIX,
  HOURS_OF,
  NUMBERED_AGGREGATIONS,
  type Aggregation,
  type AnalyticsLimits,
  type ParsedFilter,
} from '../../../contracts/analytics.ts'
import type { Db } from '../../db/client.ts'

/** Which units a query covers: the panel's, within the caller's limits, filters and own units. */
export type UnitScope = {
  panel: number
  /** A home user's id: only the units they own or are linked to. */
  ownerUserId: number | null
  limits: AnalyticsLimits
  filters: readonly ParsedFilter[]
}

export const UNIT_JOINS = sql`
  LEFT JOIN unit_attributes ua ON ua.unit_id = u.id
  LEFT JOIN packages p ON p.id = u.package_id
  LEFT JOIN isps i ON i.id = u.isp_id
  LEFT JOIN countries c ON c.id = i.country_id`

/**
 * Where a query reads the unit attributes that cohorts share: the unit's own rows, or the cohort
 * row's columns (cohort_day_summaries). ISP and package names, country and package speed come
 * through the joins on either.
 */
type Source = { panel: SQL; isp: SQL; package: SQL; technology: SQL; region: SQL }
const UNIT_SOURCE: Source = {
  panel: sql`u.panel_id`,
  isp: sql`u.isp_id`,
  package: sql`u.package_id`,
  technology: sql`ua.technology`,
  region: sql`ua.region`,
}
const COHORT_SOURCE: Source = {
  panel: sql`s.panel_id`,
  isp: sql`s.isp_id`,
  package: sql`s.package_id`,
  technology: sql`s.technology`,
  region: sql`s.region`,
}
const COHORT_JOINS = sql`
  LEFT JOIN packages p ON p.id = s.package_id
  LEFT JOIN isps i ON i.id = s.isp_id
  LEFT JOIN countries c ON c.id = i.country_id`

/** The fields a cohort row answers (the others need the unit's own rows). */
const COHORT_FIELDS = new Set([
  'isp',
  'package',
  'technology',
  'region',
  'country',
  'package_download',
])

/** The SQL expression of a filterable or splittable field. */
function fieldSql(id: string, source: Source = UNIT_SOURCE): SQL {
  switch (id) {
    case 'isp':
      return source.isp
    case 'package':
      return source.package
    case 'technology':
      return source.technology
    case 'region':
      return source.region
    case 'hub_site':
      return sql`ua.hub_site`
    case 'cmts':
      return sql`ua.cmts_name`
    case 'country':
      return sql`c.code`
    case 'package_download':
      return sql`(p.download_kbps / 1000.0)`
    default:
      return sql`(ua.custom ->> ${id.slice(CUSTOM_PREFIX.length)}::text)`
  }
}

/** The label a split shows (names for ids). */
function splitSql(id: string, source: Source = UNIT_SOURCE): SQL {
  if (id === 'isp') return sql`i.name`
  if (id === 'package') return sql`p.name`
  return sql`(${fieldSql(id, source)})::text`
}

function filterSql(filter: ParsedFilter, source: Source): SQL {
  const field = fieldSql(filter.id, source)
  switch (filter.kind) {
    case 'integer':
      return sql`${field} = ANY(${sql.param(filter.values)}::int[])`
    case 'text':
      return sql`${field} = ANY(${sql.param(filter.values)}::text[])`
    case 'range': {
      const parts: SQL[] = []
      if (filter.from !== null) parts.push(sql`${field} >= ${filter.from}::float8`)
      if (filter.to !== null) parts.push(sql`${field} <= ${filter.to}::float8`)
      return sql.join(parts, sql` AND `)
    }
  }
}

export function scopeSql(scope: UnitScope, source: Source = UNIT_SOURCE): SQL {
  const conditions: SQL[] = [sql`${source.panel} = ${scope.panel}`]
  if (scope.ownerUserId !== null) {
    conditions.push(sql`(u.owner_user_id = ${scope.ownerUserId} OR EXISTS (
      SELECT 1 FROM user_units uu WHERE uu.unit_id = u.id AND uu.user_id = ${scope.ownerUserId}))`)
  }
  if (scope.limits.isps !== null) {
    conditions.push(sql`${source.isp} = ANY(${sql.param(scope.limits.isps)}::int[])`)
  }
  if (scope.limits.countries !== null) {
    conditions.push(sql`c.code = ANY(${sql.param(scope.limits.countries)}::text[])`)
  }
  for (const filter of scope.filters) conditions.push(filterSql(filter, source))
  return sql.join(conditions, sql` AND `)
}

export async function panelExists(db: Db, panel: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM panels WHERE pid = ${panel}`)
  return rows.length > 0
}

/** Whether any unit of the panel has a package (normalisation needs one). */
export async function panelHasPackages(db: Db, panel: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM units WHERE panel_id = ${panel} AND package_id IS NOT NULL LIMIT 1`,
  )
  return rows.length > 0
}

export type FieldValue = { field: string; value: string | number; label: string }

/** The distinct values of every filterable among the scope's units (at most `cap` each). */
export async function fieldValues(db: Db, scope: UnitScope, cap = 500): Promise<FieldValue[]> {
  const { rows } = await db.execute<FieldValue>(sql`
    WITH scoped AS (SELECT u.id, u.isp_id, i.name AS isp_name, u.package_id, p.name AS package_name,
                           ua.technology, ua.region, ua.hub_site, ua.cmts_name, ua.custom,
                           c.code AS country_code, c.name AS country_name
                    FROM units u ${UNIT_JOINS} WHERE ${scopeSql(scope)}),
    pairs AS (
      SELECT DISTINCT 'isp' AS field, isp_id::text AS value, isp_name AS label FROM scoped WHERE isp_id IS NOT NULL
      UNION SELECT DISTINCT 'package', package_id::text, package_name FROM scoped WHERE package_id IS NOT NULL
      UNION SELECT DISTINCT 'technology', technology, technology FROM scoped WHERE technology IS NOT NULL
      UNION SELECT DISTINCT 'region', region, region FROM scoped WHERE region IS NOT NULL
      UNION SELECT DISTINCT 'hub_site', hub_site, hub_site FROM scoped WHERE hub_site IS NOT NULL
      UNION SELECT DISTINCT 'cmts', cmts_name, cmts_name FROM scoped WHERE cmts_name IS NOT NULL
      UNION SELECT DISTINCT 'country', country_code, country_name FROM scoped WHERE country_code IS NOT NULL
      UNION SELECT DISTINCT ${CUSTOM_PREFIX} || e.key, e.value, e.value
            FROM scoped, jsonb_each_text(scoped.custom) AS e(key, value)
    ),
    ranked AS (SELECT field, value, label,
                      row_number() OVER (PARTITION BY field ORDER BY label, value) AS n FROM pairs)
    SELECT field, value, label FROM ranked WHERE n <= ${cap} ORDER BY field, label, value`)
  return rows.map((row) =>
    row.field === 'isp' || row.field === 'package' ? { ...row, value: Number(row.value) } : row,
  )
}

/** A group of values: one period, split value, technology, package speed and (agent_agg) unit. */
export type GroupRow = {
  period: string | null
  number: number | null
  split: string | null
  tech: string | null
  /** The unit's package speed in Mbps in the metric's direction (normalisation), or null. */
  speed: number | null
  unit: number | null
  count: number
  sum: number
  min: number | null
  max: number | null
  no_data: number
  cant_run: number
  errors: number
  agents: number
  /** Distinct units of the whole chart (the same on every row). */
  all_agents: number
  keys: number[] | null
  counts: number[] | null
}

export type GroupQuery = {
  scope: UnitScope
  metricId: number
  aggregation: Exclude<Aggregation, 'raw'>
  from: string
  to: string
  split: string | null
  /** Group per unit (agent aggregation). */
  perUnit: boolean
  /** Package speed column for normalisation. */
  speed: 'download' | 'upload' | null
}

function periodSql(aggregation: Exclude<Aggregation, 'raw'>, column: SQL): SQL {
  const hours = HOURS_OF[aggregation]
  if (hours !== undefined) {
    return hours === 1
      ? sql`date_trunc('hour', ${column})`
      : sql`(date_trunc('day', ${column}) + (floor(extract(hour FROM ${column}) / ${hours}) * ${hours}) * interval '1 hour')`
  }
  switch (aggregation) {
    case 'daily':
      return sql`date_trunc('day', ${column})`
    case 'weekly':
      return sql`date_trunc('week', ${column})`
    case 'monthly':
      return sql`date_trunc('month', ${column})`
    case 'quarterly':
      return sql`date_trunc('quarter', ${column})`
    case 'hour_of_day':
      return sql`extract(hour FROM ${column})::int`
    case 'day_of_week':
      return sql`extract(isodow FROM ${column})::int`
    default:
      return sql`extract(day FROM ${column})::int`
  }
}

/** Day aggregations (daily … day_of_month) read summaries; the others raw results. */
function isDayAggregation(aggregation: Exclude<Aggregation, 'raw'>): boolean {
  return !(aggregation in HOURS_OF) && aggregation !== 'hour_of_day'
}

/**
 * Whether the cohort rows answer the chart: a day aggregation across units (not per unit), for
 * a whole panel (not a home user's own units), split and filtered only by what cohorts share.
 */
export function readsCohorts(q: GroupQuery): boolean {
  return (
    isDayAggregation(q.aggregation) &&
    !q.perUnit &&
    q.scope.ownerUserId === null &&
    (q.split === null || COHORT_FIELDS.has(q.split)) &&
    q.scope.filters.every((filter) => COHORT_FIELDS.has(filter.id))
  )
}

/** The package speed column of normalisation, in Mbps. */
function speedSql(speed: GroupQuery['speed']): SQL {
  if (speed === 'download') return sql`(p.download_kbps / 1000.0)::float8`
  if (speed === 'upload') return sql`(p.upload_kbps / 1000.0)::float8`
  return sql`NULL::float8`
}

/**
 * chartGroups from cohort_day_summaries: the same groups and sums as from the unit-day rows,
 * ~16× fewer rows merged. Agents: a day's cohorts hold disjoint units, so a daily group adds
 * their counts; longer periods count the distinct units of their days.
 */
export async function cohortGroups(db: Db, q: GroupQuery): Promise<GroupRow[]> {
  const numbered = NUMBERED_AGGREGATIONS.includes(q.aggregation)
  const split = q.split === null ? sql`NULL::text` : splitSql(q.split, COHORT_SOURCE)
  const period = periodSql(q.aggregation, sql`s.day::timestamp`)
  const periodCols = numbered
    ? sql`'-infinity'::timestamp AS period, ${period} AS number`
    : sql`${period}::timestamp AS period, -1 AS number`
  const dims = sql`period, number, split, tech, speed`
  const agents =
    q.aggregation === 'daily'
      ? sql`SELECT ${dims}, sum(cardinality(unit_ids))::int AS agents FROM base GROUP BY ${dims}`
      : sql`SELECT ${dims}, count(*)::int AS agents
            FROM (SELECT DISTINCT ${dims}, unnest(unit_ids) FROM base) AS d GROUP BY ${dims}`
  const { rows } = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`)
    return tx.execute<GroupRow>(sql`
    WITH base AS MATERIALIZED (
      SELECT ${periodCols}, coalesce(${split}, chr(1)) AS split,
             coalesce(s.technology, chr(1)) AS tech, coalesce(${speedSql(q.speed)}, -1) AS speed,
             s.unit_ids, s.count, s.sum, s.min, s.max, s.keys, s.counts, s.no_data, s.cant_run,
             s.errors
      FROM cohort_day_summaries s ${COHORT_JOINS}
      WHERE s.metric_id = ${q.metricId} AND s.day BETWEEN ${q.from}::date AND ${q.to}::date
        AND ${scopeSql(q.scope, COHORT_SOURCE)}),
    totals AS (
      SELECT period, number, split, tech, speed,
             sum(count)::int AS count, sum(sum)::float8 AS sum, min(min) AS min, max(max) AS max,
             sum(no_data)::int AS no_data, sum(cant_run)::int AS cant_run, sum(errors)::int AS errors
      FROM base GROUP BY ${dims}),
    agents AS (${agents}),
    -- Keys unordered: the presenter sorts the buckets it reads.
    grouped AS (
      SELECT ${dims}, array_agg(k) AS keys, array_agg(n) AS counts
      FROM (SELECT ${dims}, k, sum(c)::int AS n
            -- unnest in the select list (a ProjectSet): a lateral unnest is 10× slower here.
            FROM (SELECT ${dims}, unnest(keys) AS k, unnest(counts) AS c FROM base) AS b
            GROUP BY ${dims}, k) AS buckets
      GROUP BY ${dims})
    SELECT CASE WHEN t.number = -1 THEN to_char(t.period, 'YYYY-MM-DD"T"HH24:MI:SS') END AS period,
           NULLIF(t.number, -1) AS number, NULLIF(t.split, chr(1)) AS split,
           NULLIF(t.tech, chr(1)) AS tech, NULLIF(t.speed, -1) AS speed, NULL::int AS unit,
           t.count, t.sum, t.min, t.max, t.no_data, t.cant_run, t.errors, a.agents,
           g.keys, g.counts,
           (SELECT count(*)::int FROM (SELECT DISTINCT unnest(unit_ids) FROM base) AS d) AS all_agents
    FROM totals t
    JOIN agents a USING (period, number, split, tech, speed)
    LEFT JOIN grouped g USING (period, number, split, tech, speed)
    ORDER BY t.period, t.number, t.split`)
  })
  return rows
}

/**
 * The groups of a chart with their summed buckets. Day aggregations read the day summaries (the
 * cohort rows when they answer the chart, else the unit-day rows); the others the raw results by
 * their local time (the UTC range widened by a day each side so that partitions are pruned, the
 * local range exact).
 */
export function chartGroups(db: Db, q: GroupQuery): Promise<GroupRow[]> {
  return readsCohorts(q) ? cohortGroups(db, q) : unitGroups(db, q)
}

/** chartGroups from the unit-day rows or the raw results (any chart). */
export async function unitGroups(db: Db, q: GroupQuery): Promise<GroupRow[]> {
  const fromDay = sql`${q.from}::date`
  const toDay = sql`${q.to}::date`
  const numbered = NUMBERED_AGGREGATIONS.includes(q.aggregation)
  const split = q.split === null ? sql`NULL::text` : splitSql(q.split)
  const speed = speedSql(q.speed)
  const unit = q.perUnit ? sql`u.id` : sql`NULL::int`
  const fromSummaries = isDayAggregation(q.aggregation)
  const period = periodSql(q.aggregation, fromSummaries ? sql`s.day::timestamp` : sql`r.local_time`)
  // Group columns never NULL (sentinels, turned back at the end) so that groups hash and join
  // by plain equality: the period as a timestamp or a number, split and technology (chr(1) for
  // none), package speed (-1) and unit (0).
  const periodCols = numbered
    ? sql`'-infinity'::timestamp AS period, ${period} AS number`
    : sql`${period}::timestamp AS period, -1 AS number`
  const dims = sql`${periodCols}, coalesce(${split}, chr(1)) AS split,
    coalesce(ua.technology, chr(1)) AS tech, coalesce(${speed}, -1) AS speed,
    coalesce(${unit}, 0) AS unit`

  const base = fromSummaries
    ? sql`SELECT ${dims}, s.unit_id, s.count, s.sum, s.min, s.max, s.keys, s.counts,
                 s.no_data, s.cant_run, s.errors
          FROM units u
          JOIN unit_day_summaries s ON s.unit_id = u.id AND s.metric_id = ${q.metricId}
                                   AND s.day BETWEEN ${fromDay} AND ${toDay}
          ${UNIT_JOINS}
          WHERE ${scopeSql(q.scope)}`
    : sql`SELECT ${dims}, r.unit_id,
                 (r.status = 'OK')::int AS count, coalesce(r.value, 0) AS sum,
                 r.value AS min, r.value AS max,
                 CASE WHEN r.status = 'OK' THEN ARRAY[wb_sketch_key(r.value)] ELSE '{}'::int[] END AS keys,
                 CASE WHEN r.status = 'OK' THEN ARRAY[1] ELSE '{}'::int[] END AS counts,
                 (r.status = 'NO_DATA')::int AS no_data,
                 (r.status = 'DEVICE_CANT_RUN_TEST')::int AS cant_run,
                 (r.status = 'ERROR')::int AS errors
          FROM units u
          JOIN unit_results r ON r.unit_id = u.id AND r.metric_id = ${q.metricId}
                             AND r.dtime >= (${fromDay} - 1)::timestamptz
                             AND r.dtime < (${toDay} + 2)::timestamptz
                             AND r.local_time >= ${fromDay}::timestamp
                             AND r.local_time < (${toDay} + 1)::timestamp
          ${UNIT_JOINS}
          WHERE ${scopeSql(q.scope)}`

  const { rows } = await db.transaction(async (tx) => {
    // Sorting the groups of a month of 2,000 units' summaries (~60k rows) stays in memory.
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`)
    return tx.execute<GroupRow>(sql`
    WITH base AS MATERIALIZED (${base}),
    per_unit AS (
      SELECT period, number, split, tech, speed, unit, unit_id,
             sum(count) AS count, sum(sum) AS sum, min(min) AS min, max(max) AS max,
             sum(no_data) AS no_data, sum(cant_run) AS cant_run, sum(errors) AS errors
      FROM base GROUP BY period, number, split, tech, speed, unit, unit_id),
    totals AS (
      SELECT period, number, split, tech, speed, unit,
             sum(count)::int AS count, sum(sum)::float8 AS sum, min(min) AS min, max(max) AS max,
             sum(no_data)::int AS no_data, sum(cant_run)::int AS cant_run, sum(errors)::int AS errors,
             count(*)::int AS agents
      FROM per_unit GROUP BY period, number, split, tech, speed, unit),
    buckets AS (
      SELECT period, number, split, tech, speed, unit, k, sum(c)::int AS n
      FROM (SELECT period, number, split, tech, speed, unit, unnest(keys) AS k, unnest(counts) AS c
            FROM base) AS b
      GROUP BY period, number, split, tech, speed, unit, k),
    grouped AS (
      SELECT period, number, split, tech, speed, unit,
             array_agg(k ORDER BY k) AS keys, array_agg(n ORDER BY k) AS counts
      FROM buckets GROUP BY period, number, split, tech, speed, unit)
    SELECT CASE WHEN t.number = -1 THEN to_char(t.period, 'YYYY-MM-DD"T"HH24:MI:SS') END AS period,
           NULLIF(t.number, -1) AS number, NULLIF(t.split, chr(1)) AS split,
           NULLIF(t.tech, chr(1)) AS tech, NULLIF(t.speed, -1) AS speed, NULLIF(t.unit, 0) AS unit,
           t.count, t.sum, t.min, t.max, t.no_data, t.cant_run, t.errors, t.agents,
           g.keys, g.counts, (SELECT count(DISTINCT unit_id)::int FROM base) AS all_agents
    FROM totals t
    LEFT JOIN grouped g USING (period, number, split, tech, speed, unit)
    ORDER BY t.period, t.number, t.split`)
  })
  return rows
}

export type RawRow = {
  dtime: string
  local_time: string
  value: number | null
  status: string
  split: string | null
  tech: string | null
  speed: number | null
  unit_id: number
}

/** Raw results (points) of the scope by time, at most `limit` (the caller asks one more to know). */
export async function rawResults(
  db: Db,
  q: Omit<GroupQuery, 'aggregation' | 'perUnit'>,
  limit: number,
): Promise<RawRow[]> {
  const fromDay = sql`${q.from}::date`
  const toDay = sql`${q.to}::date`
  const split = q.split === null ? sql`NULL::text` : splitSql(q.split)
  const speed = speedSql(q.speed)
  const { rows } = await db.execute<RawRow>(sql`
    SELECT to_char(r.dtime AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS dtime,
           to_char(r.local_time, 'YYYY-MM-DD"T"HH24:MI:SS') AS local_time,
           r.value, r.status::text AS status, ${split} AS split, ua.technology AS tech,
           ${speed} AS speed, r.unit_id
    FROM units u
    JOIN unit_results r ON r.unit_id = u.id AND r.metric_id = ${q.metricId}
                       AND r.dtime >= (${fromDay} - 1)::timestamptz
                       AND r.dtime < (${toDay} + 2)::timestamptz
                       AND r.local_time >= ${fromDay}::timestamp
                       AND r.local_time < (${toDay} + 1)::timestamp
    ${UNIT_JOINS}
    WHERE ${scopeSql(q.scope)}
    LIMIT ${limit}`)
  // No ORDER BY in SQL: an over-limit range stops at the limit instead of sorting everything.
  return rows.sort((a, b) => a.dtime.localeCompare(b.dtime) || a.unit_id - b.unit_id)
}
