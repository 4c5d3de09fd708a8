import { sql, type SQL } from 'drizzle-orm'
import type { ActivationChange } from '../../../contracts/admin.ts'
import type { Db } from '../../db/client.ts'
import {
  offsetOf,
  orderBySql,
  type PageRequest,
  type SortText,
  type SqlColumn,
} from '../../lib/list.ts'

type Exec = Pick<Db, 'execute'>

const ms = (column: string) => sql.raw(`(extract(epoch FROM ${column}) * 1000)::float8`)

// ---- The activation token ----

export type ActivationTokenRecord = {
  hint: string
  createdAt: number
  regeneratedAt: number | null
}

export async function findActivationToken(
  db: Exec,
  panelId: number,
): Promise<ActivationTokenRecord | null> {
  const { rows } = await db.execute<ActivationTokenRecord>(sql`
    SELECT hint, ${ms('created_at')} AS "createdAt", ${ms('regenerated_at')} AS "regeneratedAt"
    FROM agent_activation_tokens WHERE panel_id = ${panelId}`)
  return rows[0] ?? null
}

/** Stores the panel's token (its hash): a first one, or a regeneration replacing the old one. */
export async function saveActivationToken(
  db: Exec,
  input: { panelId: number; tokenHash: string; hint: string; by: number },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO agent_activation_tokens (panel_id, token_hash, hint, created_by)
    VALUES (${input.panelId}, ${input.tokenHash}, ${input.hint}, ${input.by})
    ON CONFLICT (panel_id) DO UPDATE
      SET token_hash = excluded.token_hash, hint = excluded.hint, regenerated_at = now()`)
}

/** Deletes the panel's token; false when it had none. */
export async function deleteActivationToken(db: Exec, panelId: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`DELETE FROM agent_activation_tokens WHERE panel_id = ${panelId} RETURNING panel_id`,
  )
  return rows.length > 0
}

// ---- Export and bulk import of agent states ----

/**
 * Serialises the panel's activation imports (in the caller's transaction): the states and the
 * monthly allowance they read stay true until it commits.
 */
export async function lockPanelActivation(tx: Exec, panelId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('agent-activation'), ${panelId})`)
}

/** Every agent of the panel and whether it is active (a unit without a state row is). */
export async function panelAgentStates(db: Exec, panelId: number): Promise<Map<number, boolean>> {
  const { rows } = await db.execute<{ id: number; active: boolean }>(sql`
    SELECT u.id, COALESCE(s.active, true) AS active
    FROM units u LEFT JOIN agent_states s ON s.unit_id = u.id WHERE u.panel_id = ${panelId}`)
  return new Map(rows.map((row) => [row.id, row.active]))
}

/** The export's rows: every agent of the panel with its state and when it last changed. */
export async function activationExportRows(
  db: Exec,
  panelId: number,
): Promise<
  { id: number; mac: string; serialNumber: string; active: boolean; changedAt: number | null }[]
> {
  const { rows } = await db.execute<{
    id: number
    mac: string
    serialNumber: string
    active: boolean
    changedAt: number | null
  }>(sql`
    SELECT u.id, u.mac, u.serial_number AS "serialNumber", COALESCE(s.active, true) AS active,
           ${ms('s.changed_at')} AS "changedAt"
    FROM units u LEFT JOIN agent_states s ON s.unit_id = u.id
    WHERE u.panel_id = ${panelId} ORDER BY u.id`)
  return rows
}

/**
 * Applies an import's state changes and writes one `agent.state` audit entry per agent (the
 * activation log and the monthly allowance read them), in the caller's transaction.
 */
export async function applyActivationChanges(
  tx: Exec,
  input: { panelId: number; by: number; changes: readonly ActivationChange[] },
): Promise<void> {
  if (input.changes.length === 0) return
  const payload = JSON.stringify(input.changes.map((c) => ({ unit_id: c.unitId, state: c.state })))
  const rows = sql`
    SELECT (e->>'unit_id')::int AS unit_id, e->>'state' AS state
    FROM jsonb_array_elements(${payload}::jsonb) AS e`
  await tx.execute(sql`
    INSERT INTO admin_audit (actor_id, panel_id, action, target_type, target_id, before, after)
    SELECT ${input.by}, ${input.panelId}, 'agent.state', 'unit', c.unit_id,
           jsonb_build_object('state', CASE WHEN c.state = 'active' THEN 'inactive' ELSE 'active' END),
           jsonb_build_object('state', c.state, 'bulk', true)
    FROM (${rows}) c`)
  await tx.execute(sql`
    INSERT INTO agent_states (unit_id, active, changed_at, changed_by)
    SELECT c.unit_id, c.state = 'active', now(), ${input.by} FROM (${rows}) c
    ON CONFLICT (unit_id) DO UPDATE
      SET active = excluded.active, changed_at = excluded.changed_at, changed_by = excluded.changed_by`)
}

// ---- Instant Test API usage ----

export type ApiUsageRecord = {
  tokenId: number
  tokenName: string
  month: string
  requests: number
  tests: number
}

const USAGE_SORTS: Record<string, SqlColumn> = {
  month: { sql: 'month' },
  token_name: { sql: 'lower(token_name)' },
  requests: { sql: 'requests' },
  tests: { sql: 'tests' },
}

/** A page of the panel's Instant Test API usage per token and month. */
export async function listApiUsage(
  db: Db,
  query: {
    panelId: number
    search?: string
    month?: string
    sorts: readonly SortText[]
  } & PageRequest,
): Promise<{ rows: ApiUsageRecord[]; total: number }> {
  const parts: SQL[] = [sql`panel_id = ${query.panelId}`]
  if (query.search !== undefined) {
    const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    parts.push(sql`lower(token_name) LIKE ${like}`)
  }
  if (query.month !== undefined) parts.push(sql`month = ${`${query.month}-01`}::date`)
  const where = sql`WHERE ${sql.join(parts, sql` AND `)}`
  const order = orderBySql(query.sorts, USAGE_SORTS, 'token_id')
  const [{ rows }, counted] = await Promise.all([
    db.execute<ApiUsageRecord>(sql`
      SELECT token_id AS "tokenId", token_name AS "tokenName", to_char(month, 'YYYY-MM') AS month,
             requests, tests
      FROM instant_test_api_usage ${where}
      ORDER BY ${sql.raw(order.text)} LIMIT ${query.perPage} OFFSET ${offsetOf(query)}`),
    db.execute<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM instant_test_api_usage ${where}`,
    ),
  ])
  return { rows, total: counted.rows[0]?.total ?? 0 }
}

// ---- Autocomplete of metadata values ----

/**
 * The panel's values of a custom field or an attribute column that start with `prefix` (any
 * case; an empty prefix: all), most used first, at most `limit`.
 */
export async function autocompleteValues(
  db: Exec,
  input: { panelId: number; key: string; attribute: boolean; prefix: string; limit: number },
): Promise<string[]> {
  // An attribute is one of a fixed list of column names (the schema refused anything else).
  const value = input.attribute ? sql.raw(`ua.${input.key}`) : sql`ua.custom->>${input.key}`
  const like = `${input.prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const { rows } = await db.execute<{ value: string }>(sql`
    SELECT ${value} AS value
    FROM units u JOIN unit_attributes ua ON ua.unit_id = u.id
    WHERE u.panel_id = ${input.panelId} AND ${value} IS NOT NULL AND ${value} <> ''
      AND lower(${value}) LIKE ${like}
    GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT ${input.limit}`)
  return rows.map((row) => row.value)
}
