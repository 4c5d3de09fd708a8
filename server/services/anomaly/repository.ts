/** Reads of the anomaly service: a panel's inbox, one collection, one anomaly. */
import { sql, type SQL } from 'drizzle-orm'
import {
  CLOSED_LIST_DAYS,
  type AnomalyState,
  type TrendPoint,
} from '../../../contracts/anomalies.ts'
import type { Db } from '../../db/client.ts'
import {
  containsPattern,
  offsetOf,
  orderBySql,
  type PageRequest,
  type SortText,
} from '../../lib/list.ts'

export type CollectionRow = {
  id: number
  panelId: number
  state: AnomalyState
  firstSeen: Date
  lastSeen: Date
  closedAt: Date | null
  metadata: Record<string, string | null>
  units: number
}

export type AnomalyRow = {
  id: number
  collectionId: number
  type: string
  metric: string
  state: AnomalyState
  firstSeen: Date
  lastSeen: Date | null
  closedAt: Date | null
  value: number | null
  baseline: number | null
  trend?: TrendPoint[]
}

const COLLECTION_COLUMNS = sql`c.id, c.panel_id AS "panelId", c.state, c.first_seen AS "firstSeen",
  c.last_seen AS "lastSeen", c.closed_at AS "closedAt", c.metadata, c.units`

const SORT_COLUMNS = { first_seen: { sql: 'c.first_seen' } }

/** Dates come back from `db.execute` as text: the rows' instants as Dates. */
function collectionOf(row: CollectionRow): CollectionRow {
  return {
    ...row,
    firstSeen: new Date(row.firstSeen),
    lastSeen: new Date(row.lastSeen),
    closedAt: row.closedAt === null ? null : new Date(row.closedAt),
  }
}

function anomalyOf(row: AnomalyRow): AnomalyRow {
  return {
    ...row,
    firstSeen: new Date(row.firstSeen),
    lastSeen: row.lastSeen === null ? null : new Date(row.lastSeen),
    closedAt: row.closedAt === null ? null : new Date(row.closedAt),
  }
}

export type InboxQuery = {
  states: readonly AnomalyState[]
  search: string | null
  sorts: readonly SortText[]
  page: PageRequest
  now: Date
}

/**
 * One page of a panel's collections in `states`, closed ones only from the last 30 days (001 §4),
 * matching `search` in the area's hub site, CMTS or MAC domain or an anomaly's metric or type.
 */
export async function listCollections(
  db: Db,
  panelId: number,
  query: InboxQuery,
): Promise<{ rows: CollectionRow[]; total: number }> {
  const since = new Date(query.now.getTime() - CLOSED_LIST_DAYS * 86_400_000)
  const pattern = query.search === null ? null : containsPattern(query.search)
  const search: SQL =
    pattern === null
      ? sql`TRUE`
      : sql`(c.area ILIKE ${pattern} OR c.metadata->>'hub_site' ILIKE ${pattern}
           OR c.metadata->>'cmts_name' ILIKE ${pattern} OR c.metadata->>'mac_domain' ILIKE ${pattern}
           OR EXISTS (SELECT 1 FROM anomalies a WHERE a.collection_id = c.id
                      AND (replace(a.metric, '_', ' ') ILIKE ${pattern} OR replace(a.type, '_', ' ') ILIKE ${pattern})))`
  const order = orderBySql(query.sorts, SORT_COLUMNS, 'c.id')
  const { rows } = await db.execute<CollectionRow & { total: number }>(sql`
    SELECT ${COLLECTION_COLUMNS}, count(*) OVER ()::int AS total
    FROM anomaly_collections c
    WHERE c.panel_id = ${panelId}
      AND c.state::text = ANY(${sql.param([...query.states])}::text[])
      AND (c.state <> 'closed' OR c.closed_at >= ${since.toISOString()}::timestamptz)
      AND ${search}
    ORDER BY ${sql.raw(order.text)}
    LIMIT ${query.page.perPage} OFFSET ${offsetOf(query.page)}`)
  const total = rows[0]?.total ?? 0
  return { rows: rows.map(({ total: _, ...row }) => collectionOf(row)), total }
}

export async function findCollection(db: Db, id: number): Promise<CollectionRow | undefined> {
  const { rows } = await db.execute<CollectionRow>(sql`
    SELECT ${COLLECTION_COLUMNS} FROM anomaly_collections c WHERE c.id = ${id}`)
  const row = rows[0]
  return row ? collectionOf(row) : undefined
}

/** The anomalies of the collections, worst-first within each: open before closed, newest first. */
export async function anomaliesOf(db: Db, collectionIds: number[]): Promise<AnomalyRow[]> {
  if (collectionIds.length === 0) return []
  const { rows } = await db.execute<AnomalyRow>(sql`
    SELECT id, collection_id AS "collectionId", type, metric, state, first_seen AS "firstSeen",
           last_seen AS "lastSeen", closed_at AS "closedAt", value, baseline
    FROM anomalies
    WHERE collection_id = ANY(${sql.param(collectionIds)}::int[])
    ORDER BY collection_id, state = 'closed', first_seen DESC, id`)
  return rows.map(anomalyOf)
}

/** One anomaly of a collection, with its trend. */
export async function findAnomaly(
  db: Db,
  collectionId: number,
  anomalyId: number,
): Promise<AnomalyRow | undefined> {
  const { rows } = await db.execute<AnomalyRow>(sql`
    SELECT id, collection_id AS "collectionId", type, metric, state, first_seen AS "firstSeen",
           last_seen AS "lastSeen", closed_at AS "closedAt", value, baseline, trend
    FROM anomalies WHERE id = ${anomalyId} AND collection_id = ${collectionId}`)
  const row = rows[0]
  return row ? anomalyOf(row) : undefined
}
