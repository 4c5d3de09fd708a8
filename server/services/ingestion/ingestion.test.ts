import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import type { IngestResult } from '../../../contracts/ingestion.ts'
import {
  exactQuantile,
  sketchKey,
  sketchOf,
  sketchQuantile,
  ALPHA,
} from '../../../contracts/quantile-sketch.ts'
import { unitDataVersion } from '../../lib/unit-data-version.ts'
import { bearer, errorBody, signIn, useTestApp } from '../../test/helpers.ts'
import { issueUnitCredential } from './credentials.ts'

const t = useTestApp()
const UNIT = 7
const OTHER_UNIT = 8
let token = ''
let otherToken = ''

beforeAll(async () => {
  await t.db.execute(sql`UPDATE units SET timezone = 'Pacific/Auckland' WHERE id = ${UNIT}`)
  token = await issueUnitCredential(t.db, UNIT)
  otherToken = await issueUnitCredential(t.db, OTHER_UNIT)
})

type Body = { results: Partial<Record<keyof IngestResult, unknown>>[] } | Record<string, unknown>

function post(unitId: number, body: Body, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/ingestion/units/${unitId}/results`,
    payload: body,
    headers,
  })
}
const unitAuth = (value: string) => ({ authorization: `Unit ${value}` })

const HOUR = 3_600_000
/** A result `hoursAgo` hours before now. */
function result(metric: string, value: number | null, hoursAgo: number, extra = {}) {
  return {
    testId: randomUUID(),
    metric,
    dtime: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
    value,
    ...extra,
  }
}

describe('refusals', () => {
  const batch = { results: [result('httpgetmt', 100, 1)] }

  it('refuses a request without a unit credential (401 UNAUTHENTICATED)', async () => {
    const response = await post(UNIT, batch)
    expect(response.statusCode).toBe(401)
    expect(errorBody(response).code).toBe('UNAUTHENTICATED')
  })

  it('refuses a user access token: not a unit credential (401)', async () => {
    const { accessToken } = await signIn(t.app, 'staff')
    const response = await post(UNIT, batch, bearer(accessToken.token))
    expect(response.statusCode).toBe(401)
  })

  it('refuses a forged or revoked token (401 UNIT_CREDENTIAL_INVALID)', async () => {
    const forged = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
    for (const value of [forged, `wbu_${UNIT}_${'x'.repeat(43)}`, 'nonsense']) {
      const response = await post(UNIT, batch, unitAuth(value))
      expect(response.statusCode, value).toBe(401)
      expect(errorBody(response).code).toBe('UNIT_CREDENTIAL_INVALID')
    }
  })

  it("refuses another unit's credential (403 FORBIDDEN), before reading the body", async () => {
    const response = await post(UNIT, { nonsense: true }, unitAuth(otherToken))
    expect(response.statusCode).toBe(403)
    expect(errorBody(response).code).toBe('FORBIDDEN')
  })

  it.each([
    [{ results: [] }, 'results'],
    [{ results: [{ ...result('httpgetmt', 1, 1), metric: 'nope' }] }, 'results.0.metric'],
    [{ results: [result('httpgetmt', null, 1)] }, 'results.0.value'],
    [{ results: [result('httpgetmt', 5, 1, { status: 'ERROR' })] }, 'results.0.value'],
    [{ results: [{ ...result('httpgetmt', 1, 1), testId: 'x' }] }, 'results.0.testId'],
    [{ results: [{ ...result('httpgetmt', 1, 1), dtime: 'yesterday' }] }, 'results.0.dtime'],
    [{ results: [result('httpgetmt', 1, 1), result('udpLatency', 1, -5)] }, 'results.1.dtime'],
    [{ results: [result('httpgetmt', 1e300, 1)] }, 'results.0.value'],
  ])('refuses a bad payload with the field (%#: %s)', async (body, field) => {
    const response = await post(UNIT, body, unitAuth(token))
    expect(response.statusCode).toBe(400)
    const answer = errorBody(response)
    expect(answer.code).toBe('VALIDATION_FAIL')
    expect(Object.keys(answer.errors ?? {})).toEqual([field])
  })
})

describe('accepting results', () => {
  const summaryOf = async (metricId: number) => {
    const { rows } = await t.db.execute<{
      day: string
      count: number
      sum: number
      min: number | null
      max: number | null
      keys: number[]
      counts: number[]
      no_data: number
      errors: number
    }>(sql`SELECT day::text, count, sum, min, max, keys, counts, no_data, errors
           FROM unit_day_summaries WHERE unit_id = ${UNIT} AND metric_id = ${metricId}
           ORDER BY day`)
    return rows
  }

  it('stores a batch, and a resent one is skipped (idempotent)', async () => {
    const batch = {
      results: [
        result('udpLatency', 12.5, 2),
        result('udpLatency', 14, 2.5),
        result('udpLatency', null, 3, { status: 'NO_DATA' }),
      ],
    }
    const version = unitDataVersion(UNIT)
    const first = await post(UNIT, batch, unitAuth(token))
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ accepted: 3, duplicates: 0 })
    // What is kept from the unit's results (map sums) is read again.
    expect(unitDataVersion(UNIT)).toBeGreaterThan(version)
    const before = await summaryOf(5)
    const again = await post(UNIT, batch, unitAuth(token))
    expect(again.json()).toEqual({ accepted: 0, duplicates: 3 })
    expect(await summaryOf(5)).toEqual(before)
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM unit_results WHERE unit_id = ${UNIT} AND metric_id = 5`,
    )
    expect(rows[0]?.n).toBe(3)
  })

  it('stores the mobile test positions of the results that went in, once', async () => {
    const fix = { latitude: 51.5, longitude: -0.12, signal: -87 }
    const batch = {
      results: [
        result('httppostmt', 42.5, 1, { position: fix }),
        // No fix (−1/−1) is kept as reported, and dropped by the map that reads it.
        result('httppostmt', 40, 1.5, { position: { latitude: -1, longitude: -1 } }),
        result('httppostmt', null, 2, { status: 'ERROR', position: { ...fix, signal: 0 } }),
        result('httppostmt', 41, 2.5),
      ],
    }
    const first = await post(UNIT, batch, unitAuth(token))
    expect(first.json()).toEqual({ accepted: 4, duplicates: 0 })
    const again = await post(UNIT, batch, unitAuth(token))
    expect(again.json()).toEqual({ accepted: 0, duplicates: 4 })
    const { rows } = await t.db.execute<{
      test_id: string
      latitude: number
      longitude: number
      signal: number | null
      value: number | null
    }>(sql`SELECT test_id::text, latitude, longitude, signal, value FROM mobile_results
           WHERE unit_id = ${UNIT} AND test_id = ANY(${sql.param(batch.results.map((r) => r.testId))}::uuid[])
           ORDER BY dtime DESC`)
    expect(rows).toEqual([
      { test_id: batch.results[0]?.testId, ...fix, value: 42.5 },
      { test_id: batch.results[1]?.testId, latitude: -1, longitude: -1, signal: null, value: 40 },
      { test_id: batch.results[2]?.testId, ...fix, signal: 0, value: null },
    ])
  })

  it.each([
    ['a latitude that is not a number', { latitude: 'north', longitude: 0 }],
    ['a missing longitude', { latitude: 10 }],
    ['a signal above 0 dBm', { latitude: 10, longitude: 10, signal: 5 }],
    ['a fractional signal', { latitude: 10, longitude: 10, signal: -80.5 }],
  ])('refuses a position with %s (400, nothing stored)', async (_, position) => {
    const bad = result('httppostmt', 10, 1, { position })
    const response = await post(UNIT, { results: [bad] }, unitAuth(token))
    expect(response.statusCode).toBe(400)
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM unit_results WHERE test_id = ${bad.testId}::uuid`,
    )
    expect(rows[0]?.n).toBe(0)
  })

  it('keeps per local day summaries equal to the sketch of the stored values', async () => {
    // 60 download results over 5 days in two batches (Auckland days, not UTC days), one error.
    const values = Array.from({ length: 60 }, (_, i) => 20 + ((i * 37) % 97) + i / 7)
    const rows = values.map((value, i) => result('httpgetmt', value, 1 + i * 2))
    const error = result('httpgetmt', null, 30, { status: 'ERROR' })
    const first = await post(UNIT, { results: rows.slice(0, 25) }, unitAuth(token))
    const second = await post(UNIT, { results: [...rows.slice(20), error] }, unitAuth(token))
    expect(first.json()).toEqual({ accepted: 25, duplicates: 0 })
    expect(second.json()).toEqual({ accepted: 36, duplicates: 5 })

    const dayOf = (dtime: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date(dtime))
    const byDay = new Map<string, number[]>()
    rows.forEach((row, i) => {
      const list = byDay.get(dayOf(row.dtime)) ?? []
      list.push(values[i] ?? NaN)
      byDay.set(dayOf(row.dtime), list)
    })
    const summaries = await summaryOf(1)
    expect(summaries.map((s) => s.day)).toEqual([...byDay.keys()].sort())
    for (const summary of summaries) {
      const dayValues = byDay.get(summary.day) ?? []
      const expected = sketchOf(dayValues)
      expect(summary.count).toBe(dayValues.length)
      expect(summary.sum).toBeCloseTo(expected.sum, 9)
      expect(summary.min).toBe(expected.min)
      expect(summary.max).toBe(expected.max)
      expect(summary.keys).toEqual(expected.keys)
      expect(summary.counts).toEqual(expected.counts)
      expect(summary.errors).toBe(summary.day === dayOf(error.dtime) ? 1 : 0)
    }

    // Merged across the days, the median and p95 are within 1% of percentile_disc of the rows.
    const merged = {
      keys: [] as number[],
      counts: [] as number[],
      count: 0,
      sum: 0,
      min: Infinity,
      max: -Infinity,
    }
    const buckets = new Map<number, number>()
    for (const s of summaries) {
      s.keys.forEach((k, i) => buckets.set(k, (buckets.get(k) ?? 0) + (s.counts[i] ?? 0)))
      merged.count += s.count
      merged.min = Math.min(merged.min, s.min ?? Infinity)
      merged.max = Math.max(merged.max, s.max ?? -Infinity)
    }
    merged.keys = [...buckets.keys()].sort((a, b) => a - b)
    merged.counts = merged.keys.map((k) => buckets.get(k) ?? 0)
    const { rows: exact } = await t.db.execute<{ p50: number; p95: number }>(sql`
      SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY value) AS p50,
             percentile_disc(0.95) WITHIN GROUP (ORDER BY value) AS p95
      FROM unit_results WHERE unit_id = ${UNIT} AND metric_id = 1 AND status = 'OK'`)
    for (const [q, column] of [
      [0.5, 'p50'],
      [0.95, 'p95'],
    ] as const) {
      const truth = exact[0]?.[column] ?? NaN
      expect(truth).toBe(exactQuantile(values, q))
      expect(Math.abs((sketchQuantile(merged, q) ?? NaN) - truth)).toBeLessThanOrEqual(
        ALPHA * truth,
      )
    }
  })

  it('keeps the cohort rows equal to the unit-day rows merged per cohort', async () => {
    // After the batches above (a resent part included): what ingestion kept, then a rebuild.
    const cohortRows = async () => {
      const { rows } = await t.db.execute(sql`
        SELECT c.metric_id, c.day::text, c.isp_id, c.package_id, c.technology, c.region,
               (SELECT array_agg(x ORDER BY x) FROM unnest(c.unit_ids) x) AS unit_ids,
               c.count, c.sum, c.min, c.max, c.keys, c.counts, c.no_data, c.cant_run, c.errors
        FROM cohort_day_summaries c JOIN units u ON u.panel_id = c.panel_id AND u.id = ${UNIT}
        ORDER BY 1, 2, 3, 4, 5, 6`)
      return rows
    }
    const kept = await cohortRows()
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.every((row) => Array.isArray(row.unit_ids) && row.unit_ids.includes(UNIT))).toBe(
      true,
    )
    await t.db.execute(sql`SELECT wb_rebuild_cohort_day_summaries(
      (SELECT panel_id FROM units WHERE id = ${UNIT}), '-infinity'::date, 'infinity'::date)`)
    const rebuilt = await cohortRows()
    expect(kept.map((row) => ({ ...row, sum: Number(row.sum).toFixed(6) }))).toEqual(
      rebuilt.map((row) => ({ ...row, sum: Number(row.sum).toFixed(6) })),
    )
  })

  it('computes the same bucket keys in SQL as in contracts/quantile-sketch.ts', async () => {
    const samples = [0, 1e-12, 0.004, 0.5, 1, 1.0202, 12.5, 99.99, 940.3, 1e7, -3, -95.5, -120]
    const { rows } = await t.db.execute<{ k: number }>(
      sql`SELECT wb_sketch_key(v) AS k FROM unnest(${sql.param(samples)}::float8[]) WITH ORDINALITY AS x(v, n) ORDER BY n`,
    )
    expect(rows.map((row) => row.k)).toEqual(samples.map(sketchKey))
  })
})

describe('malformed batches with a valid credential', () => {
  it('never answer 5xx (property)', async () => {
    const near = fc.record(
      {
        testId: fc.oneof(fc.uuid(), fc.string()),
        metric: fc.oneof(fc.constantFrom('httpgetmt', 'mobile_signal_strength'), fc.string()),
        dtime: fc.oneof(
          fc
            .date({ min: new Date(0), max: new Date(Date.now() + 86_400_000) })
            .map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())),
          fc.string(),
        ),
        status: fc.constantFrom('OK', 'NO_DATA', 'ERROR', 'DEVICE_CANT_RUN_TEST', 'nope'),
        value: fc.oneof(fc.double(), fc.constant(null), fc.string()),
      },
      { requiredKeys: [] },
    )
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.record({ results: fc.array(near, { maxLength: 5 }) }), fc.anything()),
        async (body) => {
          const response = await post(UNIT, body as Body, unitAuth(token))
          expect(response.statusCode, response.body).toBeLessThan(500)
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('partitions', () => {
  it('creates a month ahead once, and leaves a month whose rows went to the default alone', async () => {
    const month = (offset: number) => {
      const d = new Date()
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1))
        .toISOString()
        .slice(0, 10)
    }
    const created = await t.db.execute<{ n: number }>(
      sql`SELECT wb_ensure_result_partitions(${month(6)}::date, ${month(6)}::date) AS n`,
    )
    expect(created.rows[0]?.n).toBe(1)
    const again = await t.db.execute<{ n: number }>(
      sql`SELECT wb_ensure_result_partitions(${month(6)}::date, ${month(6)}::date) AS n`,
    )
    expect(again.rows[0]?.n).toBe(0)
    // A row of a month without its partition lands in the default partition…
    await t.db.execute(sql`
      INSERT INTO unit_results (unit_id, metric_id, dtime, local_time, value, test_id)
      VALUES (${UNIT}, 1, ${month(9)}::timestamptz, ${month(9)}::timestamp, 1, ${randomUUID()})`)
    // …and creating that month later keeps it there instead of failing.
    const late = await t.db.execute<{ n: number }>(
      sql`SELECT wb_ensure_result_partitions(${month(9)}::date, ${month(9)}::date) AS n`,
    )
    expect(late.rows[0]?.n).toBe(0)
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM unit_results_default`,
    )
    expect(rows[0]?.n).toBe(1)
  })
})
