import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { IngestAnswer } from '../../contracts/ingestion.ts'
import { useTestApp } from '../test/helpers.ts'
import {
  dueResults,
  issueFleetCredentials,
  lastFleetResult,
  reportFleet,
  type PostBatch,
} from './demo-reporter.ts'
import { seedEnterpriseFleet } from './seed-enterprise.ts'

const t = useTestApp()
const HOUR = 3_600_000
// The fleet was seeded three hours ago; the reporter brings it up to now.
const SEEDED_AT = new Date(Date.now() - 3 * HOUR)
const answers: IngestAnswer[] = []

const post: PostBatch = async (unitId, token, results) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/ingestion/units/${String(unitId)}/results`,
    headers: { authorization: `Unit ${token}` },
    payload: { results },
  })
  expect(response.statusCode, response.body).toBe(200)
  answers.push(response.json<IngestAnswer>())
}

async function fleetResults(): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM unit_results WHERE unit_id >= 1001`,
  )
  return rows[0]?.n ?? 0
}

beforeAll(async () => {
  await seedEnterpriseFleet(t.db, { now: SEEDED_AT, units: 40, days: 2, rawDays: 2 })
})

describe('the demo reporter', () => {
  it('posts what the fleet ran since the seed through ingestion, each result once', async () => {
    const last = await lastFleetResult(t.db)
    expect(last).not.toBeNull()
    expect(last?.getTime()).toBeLessThanOrEqual(SEEDED_AT.getTime())

    const tokens = await issueFleetCredentials(t.db)
    expect(tokens.size).toBe(40)
    const now = new Date()
    const due = await dueResults(t.db, SEEDED_AT, now)
    const results = [...due.values()].flat()
    // 40 units, ~45 results a day each, three hours: some, all in the window.
    expect(results.length).toBeGreaterThan(40)
    for (const result of results) {
      const time = Date.parse(result.dtime)
      expect(time).toBeGreaterThan(SEEDED_AT.getTime())
      expect(time).toBeLessThanOrEqual(now.getTime())
    }

    const before = await fleetResults()
    const report = await reportFleet(due, tokens, post)
    expect(report.results).toBe(results.length)
    expect(answers.reduce((n, a) => n + a.accepted, 0)).toBe(results.length)
    expect(await fleetResults()).toBe(before + results.length)

    // The same window again (a restart): every result is a duplicate.
    answers.length = 0
    await reportFleet(await dueResults(t.db, SEEDED_AT, now), tokens, post)
    expect(answers.reduce((n, a) => n + a.accepted, 0)).toBe(0)
    expect(answers.reduce((n, a) => n + a.duplicates, 0)).toBe(results.length)
  })

  it('reports the same results the seed writes (same test ids)', async () => {
    // A window inside the seeded history: everything in it is already stored.
    const due = await dueResults(t.db, new Date(SEEDED_AT.getTime() - 2 * HOUR), SEEDED_AT)
    const results = [...due.values()].flat()
    expect(results.length).toBeGreaterThan(0)
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM unit_results
          WHERE test_id = ANY(${sql.param(results.map((r) => r.testId))}::uuid[])`,
    )
    expect(rows[0]?.n).toBe(results.length)
  })
})
