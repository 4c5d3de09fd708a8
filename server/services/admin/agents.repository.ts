import { createHash } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { AgentState } from '../../../contracts/admin.ts'
import type { Db } from '../../db/client.ts'
import type { UnitAddress } from '../../db/schema.ts'
import {
  offsetOf,
  orderBySql,
  type PageRequest,
  type SortText,
  type SqlColumn,
} from '../../lib/list.ts'

/** One agent of a panel as the admin lists it (seeds 001 §3), before presentation. */
export type AdminAgentRecord = {
  id: number
  mac: string
  serialNumber: string
  timezone: string
  /** Epoch ms, null if never seen. */
  lastSeen: number | null
  active: boolean
  isp: string | null
  package: string | null
  country: string | null
  environment: Record<string, string | number | boolean> | null
  ownerUserId: number | null
  email: string | null
  firstName: string | null
  lastName: string | null
  technology: string | null
}

/** One agent with what its admin page adds. */
export type AdminAgentDetailRecord = AdminAgentRecord & {
  address: UnitAddress | null
  downloadKbps: number | null
  uploadKbps: number | null
  region: string | null
  hubSite: string | null
  cmtsName: string | null
  macDomain: string | null
  custom: Record<string, string>
}

/** The list's filters (seeds 001 §3 agent search row): id, owner email, MAC (normalised). */
export type AdminAgentFilters = { id?: number; email?: string; mac?: string }

/** The admin agents list's sort columns (contracts/admin.ts ADMIN_AGENT_SORT_FIELDS). */
const SORT_COLUMNS: Record<string, SqlColumn<SortJoin>> = {
  agent_id: { sql: 'u.id' },
  mac: { sql: 'u.mac' },
  serial_number: { sql: 'u.serial_number' },
  // Active before inactive ascending.
  state: { sql: 'NOT COALESCE(s.active, true)', nulls: 'low', join: 'state' },
  isp: { sql: 'i.name', join: 'isp' },
  package: { sql: 'p.name', join: 'package' },
  country: { sql: 'c.name', join: 'country' },
  last_seen: { sql: 'u.last_seen', nulls: 'low' },
  email: { sql: 'lower(o.email)', join: 'owner' },
}

/** The joins a sort (or the email filter) needs to find a page's ids. */
type SortJoin = 'state' | 'isp' | 'country' | 'package' | 'owner'
const SORT_JOINS: Record<SortJoin, string> = {
  state: 'LEFT JOIN agent_states s ON s.unit_id = u.id',
  isp: 'LEFT JOIN isps i ON i.id = u.isp_id',
  country: 'LEFT JOIN isps i ON i.id = u.isp_id LEFT JOIN countries c ON c.id = i.country_id',
  package: 'LEFT JOIN packages p ON p.id = u.package_id',
  owner: 'LEFT JOIN users o ON o.id = u.owner_user_id',
}

/** The join text for a set of sort joins (country brings isp with it: named once). */
function joinsOf(joins: ReadonlySet<SortJoin>): string {
  const wanted = new Set(joins)
  if (wanted.has('country')) wanted.delete('isp')
  return [...wanted].map((join) => SORT_JOINS[join]).join(' ')
}

const SELECT = sql`
  SELECT u.id, u.mac, u.serial_number AS "serialNumber", u.timezone,
         (extract(epoch FROM u.last_seen) * 1000)::float8 AS "lastSeen",
         COALESCE(s.active, true) AS active,
         i.name AS isp, p.name AS package, c.name AS country, u.environment,
         u.owner_user_id AS "ownerUserId", o.email, o.first_name AS "firstName",
         o.last_name AS "lastName", ua.technology`

const FROM = sql`
  FROM units u
  LEFT JOIN agent_states s ON s.unit_id = u.id
  LEFT JOIN isps i ON i.id = u.isp_id
  LEFT JOIN countries c ON c.id = i.country_id
  LEFT JOIN packages p ON p.id = u.package_id
  LEFT JOIN users o ON o.id = u.owner_user_id
  LEFT JOIN unit_attributes ua ON ua.unit_id = u.id`

function whereOf(panelId: number, filters: AdminAgentFilters): SQL {
  const parts: SQL[] = [sql`u.panel_id = ${panelId}`]
  if (filters.id !== undefined) parts.push(sql`u.id = ${filters.id}`)
  if (filters.mac !== undefined) parts.push(sql`u.mac = ${filters.mac}`)
  if (filters.email !== undefined) parts.push(sql`lower(o.email) = lower(${filters.email})`)
  return sql`WHERE ${sql.join(parts, sql` AND `)}`
}

