import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/helpers.ts'
import { advanceDemoClock, reportDemoUnits } from './demo-fleet.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const DAY_MS = 86_400_000

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = await t.db.execute(query)
  return result.rows[0] as T
}

describe('demo fleet', () => {
  // First on the freshly seeded history (seeded just now), then moving it into the future.
  it('keeps reporting units online, and leaves the silent and disconnected ones offline', async () => {
    const reported = await reportDemoUnits(t.db)
    const states = await t.db.execute<{ id: number; fresh: boolean; ongoing: boolean }>(sql`
      SELECT u.id, u.last_seen > now() - interval '1 minute' AS fresh,
             EXISTS (SELECT 1 FROM disconnections d WHERE d.unit_id = u.id AND d.end_dtime IS NULL) AS ongoing
      FROM units u ORDER BY u.id`)
    const fresh = states.rows.filter((row) => row.fresh)
    expect(reported).toBe(fresh.length)
    // The consumer's unit reports; a unit with a disconnection in progress does not.
    expect(states.rows.find((row) => row.id === 1)?.fresh).toBe(true)
    const disconnected = states.rows.filter((row) => row.ongoing)
    expect(disconnected.length).toBeGreaterThan(0)
    expect(disconnected.every((row) => !row.fresh)).toBe(true)
    // The unit that stopped reporting two hours before the others stays silent.
    expect(states.rows.length - fresh.length).toBeGreaterThan(disconnected.length)
  })
  it('moves a history that ended two days ago forward to now, every table by the same amount', async () => {
    const before = await one<{ seen: string; newest: string; ongoing: number }>(sql`
      SELECT (SELECT max(last_seen) FROM units) AS seen,
             (SELECT max(dtime) FROM measurements) AS newest,
             (SELECT count(*)::int FROM disconnections WHERE end_dtime IS NULL) AS ongoing`)
    const now = new Date(new Date(before.seen).getTime() + 2 * DAY_MS)

    const shift = await advanceDemoClock(t.db, now)
    expect(shift).toBe(2 * DAY_MS)

    const after = await one<{ seen: string; newest: string; ongoing: number }>(sql`
      SELECT (SELECT max(last_seen) FROM units) AS seen,
             (SELECT max(dtime) FROM measurements) AS newest,
             (SELECT count(*)::int FROM disconnections WHERE end_dtime IS NULL) AS ongoing`)
    expect(new Date(after.seen).getTime()).toBe(now.getTime())
    expect(new Date(after.newest).getTime() - new Date(before.newest).getTime()).toBe(2 * DAY_MS)
    // Still in progress: the story is the same, only later.
    expect(after.ongoing).toBe(before.ongoing)
    expect(after.ongoing).toBeGreaterThan(0)

    // A restart minutes later changes nothing.
    expect(await advanceDemoClock(t.db, new Date(now.getTime() + 60_000))).toBe(0)
  })
})
