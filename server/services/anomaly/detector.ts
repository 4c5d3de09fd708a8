/**
 * The detector job: reads a panel's day summaries per area (hub site), runs the rules of
 * detect.ts and stores what they find as collections and anomalies. Idempotent: a collection is
 * keyed by panel, area and first day, an anomaly by its collection, type and metric, so each run
 * updates what the last one found; an open collection the rules no longer find is closed.
 * One run at a time per panel across instances (a transaction-scoped advisory lock).
 */
import { sql } from 'drizzle-orm'
import type { AnomalyMetric } from '../../../contracts/anomalies.ts'
import { STORE_METRICS } from '../../../contracts/ingestion.ts'
import type { Db } from '../../db/client.ts'
import {
  addDays,
  BASELINE_DAYS,
  detect,
  DETECT_DAYS,
  type AreaDay,
  type DetectedCollection,
  type PanelDay,
} from './detect.ts'

/** The store metric each anomaly metric is read from. */
export const DETECTED_METRICS: Record<string, AnomalyMetric> = {
  [STORE_METRICS.httpgetmt.id]: 'download',
  [STORE_METRICS.httppostmt.id]: 'upload',
  [STORE_METRICS.udpLatency.id]: 'latency',
  [STORE_METRICS.udpPacketLoss.id]: 'packet_loss',
}
const METRIC_IDS = Object.keys(DETECTED_METRICS).map(Number)

/** Lock namespace of the detector's advisory locks (one per panel). */
const LOCK_SPACE = 0x5742_4146 // "WBAF"

export type DetectionReport = { panelId: number; latest: string | null; collections: number }

/** The pool or the detector's transaction. */
type Runner = Pick<Db, 'execute'>

type Row = {
  area: string
  metric_id: number
  day: string
  units: number
  ok: number
  sum: number
  failed: number
}

/** The panel's latest day with results of the detected metrics (from the cohort summaries' index). */
async function latestDay(db: Runner, panelId: number): Promise<string | null> {
  const { rows } = await db.execute<{ day: string | null }>(sql`
    SELECT max(day)::text AS day FROM cohort_day_summaries
    WHERE panel_id = ${panelId} AND metric_id = ANY(${sql.param(METRIC_IDS)}::smallint[])`)
  return rows[0]?.day ?? null
}

async function areaDays(db: Runner, panelId: number, from: string, to: string): Promise<Row[]> {
  const { rows } = await db.execute<Row>(sql`
    SELECT a.hub_site AS area, s.metric_id, s.day::text AS day,
           count(*)::int AS units, sum(s.count)::int AS ok, coalesce(sum(s.sum), 0)::float8 AS sum,
           sum(s.errors + s.no_data)::int AS failed
    FROM units u
    JOIN unit_attributes a ON a.unit_id = u.id AND a.hub_site IS NOT NULL
    JOIN unit_day_summaries s ON s.unit_id = u.id
     AND s.metric_id = ANY(${sql.param(METRIC_IDS)}::smallint[])
     AND s.day BETWEEN ${from}::date AND ${to}::date
    WHERE u.panel_id = ${panelId}
    GROUP BY 1, 2, 3`)
  return rows
}

async function panelDays(db: Runner, panelId: number, from: string, to: string) {
  const { rows } = await db.execute<{ metric_id: number; day: string; ok: number }>(sql`
    SELECT metric_id, day::text AS day, sum(count)::int AS ok FROM cohort_day_summaries
    WHERE panel_id = ${panelId} AND metric_id = ANY(${sql.param(METRIC_IDS)}::smallint[])
      AND day BETWEEN ${from}::date AND ${to}::date
    GROUP BY 1, 2`)
  return rows
}

const dayStart = (day: string) => `${day}T00:00:00Z`

