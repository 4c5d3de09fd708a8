import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { InstantTestCode, TestOrigin } from '../../../contracts/instant-test.ts'
import type { Db } from '../../db/client.ts'
import { bumpUnitData } from '../../lib/unit-data-version.ts'
import {
  consumerConfigs,
  disconnections,
  instantTests,
  measurements,
  packages,
  units,
} from '../../db/schema.ts'
import { offsetOf, type PageRequest } from '../../lib/list.ts'

/** What the pre-test checks need to know about a unit, read in one query. */
export type UnitFacts = {
  id: number
  panelId: number | null
  isTtCompatible: boolean
  lastSeen: Date | null
  offlineExternally: boolean
  isUnreliable: boolean
  environment: Record<string, string | number | boolean> | null
  downloadKbps: number | null
  uploadKbps: number | null
  disconnectionInProgress: boolean
  /** consumer_configs.config.instantTestsEnabled; null when the unit has no config or no such key. */
  instantTestsEnabled: boolean | null
}

/** The unit with its package, ongoing disconnection and consumer config, or null. */
export async function findUnitFacts(db: Db, unitId: number): Promise<UnitFacts | null> {
  const [row] = await db
    .select({
      id: units.id,
      panelId: units.panelId,
      isTtCompatible: units.isTtCompatible,
      lastSeen: units.lastSeen,
      offlineExternally: units.offlineExternally,
      isUnreliable: units.isUnreliable,
      environment: units.environment,
      downloadKbps: packages.downloadKbps,
      uploadKbps: packages.uploadKbps,
      disconnectionInProgress: sql<boolean>`exists (
        select 1 from ${disconnections}
        where ${disconnections.unitId} = ${units.id} and ${disconnections.endDtime} is null
      )`,
      config: consumerConfigs.config,
    })
    .from(units)
    .leftJoin(packages, eq(packages.id, units.packageId))
    .leftJoin(consumerConfigs, eq(consumerConfigs.unitId, units.id))
    .where(eq(units.id, unitId))
    .limit(1)
  if (!row) return null
  const { config, ...facts } = row
  const enabled = config?.instantTestsEnabled
  return { ...facts, instantTestsEnabled: typeof enabled === 'boolean' ? enabled : null }
}

// One key for every start, so "one running per unit" and "at most N server-wide" are decided by
// one server instance at a time even when several share the database.
const START_LOCK_KEY = 0x7769_7465 // 'wite'

/** The outcome of trying to register a new running test. */
export type StartOutcome = { ok: true; testId: string } | { ok: false; code: InstantTestCode }

/**
 * Registers a running test for the unit unless one is running there (IN_PROGRESS) or `maxRunning`
 * run server-wide (TARGET_AT_CAPACITY). Running rows older than `staleBefore` are failed first: a
 * process that died mid-test must not block the unit for ever.
 */
export async function startTest(
  db: Db,
  input: {
    unitId: number
    userId: number
    origin: TestOrigin
    maxRunning: number
    staleBefore: Date
    /** Checked between IN_PROGRESS and TARGET_AT_CAPACITY (the order of the seeds' codes). */
    noAvailableTests: boolean
  },
): Promise<StartOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK_KEY})`)
    await tx
      .update(instantTests)
      .set({ status: 'failed', code: 'UNKNOWN', finishedAt: sql`now()` })
      .where(and(eq(instantTests.status, 'running'), lt(instantTests.startedAt, input.staleBefore)))
    const [mine] = await tx
      .select({ id: instantTests.id })
      .from(instantTests)
      .where(and(eq(instantTests.unitId, input.unitId), eq(instantTests.status, 'running')))
      .limit(1)
    if (mine) return { ok: false, code: 'IN_PROGRESS' }
    if (input.noAvailableTests) return { ok: false, code: 'NO_AVAILABLE_TESTS' }
    const [running] = await tx
      .select({ n: count() })
      .from(instantTests)
      .where(eq(instantTests.status, 'running'))
    if ((running?.n ?? 0) >= input.maxRunning) return { ok: false, code: 'TARGET_AT_CAPACITY' }
    // The partial unique index (one running row per unit) is the last word, whatever the lock.
    const inserted = await tx
      .insert(instantTests)
      .values({
        unitId: input.unitId,
        userId: input.userId,
        origin: input.origin,
        kind: 'instant_test',
      })
      .onConflictDoNothing({
        target: instantTests.unitId,
        where: sql`status = 'running'`,
      })
      .returning({ id: instantTests.id })
    const row = inserted[0]
    return row ? { ok: true, testId: row.id } : { ok: false, code: 'IN_PROGRESS' }
  })
}

/** One measurement of a finished test. */
export type MeasurementInput = { metricKey: string; value: number; bytes: number }

/**
 * Stores the results under the test id, marks the test succeeded and the unit seen, in one
 * transaction; false (nothing stored) when the test is no longer running (failed as stale meanwhile).
 * Bumps the unit's data version once the transaction is over (committed, or failed in a way that
 * may have committed), so no cached answer of the unit's results outlives the new measurements.
 */
export async function completeTest(
  db: Db,
  input: {
    testId: string
    unitId: number
    origin: TestOrigin
    at: Date
    results: MeasurementInput[]
  },
): Promise<boolean> {
  try {
    return await storeResults(db, input)
  } finally {
    bumpUnitData(input.unitId)
  }
}

function storeResults(db: Db, input: Parameters<typeof completeTest>[1]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(instantTests)
      .set({ status: 'succeeded', finishedAt: input.at })
      .where(and(eq(instantTests.id, input.testId), eq(instantTests.status, 'running')))
      .returning({ id: instantTests.id })
    if (updated.length === 0) return false
    // A unit that just delivered results was evidently online.
    await tx.update(units).set({ lastSeen: input.at }).where(eq(units.id, input.unitId))
    await tx.insert(measurements).values(
      input.results.map((result) => ({
        unitId: input.unitId,
        metricKey: result.metricKey,
        dtime: input.at,
        value: result.value,
        bytes: result.bytes,
        testId: input.testId,
        origin: input.origin,
        kind: 'instant_test' as const,
      })),
    )
    return true
  })
}

/** Marks running tests failed with a code (a simulation that broke, a server shutting down). */
export async function failTests(db: Db, testIds: string[], code: InstantTestCode): Promise<void> {
  if (testIds.length === 0) return
  await db
    .update(instantTests)
    .set({ status: 'failed', code, finishedAt: sql`now()` })
    .where(and(inArray(instantTests.id, testIds), eq(instantTests.status, 'running')))
}

/** A page of the unit's instant tests, newest first, with the measurements each produced. */
export async function listTests(db: Db, unitId: number, page: PageRequest) {
  const [total] = await db
    .select({ n: count() })
    .from(instantTests)
    .where(eq(instantTests.unitId, unitId))
  const rows = await db
    .select()
    .from(instantTests)
    .where(eq(instantTests.unitId, unitId))
    .orderBy(desc(instantTests.startedAt), desc(instantTests.id))
    .limit(page.perPage)
    .offset(offsetOf(page))
  const ids = rows.map((row) => row.id)
  const results =
    ids.length === 0
      ? []
      : await db
          .select({
            testId: measurements.testId,
            metricKey: measurements.metricKey,
            value: measurements.value,
            bytes: measurements.bytes,
          })
          .from(measurements)
          .where(and(eq(measurements.unitId, unitId), inArray(measurements.testId, ids)))
          .orderBy(measurements.id)
  return { total: total?.n ?? 0, rows, results }
}
