/**
 * The enterprise demo fleet reports its results through ingestion, as units do in production
 * (issue 23 §1). The seed wrote the fleet's history up to its own clock; from then on, every few
 * minutes, the results the seed's generator schedules between the last report and now (the same
 * values and test ids the seed would have written) are posted by each unit, with its own
 * credential, to `POST /api/ingestion/units/{id}/results` of this server. A restart after a pause
 * catches up, at most `CATCH_UP_MS` back; a result sent twice is skipped by ingestion (same test
 * id), so overlapping windows are harmless.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { MAX_BATCH, storeMetricKeyOf, type IngestResult } from '../../contracts/ingestion.ts'
import { hashUnitToken } from '../services/ingestion/credentials.ts'
import type { Db } from './client.ts'
import { ENTERPRISE_PANEL, generatorSql, ongoingIncidents } from './seed-enterprise.ts'

const DAY_MS = 86_400_000
/** The longest gap a restart fills (the seed's raw window is a week: older days stay summaries). */
export const CATCH_UP_MS = 2 * DAY_MS

/** Posts one unit's batch; resolves when the server has committed it. */
export type PostBatch = (unitId: number, token: string, results: IngestResult[]) => Promise<void>

/**
 * Issues a fresh credential to every unit of the fleet (one statement) and returns the tokens,
 * kept in memory only: the demo reporter is the only holder.
 */
export async function issueFleetCredentials(db: Db): Promise<Map<number, string>> {
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT id FROM units WHERE panel_id = ${ENTERPRISE_PANEL.pid} ORDER BY id`,
  )
  const tokens = new Map(
    rows.map((row) => [row.id, `wbu_${row.id}_${randomBytes(32).toString('base64url')}`]),
  )
  if (tokens.size === 0) return tokens
  await db.execute(sql`
    INSERT INTO unit_credentials (unit_id, token_hash)
    SELECT * FROM unnest(${sql.param([...tokens.keys()])}::int[],
                         ${sql.param([...tokens.values()].map(hashUnitToken))}::text[])
    ON CONFLICT (unit_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, rotated_at = now()`)
  return tokens
}

/** When the fleet's last stored result ran (the start of the next window), or null. */
export async function lastFleetResult(db: Db): Promise<Date | null> {
  const { rows } = await db.execute<{ last: Date | string | null }>(sql`
    SELECT max(r.dtime) AS last FROM unit_results r
    WHERE r.metric_id = 1 AND r.dtime > now() - interval '8 days'
      AND r.unit_id IN (SELECT id FROM units WHERE panel_id = ${ENTERPRISE_PANEL.pid})`)
  const last = rows[0]?.last
  return last === null || last === undefined ? null : new Date(last)
}

const ymd = (date: Date) => date.toISOString().slice(0, 10)

/** The fleet's results that ran in (since, now], per unit, in time order. */
export async function dueResults(
  db: Db,
  since: Date,
  now: Date,
): Promise<Map<number, IngestResult[]>> {
  // Local days run from 14 hours ahead of UTC to 12 behind: a day either side covers them.
  const from = new Date(since.getTime() - DAY_MS)
  const days = Math.ceil((now.getTime() + DAY_MS - from.getTime()) / DAY_MS)
  const generator = generatorSql({
    pid: ENTERPRISE_PANEL.pid,
    from: ymd(from),
    days,
    now,
    part: 0,
    parts: 1,
    testIds: true,
    incidents: ongoingIncidents(now),
  })
  const { rows } = await db.execute<{
    unit_id: number
    metric_id: number
    dtime: string
    status: IngestResult['status']
    value: number | null
    test_id: string
  }>(
    sql.raw(`SELECT unit_id, metric_id,
                    to_char(dtime AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS dtime,
                    status::text AS status, value, test_id::text AS test_id
             FROM (${generator}) g
             WHERE dtime > '${since.toISOString()}'::timestamptz
             ORDER BY unit_id, dtime`),
  )
  const byUnit = new Map<number, IngestResult[]>()
  for (const row of rows) {
    const metric = storeMetricKeyOf(row.metric_id)
    if (metric === null) continue
    const list = byUnit.get(row.unit_id) ?? []
    list.push({
      testId: row.test_id,
      metric,
      dtime: row.dtime,
      status: row.status,
      value: row.status === 'OK' ? (row.value ?? undefined) : undefined,
    })
    byUnit.set(row.unit_id, list)
  }
  return byUnit
}

/** Posts every unit's due results (batches of at most MAX_BATCH, `concurrency` at a time). */
export async function reportFleet(
  byUnit: Map<number, IngestResult[]>,
  tokens: Map<number, string>,
  post: PostBatch,
  concurrency = 4,
): Promise<{ batches: number; results: number }> {
  const batches: [number, string, IngestResult[]][] = []
  for (const [unitId, results] of byUnit) {
    const token = tokens.get(unitId)
    if (token === undefined) continue
    for (let start = 0; start < results.length; start += MAX_BATCH) {
      batches.push([unitId, token, results.slice(start, start + MAX_BATCH)])
    }
  }
  let next = 0
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]
      if (batch) await post(...batch)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { batches: batches.length, results: batches.reduce((n, [, , r]) => n + r.length, 0) }
}

/** A PostBatch over HTTP to a base URL (this server's loopback address). */
export function httpPost(baseUrl: string): PostBatch {
  return async (unitId, token, results) => {
    const response = await fetch(`${baseUrl}/api/ingestion/units/${String(unitId)}/results`, {
      method: 'POST',
      headers: { authorization: `Unit ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ results }),
    })
    if (!response.ok) {
      throw new Error(`ingestion answered ${String(response.status)}: ${await response.text()}`)
    }
  }
}

/**
 * Starts the reporter: credentials first, then a report of what is due every `everyMs` (the
 * first right away). Returns the stop function.
 */
export function startDemoReporter(
  db: Db,
  post: PostBatch,
  onError: (error: unknown) => void,
  everyMs = 5 * 60_000,
): () => void {
  let stopped = false
  let since: Date | null = null
  let tokens: Map<number, string> | null = null
  let running = false
  const tick = async () => {
    if (running || stopped) return
    running = true
    try {
      tokens ??= await issueFleetCredentials(db)
      if (tokens.size === 0) return
      const now = new Date()
      since ??= (await lastFleetResult(db)) ?? now
      const from = new Date(Math.max(since.getTime(), now.getTime() - CATCH_UP_MS))
      await reportFleet(await dueResults(db, from, now), tokens, post)
      since = now
    } catch (error) {
      onError(error)
    } finally {
      running = false
    }
  }
  void tick()
  const timer = setInterval(() => void tick(), everyMs)
  timer.unref()
  return () => {
    stopped = true
    clearInterval(timer)
  }
}
