/**
 * The measurement store at panel scale (issue 23 §1; design in server/services/ingestion/README.md):
 * raw results partitioned by month, per unit and local day summaries holding a mergeable quantile
 * sketch (contracts/quantile-sketch.ts), unit credentials for ingestion and the unit attributes
 * analysts split and filter by. Every table leads with unit_id, the distribution column if the
 * store is ever distributed (Citus).
 */
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { at, timestamps } from './columns.ts'
import { measurementStatus } from './measurements.ts'
import { units } from './units.ts'

/**
 * One metric result of one test run. `PARTITION BY RANGE (dtime)`, one partition a month (the
 * migration adds it: drizzle-kit does not declare partitions), created ahead by
 * wb_ensure_result_partitions(). No foreign key on the hot table: a deleted unit's results are
 * purged with their partition's retention. The key is also the idempotency key of ingestion.
 */
export const unitResults = pgTable(
  'unit_results',
  {
    unitId: integer('unit_id').notNull(),
    /** contracts/ingestion.ts STORE_METRICS id. */
    metricId: smallint('metric_id').notNull(),
    /** When the test ran (UTC instant). */
    dtime: at('dtime').notNull(),
    /** The same instant on the unit's wall clock (its time zone when stored). */
    localTime: timestamp('local_time', { withTimezone: false }).notNull(),
    /** Null when status is not OK (the seeds return such results as they are). */
    value: doublePrecision('value'),
    status: measurementStatus('status').notNull().default('OK'),
    testId: uuid('test_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.unitId, t.metricId, t.dtime, t.testId] }),
    // Raw charts and exports of a panel: one metric over a time range.
    index('unit_results_metric_time_idx').on(t.metricId, t.dtime),
  ],
)

/**
 * A unit's results of one metric on one local day: the sketch of its OK values (bucket keys and
 * counts, ascending keys) with exact count, sum, min and max, and the other statuses counted.
 * Kept up to date by ingestion in the same transaction as the results.
 */
export const unitDaySummaries = pgTable(
  'unit_day_summaries',
  {
    unitId: integer('unit_id').notNull(),
    metricId: smallint('metric_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    sum: doublePrecision('sum').notNull(),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    keys: integer('keys').array().notNull(),
    counts: integer('counts').array().notNull(),
    noData: integer('no_data').notNull().default(0),
    cantRun: integer('cant_run').notNull().default(0),
    errors: integer('errors').notNull().default(0),
  },
  // A panel's chart reads its units' rows of one metric over a range of days through this key
  // (one range per unit); a second (metric, day) index would cost a third of the table's size.
  (t) => [primaryKey({ columns: [t.unitId, t.metricId, t.day] })],
)

/**
 * The same day summaries merged per cohort: the units of a panel that share ISP, package,
 * technology and region (122 cohorts for the demo's 2,000 units). A panel chart split or filtered
 * by those (or by country, through the ISP) merges ~16× fewer rows than from the unit-day grain.
 * `unit_ids` are the units that reported that day (agent counts). A unit counts in the cohort of
 * its attributes when its results arrive. Kept by ingestion in the same statement as the unit-day
 * rows; `wb_rebuild_cohort_day_summaries(panel, from, to)` derives them from the unit-day rows.
 */
export const cohortDaySummaries = pgTable(
  'cohort_day_summaries',
  {
    panelId: integer('panel_id').notNull(),
    metricId: smallint('metric_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ispId: integer('isp_id'),
    packageId: integer('package_id'),
    technology: text('technology'),
    region: text('region'),
    unitIds: integer('unit_ids').array().notNull(),
    count: integer('count').notNull(),
    sum: doublePrecision('sum').notNull(),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    keys: integer('keys').array().notNull(),
    counts: integer('counts').array().notNull(),
    noData: integer('no_data').notNull().default(0),
    cantRun: integer('cant_run').notNull().default(0),
    errors: integer('errors').notNull().default(0),
  },
  (t) => [
    unique('cohort_day_summaries_key')
      .on(t.panelId, t.metricId, t.day, t.ispId, t.packageId, t.technology, t.region)
      .nullsNotDistinct(),
  ],
)

/** A unit's ingestion credential: the SHA-256 of a random token (the unit holds the token). */
export const unitCredentials = pgTable('unit_credentials', {
  unitId: integer('unit_id')
    .primaryKey()
    .references(() => units.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  rotatedAt: at('rotated_at'),
  ...timestamps,
})

/**
 * What analysts split and filter a unit by beyond its ISP and package (seeds 001 §3 analytics
 * metadata): technology, region, the cable operator's hub site and CMTS, and custom fields.
 */
export const unitAttributes = pgTable(
  'unit_attributes',
  {
    unitId: integer('unit_id')
      .primaryKey()
      .references(() => units.id, { onDelete: 'cascade' }),
    /** dsl, cable, fibre, 4g, 5g. */
    technology: text('technology').notNull(),
    region: text('region'),
    hubSite: text('hub_site'),
    cmtsName: text('cmts_name'),
    custom: jsonb('custom').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [index('unit_attributes_technology_idx').on(t.technology)],
)