/** A page of the panel's agents and the total the filters select. */
export async function listAdminAgents(
  db: Db,
  query: { panelId: number; filters: AdminAgentFilters; sorts: readonly SortText[] } & PageRequest,
): Promise<{ rows: AdminAgentRecord[]; total: number }> {
  const where = whereOf(query.panelId, query.filters)
  // The column map is a whitelist (the query schema refused anything else): safe as raw text.
  const order = orderBySql(query.sorts, SORT_COLUMNS, 'u.id')
  // One sort term (what the agents table sends) and the filters present make a fixed text: run it
  // prepared, so a connection plans each of these few shapes once (the seven joins' planning was
  // most of a page's database time). Longer sort lists are planned each time.
  const prepared = query.sorts.length <= 1
  // The page's ids first, sorting the panel with only the joins the order and filters need, then
  // the 50 rows with every join: the sort moves narrow rows (the whole panel's wide rows were most
  // of a page's time).
  const joins = new Set(order.joins)
  if (query.filters.email !== undefined) joins.add('owner')
  const [rows, counted] = await Promise.all([
    runStatement<AdminAgentRecord>(
      db,
      sql`${SELECT} ${FROM}
          WHERE u.id IN (SELECT u.id FROM units u ${sql.raw(joinsOf(joins))} ${where}
                         ORDER BY ${sql.raw(order.text)}
                         LIMIT ${query.perPage} OFFSET ${offsetOf(query)})
          ORDER BY ${sql.raw(order.text)}`,
      prepared ? 'admin_agents' : null,
    ),
    // The other joins are to-one and filter nothing: the count needs the owner's only for email.
    runStatement<{ total: number }>(
      db,
      sql`SELECT count(*)::int AS total FROM units u
        ${query.filters.email === undefined ? sql`` : sql`LEFT JOIN users o ON o.id = u.owner_user_id`}
        ${where}`,
      'admin_agents_count',
    ),
  ])
  return { rows, total: counted[0]?.total ?? 0 }
}

const dialect = new PgDialect()

/**
 * Runs a statement; with a name prefix it runs prepared under that prefix and a hash of its text
 * (a connection keeps what it prepared: only name statements of a few fixed shapes). A Db that is
 * not over a pool (a transaction) runs it plainly.
 */
async function runStatement<T extends pg.QueryResultRow & Record<string, unknown>>(
  db: Db,
  statement: SQL,
  namePrefix: string | null,
): Promise<T[]> {
  const pool = (db as { $client?: unknown }).$client
  if (namePrefix === null || !(pool instanceof pg.Pool)) {
    // drizzle types rows as Assume<T, QueryResultRow>, which is T here.
    return (await db.execute<T>(statement)).rows as T[]
  }
  const { sql: text, params } = dialect.sqlToQuery(statement)
  const name = `${namePrefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`
  return (await pool.query<T>({ name, text, values: params })).rows
}

/** One agent of the panel, or null (missing, or on another panel: the same answer). */
export async function findAdminAgent(
  db: Db,
  panelId: number,
  id: number,
): Promise<AdminAgentDetailRecord | null> {
  const { rows } = await db.execute<AdminAgentDetailRecord>(sql`
    ${SELECT}, u.address, p.download_kbps AS "downloadKbps", p.upload_kbps AS "uploadKbps",
           ua.region, ua.hub_site AS "hubSite", ua.cmts_name AS "cmtsName",
           u.mac_domain AS "macDomain", COALESCE(ua.custom, '{}'::jsonb) AS custom
    ${FROM} WHERE u.panel_id = ${panelId} AND u.id = ${id}`)
  return rows[0] ?? null
}

/** Sets an agent's state; the state before. */
export async function setAgentState(
  db: Pick<Db, 'execute'>,
  change: { unitId: number; state: AgentState; by: number },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO agent_states (unit_id, active, changed_at, changed_by)
    VALUES (${change.unitId}, ${change.state === 'active'}, now(), ${change.by})
    ON CONFLICT (unit_id) DO UPDATE
      SET active = excluded.active, changed_at = excluded.changed_at, changed_by = excluded.changed_by`)
}

/**
 * Writes metadata values of units into unit_attributes.custom (what analytics reads): a value
 * sets its key, an empty one removes it. A unit without attributes gets a row whose technology is
 * its environment's connection (or 'unknown').
 */
export async function writeUnitMetadata(
  db: Pick<Db, 'execute'>,
  changes: readonly { unitId: number; values: Record<string, string> }[],
): Promise<void> {
  if (changes.length === 0) return
  const payload = JSON.stringify(
    changes.map(({ unitId, values }) => ({
      unit_id: unitId,
      set: Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')),
      clear: Object.entries(values)
        .filter(([, value]) => value === '')
        .map(([key]) => key),
    })),
  )
  const input = sql`
    WITH input AS (
      SELECT (e->>'unit_id')::int AS unit_id, e->'set' AS set_values,
             ARRAY(SELECT jsonb_array_elements_text(e->'clear')) AS clear_keys
      FROM jsonb_array_elements(${payload}::jsonb) AS e
    )`
  // Run inside the caller's transaction: update the rows that exist, then add the missing ones.
  await db.execute(sql`${input}
    UPDATE unit_attributes ua SET custom = (ua.custom - input.clear_keys) || input.set_values
    FROM input WHERE ua.unit_id = input.unit_id`)
  await db.execute(sql`${input}
    INSERT INTO unit_attributes (unit_id, technology, custom)
    SELECT input.unit_id, COALESCE(u.environment->>'connection', 'unknown'), input.set_values
    FROM input JOIN units u ON u.id = input.unit_id
    WHERE NOT EXISTS (SELECT 1 FROM unit_attributes ua WHERE ua.unit_id = input.unit_id)`)
}

/** The ids of the panel's units among `ids`. */
export async function panelUnitIds(db: Db, panelId: number): Promise<Set<number>> {
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT id FROM units WHERE panel_id = ${panelId}`,
  )
  return new Set(rows.map((row) => row.id))
}

