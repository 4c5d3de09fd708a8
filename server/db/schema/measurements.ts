/** Test results, disconnections, skipped tests and instant tests of a unit. */
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { at } from './columns.ts'
import { units } from './units.ts'

export const measurementStatus = pgEnum('measurement_status', [
  'OK',
  'NO_DATA',
  'DEVICE_CANT_RUN_TEST',
  'ERROR',
])
/** Who started a test: the unit's schedule, or an instant test from one of the seeds' origins. */
export const testOrigin = pgEnum('test_origin', [
  'scheduled',
  'web_app',
  'web_iframe',
  'ios_app',
  'android_app',
])
export const testKind = pgEnum('test_kind', ['scheduled', 'instant_test', 'instant_test_api'])

/**
 * One metric value of one test run. The busiest table by far: every query reads one unit's metric
 * over a time range, so (unit_id, metric_key, dtime) is the access path. The primary key holds
 * dtime so the table can become `PARTITION BY RANGE (dtime)` (monthly) without changing keys.
 */
export const measurements = pgTable(
  'measurements',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    metricKey: text('metric_key').notNull(),
    dtime: at('dtime').notNull(),
    /** Null when status is not OK (the seeds return those results as they are). */
    value: doublePrecision('value'),
    status: measurementStatus('status').notNull().default('OK'),
    /** Bytes the test moved (seeds: dataUsage.totalBytesProcessed). */
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    /** Groups the metrics one run produced (the test result page is titled by it). */
    testId: uuid('test_id').notNull(),
    origin: testOrigin('origin').notNull().default('scheduled'),
    kind: testKind('kind').notNull().default('scheduled'),
    /** Whether the test ran against the unit's local target set (localTargetSetResultsOnly). */
    localTarget: boolean('local_target').notNull().default(true),
    target: text('target'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.dtime] }),
    index('measurements_unit_metric_time_idx').on(t.unitId, t.metricKey, t.dtime),
    index('measurements_test_idx').on(t.testId),
  ],
)

/** A period without connectivity; endDtime null means still in progress (seeds 3). */
export const disconnections = pgTable(
  'disconnections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    startDtime: at('start_dtime').notNull(),
    endDtime: at('end_dtime'),
    isUnreliable: boolean('is_unreliable').notNull().default(false),
  },
  (t) => [index('disconnections_unit_time_idx').on(t.unitId, t.startDtime)],
)

/** A scheduled test the unit did not run, and why. */
export const skippedTests = pgTable(
  'skipped_tests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    metricKey: text('metric_key').notNull(),
    dtime: at('dtime').notNull(),
    /** e.g. cross_traffic (the home was using the line), maintenance, target_unavailable. */
    reason: text('reason').notNull(),
  },
  (t) => [index('skipped_tests_unit_time_idx').on(t.unitId, t.dtime)],
)

export const instantTestStatus = pgEnum('instant_test_status', ['running', 'succeeded', 'failed'])

/** One instant test; its results go to measurements with the same test_id. */
export const instantTests = pgTable(
  'instant_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    origin: testOrigin('origin').notNull().default('web_app'),
    kind: testKind('kind').notNull().default('instant_test'),
    status: instantTestStatus('status').notNull().default('running'),
    /** The seeds' 8.4 code of a failure. */
    code: text('code'),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('instant_tests_unit_idx').on(t.unitId, t.startedAt),
    // At most one running test per unit, enforced by the database as well as the service.
    uniqueIndex('instant_tests_one_running_idx')
      .on(t.unitId)
      .where(sql`status = 'running'`),
  ],
)