async function store(
  db: Runner,
  panelId: number,
  found: DetectedCollection[],
  units: Map<string, number>,
): Promise<void> {
  const payload = found.map((c) => ({
    area: c.area,
    state: c.state,
    first_seen: dayStart(c.firstDay),
    last_seen: dayStart(c.lastDay),
    closed_at: c.state === 'closed' ? dayStart(addDays(c.lastDay, 1)) : null,
    units: units.get(c.area) ?? 0,
    anomalies: c.anomalies.map((a) => ({
      type: a.type,
      metric: a.metric,
      state: a.state,
      first_seen: dayStart(a.firstDay),
      last_seen: dayStart(a.lastDay),
      closed_at: a.state === 'closed' ? dayStart(addDays(a.lastDay, 1)) : null,
      value: a.value,
      baseline: a.baseline,
      trend: a.trend,
    })),
  }))
  await db.execute(sql`
    WITH x AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb)
        AS x(area text, state text, first_seen timestamptz, last_seen timestamptz,
             closed_at timestamptz, units int, anomalies jsonb)
    ),
    kept AS (
      INSERT INTO anomaly_collections (panel_id, area, source, state, first_seen, last_seen, closed_at, metadata, units)
      SELECT ${panelId}, x.area, 'detector', x.state::anomaly_state, x.first_seen, x.last_seen,
             x.closed_at, jsonb_build_object('hub_site', x.area, 'cmts_name', NULL, 'mac_domain', NULL), x.units
      FROM x
      ON CONFLICT (panel_id, area, first_seen) DO UPDATE
        SET state = excluded.state, last_seen = excluded.last_seen, closed_at = excluded.closed_at,
            units = excluded.units
      RETURNING id, area, first_seen
    ),
    anomaly_rows AS (
      INSERT INTO anomalies (panel_id, collection_id, type, metric, state, first_seen, last_seen,
                             closed_at, value, baseline, trend, metadata)
      SELECT ${panelId}, kept.id, y.type, y.metric, y.state::anomaly_state, y.first_seen,
             y.last_seen, y.closed_at, y.value, y.baseline, y.trend, jsonb_build_object('hub_site', x.area)
      FROM x
      JOIN kept ON kept.area = x.area AND kept.first_seen = x.first_seen
      CROSS JOIN LATERAL jsonb_to_recordset(x.anomalies)
        AS y(type text, metric text, state text, first_seen timestamptz, last_seen timestamptz,
             closed_at timestamptz, value float8, baseline float8, trend jsonb)
      ON CONFLICT (collection_id, type, metric) DO UPDATE
        SET state = excluded.state, first_seen = excluded.first_seen, last_seen = excluded.last_seen,
            closed_at = excluded.closed_at, value = excluded.value, baseline = excluded.baseline,
            trend = excluded.trend
      RETURNING collection_id
    )
    -- What the rules no longer find is over: closed as of its last day seen.
    UPDATE anomaly_collections c
    SET state = 'closed', closed_at = coalesce(c.closed_at, c.last_seen + interval '1 day')
    WHERE c.panel_id = ${panelId} AND c.source = 'detector' AND c.state <> 'closed'
      AND c.id NOT IN (SELECT id FROM kept)`)
  await db.execute(sql`
    UPDATE anomalies a SET state = 'closed', closed_at = coalesce(a.closed_at, c.closed_at)
    FROM anomaly_collections c
    WHERE c.id = a.collection_id AND c.panel_id = ${panelId} AND c.source = 'detector'
      AND c.state = 'closed' AND a.state <> 'closed'`)
}

/**
 * Runs the detector over one panel: the DETECT_DAYS days ending at its latest day with results
 * (not today: a demo seeded days ago is judged on its own last day, not on days nobody reported).
 */
export async function detectPanel(db: Db, panelId: number): Promise<DetectionReport> {
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.execute<{ ok: boolean }>(
      sql`SELECT pg_try_advisory_xact_lock(${LOCK_SPACE}, ${panelId}) AS ok`,
    )
    if (!locked[0]?.ok) return { panelId, latest: null, collections: 0 }
    const latest = await latestDay(tx, panelId)
    if (latest === null) return { panelId, latest, collections: 0 }
    const from = addDays(latest, -(DETECT_DAYS - 1 + BASELINE_DAYS))
    // One after another: a transaction is one connection.
    const rows = await areaDays(tx, panelId, from, latest)
    const panel = await panelDays(tx, panelId, from, latest)
    const unitRows = await tx.execute<{ area: string; units: number }>(sql`
      SELECT a.hub_site AS area, count(*)::int AS units FROM units u
      JOIN unit_attributes a ON a.unit_id = u.id
      WHERE u.panel_id = ${panelId} AND a.hub_site IS NOT NULL GROUP BY 1`)
    const metricOf = (id: number): AnomalyMetric => DETECTED_METRICS[String(id)] ?? 'download'
    const areaRows: AreaDay[] = rows.map((row) => ({ ...row, metric: metricOf(row.metric_id) }))
    const panelRows: PanelDay[] = panel.map((row) => ({ ...row, metric: metricOf(row.metric_id) }))
    const found = detect(areaRows, panelRows, latest)
    const units = new Map(unitRows.rows.map((row) => [row.area, row.units]))
    await store(tx, panelId, found, units)
    return { panelId, latest, collections: found.length }
  })
}

/** Panels whose units have hub sites (the areas the detector judges). */
export async function detectedPanels(db: Db): Promise<number[]> {
  const { rows } = await db.execute<{ pid: number }>(sql`
    SELECT DISTINCT u.panel_id AS pid FROM units u
    JOIN unit_attributes a ON a.unit_id = u.id
    WHERE u.panel_id IS NOT NULL AND a.hub_site IS NOT NULL ORDER BY 1`)
  return rows.map((row) => row.pid)
}

/** Runs the detector over every panel with areas; a panel's failure does not stop the others. */
export async function detectAll(
  db: Db,
  log: (error: unknown, panelId: number) => void,
): Promise<DetectionReport[]> {
  const reports: DetectionReport[] = []
  for (const panelId of await detectedPanels(db)) {
    try {
      reports.push(await detectPanel(db, panelId))
    } catch (error) {
      log(error, panelId)
    }
  }
  return reports
}
