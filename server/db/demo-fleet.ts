/**
 * The demo fleet stays alive (DEMO_FLEET, on with the embedded database only):
 * - at start, a demo history that ended a while ago (the server was stopped for a day) is moved
 *   forward so it ends now: the dashboard shows "last 24 hours" with data, the consumer's unit is
 *   online, ongoing disconnections are still ongoing;
 * - while running, the units that were reporting keep reporting (last_seen every minute), so the
 *   30-minute offline rule (seeds 4.6) does not take the whole fleet offline an hour after start.
 * Units meant to be offline stay so: the ones with a disconnection in progress, the ones marked
 * offline externally, and the ones that had stopped reporting well before the rest of the fleet.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'

/** A gap below this is left alone (a restart, not a day away). */
const MIN_SHIFT_MS = 10 * 60_000
/** A unit seen this long before the most recent one is not reporting (the demo's silent unit). */
const REPORTING_WINDOW = '10 minutes'

/** Every time column of the demo history, moved together so that the story stays the same. */
const TIME_COLUMNS: [table: string, columns: string[]][] = [
  ['measurements', ['dtime']],
  ['skipped_tests', ['dtime']],
  ['disconnections', ['start_dtime', 'end_dtime']],
  ['units', ['last_seen', 'package_changed_at']],
  ['unit_package_changes', ['changed_at']],
  ['anomalies', ['first_seen', 'closed_at']],
  ['instant_tests', ['started_at', 'finished_at']],
]

/** Moves the demo history forward so that its newest unit report is `now`; returns the shift. */
export async function advanceDemoClock(db: Db, now: Date): Promise<number> {
  const result = await db.execute<{ latest: Date | string | null }>(
    sql`SELECT max(last_seen) AS latest FROM units`,
  )
  const latest = result.rows[0]?.latest
  if (latest === null || latest === undefined) return 0
  const shiftMs = now.getTime() - new Date(latest).getTime()
  if (shiftMs < MIN_SHIFT_MS) return 0
  const interval = `${String(Math.round(shiftMs / 1000))} seconds`
  await db.transaction(async (tx) => {
    for (const [table, columns] of TIME_COLUMNS) {
      // Names from the list above and a whole number of seconds: nothing here comes from outside.
      const sets = columns.map((column) => `"${column}" = "${column}" + interval '${interval}'`)
      await tx.execute(sql.raw(`UPDATE "${table}" SET ${sets.join(', ')}`))
    }
  })
  return shiftMs
}

/** One heartbeat: every reporting unit reports now; returns how many did. */
export async function reportDemoUnits(db: Db): Promise<number> {
  const result = await db.execute(sql`
    UPDATE units SET last_seen = now()
    WHERE NOT offline_externally
      AND last_seen >= (SELECT max(last_seen) FROM units) - ${REPORTING_WINDOW}::interval
      AND NOT EXISTS (
        SELECT 1 FROM disconnections d WHERE d.unit_id = units.id AND d.end_dtime IS NULL
      )`)
  return result.rowCount ?? 0
}

/** Starts the heartbeat; the returned function stops it. */
export function startDemoHeartbeat(
  db: Db,
  onError: (error: unknown) => void,
  everyMs = 60_000,
): () => void {
  const timer = setInterval(() => {
    reportDemoUnits(db).catch(onError)
  }, everyMs)
  timer.unref()
  return () => {
    clearInterval(timer)
  }
}