/** Appends an admin change to the audit log. */
export async function audit(
  db: Pick<Db, 'execute'>,
  entry: {
    actorId: number
    panelId: number | null
    action: string
    targetType: string
    targetId: number
    before: unknown
    after: unknown
  },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO admin_audit (actor_id, panel_id, action, target_type, target_id, before, after)
    VALUES (${entry.actorId}, ${entry.panelId}, ${entry.action}, ${entry.targetType},
            ${entry.targetId}, ${JSON.stringify(entry.before ?? null)}::jsonb,
            ${JSON.stringify(entry.after ?? null)}::jsonb)`)
}

/**
 * One audit entry per unit of a metadata change (a CSV upload), before and after naming only the
 * changed keys; reads the values before, so call it in the change's transaction before writing.
 */
export async function auditMetadataChanges(
  db: Pick<Db, 'execute'>,
  entry: { actorId: number; panelId: number; action: string },
  changes: readonly { unitId: number; values: Record<string, string> }[],
): Promise<void> {
  if (changes.length === 0) return
  const payload = JSON.stringify(changes.map(({ unitId, values }) => ({ unit_id: unitId, values })))
  await db.execute(sql`
    INSERT INTO admin_audit (actor_id, panel_id, action, target_type, target_id, before, after)
    SELECT ${entry.actorId}, ${entry.panelId}, ${entry.action}, 'unit', (e->>'unit_id')::int,
           (SELECT COALESCE(jsonb_object_agg(k, COALESCE(ua.custom->>k, '')), '{}'::jsonb)
            FROM jsonb_object_keys(e->'values') AS k),
           e->'values'
    FROM jsonb_array_elements(${payload}::jsonb) AS e
    LEFT JOIN unit_attributes ua ON ua.unit_id = (e->>'unit_id')::int`)
}

/** One audit entry as read back. */
export type AuditRecord = {
  id: number
  at: number
  actorId: number | null
  /**
   * The administrator's address: null once their account is gone, and null unless they belong
   * to the organisation of the panel the log is read on (issue 25: never read out otherwise).
   */
  actorEmail: string | null
  /** The administrator's organisation (null once their account is gone, or for none). */
  actorOrganisationId: number | null
  /** The organisation of the panel the log is read on. */
  viewerOrganisationId: number | null
  panelId: number | null
  action: string
  targetType: string
  targetId: number
  before: unknown
  after: unknown
}

/**
 * A page of the audit entries about one target (a user, a unit), newest first, as read on the
 * panel `viewerPanelId`: an administrator's address only when they are of that panel's
 * organisation.
 */
export async function listAudit(
  db: Db,
  query: { targetType: string; targetId: number; viewerPanelId: number } & PageRequest,
): Promise<{ rows: AuditRecord[]; total: number }> {
  const where = sql`WHERE target_type = ${query.targetType} AND target_id = ${query.targetId}`
  const [{ rows }, counted] = await Promise.all([
    db.execute<AuditRecord>(sql`
      SELECT a.id, (extract(epoch FROM a.created_at) * 1000)::float8 AS at,
             a.actor_id AS "actorId",
             CASE WHEN u.organisation_id = v.organisation_id THEN u.email END AS "actorEmail",
             u.organisation_id AS "actorOrganisationId",
             v.organisation_id AS "viewerOrganisationId",
             a.panel_id AS "panelId", a.action,
             a.target_type AS "targetType", a.target_id AS "targetId", a.before, a.after
      FROM (SELECT * FROM admin_audit ${where}
            ORDER BY created_at DESC, id DESC LIMIT ${query.perPage} OFFSET ${offsetOf(query)}) a
      LEFT JOIN users u ON u.id = a.actor_id
      LEFT JOIN panels v ON v.pid = ${query.viewerPanelId}
      ORDER BY a.created_at DESC, a.id DESC`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM admin_audit ${where}`),
  ])
  return { rows, total: counted.rows[0]?.total ?? 0 }
}
