import pg from 'pg'
import type { AGENT_SORT_FIELDS, AgentSort } from '../../../../contracts/unit-search.ts'
import type { Db } from '../../../db/client.ts'
import type { UnitAddress, UnitGeoData } from '../../../db/schema.ts'
import { offsetOf, orderBySql, type PageRequest, type SqlColumn } from '../../../lib/list.ts'
import {
  OPEN_DISCONNECTION_JOIN,
  type AccessibleUnitRow,
  type UnitOfflineFacts,
} from '../units/repository.ts'

/**
 * How one identifier selects units. Serials are stored upper-case (WB + digits, see
 * server/db/serial-number.ts), so a serial match upper-cases the term and keeps the unique index;
 * emails compare lower-case, on the users_email_lower_idx expression.
 */
export type UnitMatch =
  | { kind: 'id'; id: number }
  | { kind: 'mac'; mac: string }
  | { kind: 'email'; email: string }
  | { kind: 'serial'; serial: string; prefix: boolean }

/** One row of the agents table and of search results, before presentation. */
export type AgentRecord = {
  id: number
  mac: string
  serialNumber: string
  panelId: number
  email: string | null
  firstName: string | null
  lastName: string | null
  /** Epoch ms, null if never seen. */
  lastSeen: number | null
  isp: string | null
  package: string | null
  /** Whether a user owns the unit (a home unit rather than one of the panel's fleet). */
  owned: boolean
  /** environment.connection: 'fibre', 'mobile' … */
  connection: string | null
}

/** Everything units/{id} can include, and the unit's offline facts. */
export type UnitDetailRecord = UnitOfflineFacts &
  Pick<
    AccessibleUnitRow,
    | 'mac'
    | 'label'
    | 'panelId'
    | 'isTtCompatible'
    | 'timezone'
    | 'environment'
    | 'ispId'
    | 'ispName'
    | 'packageId'
    | 'packageName'
    | 'downloadKbps'
    | 'uploadKbps'
  > & {
    serialNumber: string
    panelName: string | null
    ownerId: number | null
    ownerEmail: string | null
    ownerFirstName: string | null
    ownerLastName: string | null
    address: UnitAddress | null
    geoData: UnitGeoData | null
  }

/** The pool under a Db: the hot statements here run as named (prepared once per connection). */
function poolOf(db: Db): pg.Pool {
  // createDb() builds Db over a pg Pool, which drizzle exposes as $client (not on the Db type).
  const client = (db as { $client?: unknown }).$client
  if (!(client instanceof pg.Pool)) throw new Error('unit search needs a pool-backed Db')
  return client
}

/**
 * Runs a statement; with a name it is parsed and planned once per connection. Only fixed texts get
 * a name (a connection keeps every statement it prepared).
 */
async function run<T extends pg.QueryResultRow>(
  db: Db,
  text: string,
  values: unknown[],
  name?: string,
): Promise<T[]> {
  const result = await poolOf(db).query<T>(name ? { name, text, values } : { text, values })
  return result.rows
}

const AGENT_COLUMNS = `
  u.id, u.mac, u.serial_number AS "serialNumber", u.panel_id AS "panelId",
  o.email, o.first_name AS "firstName", o.last_name AS "lastName",
  (extract(epoch FROM u.last_seen) * 1000)::float8 AS "lastSeen", i.name AS isp, p.name AS package,
  u.owner_user_id IS NOT NULL AS owned, u.environment->>'connection' AS connection`

const AGENT_JOINS = `
  LEFT JOIN users o ON o.id = u.owner_user_id
  LEFT JOIN isps i ON i.id = u.isp_id
  LEFT JOIN packages p ON p.id = u.package_id`

/** A LIKE pattern for values starting with `prefix` (backslash is LIKE's default escape). */
function startsWith(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, '\\$&')}%`
}

/** The condition of one match on units `u` (and its owner `o` for emails), with its value. */
function matchCondition(match: UnitMatch, parameter: number): { text: string; value: unknown } {
  const $ = `$${parameter}`
  switch (match.kind) {
    case 'id':
      return { text: `u.id = ${$}`, value: match.id }
    case 'mac':
      return { text: `u.mac = ${$}`, value: match.mac }
    case 'email':
      return { text: `lower(o.email) = ${$}`, value: match.email.toLowerCase() }
    case 'serial': {
      const serial = match.serial.toUpperCase()
      return match.prefix
        ? { text: `u.serial_number LIKE ${$}`, value: startsWith(serial) }
        : { text: `u.serial_number = ${$}`, value: serial }
    }
  }
}

/**
 * Units of one panel (null: of every panel, for global access) that `match` selects, at most
 * `limit`: by serial for a serial (so an exact serial comes before the longer ones it prefixes),
 * else by id. The hits are found on units (and the owner for an email) alone; only they are joined
 * to their owner, ISP and package.
 */
export async function searchUnits(
  db: Db,
  panelId: number | null,
  match: UnitMatch,
  limit: number,
): Promise<AgentRecord[]> {
  const condition = matchCondition(match, 2)
  const [inner, outer] =
    match.kind === 'serial'
      ? ['u.serial_number, u.id', 'hit.serial_number, hit.id']
      : ['u.id', 'hit.id']
  const owner = match.kind === 'email' ? 'JOIN users o ON o.id = u.owner_user_id' : ''
  const shape = match.kind === 'serial' && match.prefix ? 'serial_prefix' : match.kind
  return run<AgentRecord>(
    db,
    `WITH hit AS (
       SELECT u.id, u.serial_number FROM units u ${owner}
       WHERE ${panelId === null ? '$1::int IS NULL' : 'u.panel_id = $1'} AND ${condition.text}
       ORDER BY ${inner} LIMIT $3
     )
     SELECT ${AGENT_COLUMNS}
     FROM hit JOIN units u ON u.id = hit.id ${AGENT_JOINS}
     ORDER BY ${outer}`,
    [panelId, condition.value, limit],
    // A prepared LIKE $2 gets a generic plan that cannot use the prefix index: plan it each time.
    shape === 'serial_prefix' ? undefined : `unit_search_${shape}${panelId === null ? '_all' : ''}`,
  )
}

type AgentSortField = (typeof AGENT_SORT_FIELDS)[number]

/**
 * The order key of each agents column. Text is compared lower-case in code point order
 * (COLLATE "C"), the same whatever locale the database was created with; ISPs and packages sort
 * by name through a rank of the (few) names, so the units are sorted on integers. MACs are
 * stored canonical (upper-case hex and colons), which every collation orders alike.
 */
const ORDER_KEYS: Record<AgentSortField, SqlColumn<'o' | 'i' | 'p'>> = {
  id: { sql: 'u.id' },
  mac: { sql: 'u.mac' },
  // A unit never seen is the oldest.
  last_seen: { sql: 'u.last_seen', nulls: 'low' },
  email: { sql: 'lower(o.email) COLLATE "C"', join: 'o' },
  isp: { sql: 'ir.rank', join: 'i' },
  package: { sql: 'pr.rank', join: 'p' },
}

const ORDER_JOINS = {
  o: 'LEFT JOIN users o ON o.id = u.owner_user_id',
  i: `LEFT JOIN (SELECT id, dense_rank() OVER (ORDER BY lower(name) COLLATE "C") AS rank
                 FROM isps) ir ON ir.id = u.isp_id`,
  p: `LEFT JOIN (SELECT id, dense_rank() OVER (ORDER BY lower(name) COLLATE "C") AS rank
                 FROM packages) pr ON pr.id = u.package_id`,
}

/** What selects and orders the agents table. */
export type AgentOrderQuery = {
  /** null: the units of every panel (global access). */
  panelId: number | null
  /** Every one must hold (id, email, mac and serial filters combine). */
  filters: readonly UnitMatch[]
  sorts: readonly AgentSort[]
}

/**
 * The ORDER BY of `sorts`, then the unit id in the first sort's direction. A unit never seen is
 * the oldest (first ascending, last descending: one index on (panel_id, last_seen NULLS FIRST, id)
 * serves both); a missing email, ISP or package comes last either way.
 */
function orderBy(sorts: readonly AgentSort[]): { text: string; joins: Set<'o' | 'i' | 'p'> } {
  return orderBySql(sorts, ORDER_KEYS, 'u.id')
}

/** WHERE of a panel's units (every unit: null) and the filters, from parameter `first` on. */
function agentWhere(query: AgentOrderQuery, first: number) {
  const conditions = query.filters.map((filter, n) => matchCondition(filter, first + 1 + n))
  const panel = query.panelId === null ? `$${first}::int IS NULL` : `u.panel_id = $${first}`
  return {
    text: [panel, ...conditions.map((c) => c.text)].join(' AND '),
    values: [query.panelId, ...conditions.map((c) => c.value)],
    owner: query.filters.some((filter) => filter.kind === 'email'),
  }
}

/**
 * The ids of every unit the agents table lists, in its order; null when there are more than
 * `cap` (then pages are read with LIMIT/OFFSET instead, see listAgentsPage).
 */
export async function agentOrder(
  db: Db,
  query: AgentOrderQuery,
  cap: number,
): Promise<Int32Array | null> {
  const order = orderBy(query.sorts)
  const where = agentWhere(query, 1)
  if (where.owner) order.joins.add('o')
  // One text of ids, not a row each: parsing 10,000 rows costs the server more than the sort. The
  // aggregate reads the sorted, limited subquery in its order (nothing is joined above it); an
  // explicit ORDER BY inside string_agg would sort the panel a second time.
  const [row] = await run<{ ids: string | null; count: number }>(
    db,
    `SELECT string_agg(s.id::text, ',') AS ids, count(*)::int AS count
     FROM (
       SELECT u.id FROM units u ${[...order.joins].map((join) => ORDER_JOINS[join]).join(' ')}
       WHERE ${where.text} ORDER BY ${order.text} LIMIT ${cap + 1}
     ) s`,
    where.values,
  )
  if (!row || row.count > cap) return null
  return parseIds(row.ids ?? '', row.count)
}

/** `count` comma-separated ids as integers, read in place (no string per id, no garbage). */
function parseIds(text: string, count: number): Int32Array {
  const ids = new Int32Array(count)
  let n = 0
  let value = 0
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i)
    if (code === 44) {
      ids[n] = value
      n += 1
      value = 0
    } else {
      value = value * 10 + code - 48
    }
  }
  if (n < count) ids[n] = value
  return ids
}

/**
 * The agents rows of `ids`, in that order. The panel is checked again: an id listed a moment ago
 * whose unit has since left the panel is dropped, never shown (null: every panel).
 */
export async function agentRows(
  db: Db,
  panelId: number | null,
  ids: readonly number[],
): Promise<AgentRecord[]> {
  if (ids.length === 0) return []
  const rows = await run<AgentRecord>(
    db,
    `SELECT ${AGENT_COLUMNS} FROM units u ${AGENT_JOINS}
     WHERE u.id = ANY($1::int[]) AND ($2::int IS NULL OR u.panel_id = $2)`,
    [ids, panelId],
    'unit_search_agent_rows',
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** One page of the agents table straight from the database, with the total (large selections). */
export async function listAgentsPage(
  db: Db,
  query: AgentOrderQuery & PageRequest,
): Promise<{ rows: AgentRecord[]; total: number }> {
  const order = orderBy(query.sorts)
  const where = agentWhere(query, 1)
  if (where.owner) order.joins.add('o')
  const joins = [...order.joins].map((join) => ORDER_JOINS[join]).join(' ')
  const ids = await poolOf(db).query<[number]>({
    text: `SELECT u.id FROM units u ${joins} WHERE ${where.text} ORDER BY ${order.text}
           LIMIT ${query.perPage} OFFSET ${offsetOf(query)}`,
    values: where.values,
    rowMode: 'array',
  })
  const [counted] = await run<{ total: number }>(
    db,
    `SELECT count(*)::int AS total FROM units u ${where.owner ? ORDER_JOINS.o : ''}
     WHERE ${where.text}`,
    where.values,
  )
  return {
    rows: await agentRows(
      db,
      query.panelId,
      ids.rows.map((row) => row[0]),
    ),
    total: counted?.total ?? 0,
  }
}

/** Whether a panel with this id exists. */
export async function panelExists(db: Db, panelId: number): Promise<boolean> {
  const [row] = await run<{ found: boolean }>(
    db,
    'SELECT EXISTS (SELECT 1 FROM panels WHERE pid = $1) AS found',
    [panelId],
    'unit_search_panel_exists',
  )
  return row?.found ?? false
}

/** The unit with its panel, owner, ISP, package and oldest open disconnection; null if none. */
export async function findUnitDetail(db: Db, unitId: number): Promise<UnitDetailRecord | null> {
  const [row] = await run<UnitDetailRecord>(
    db,
    `SELECT u.id, u.mac, u.label, u.serial_number AS "serialNumber", u.panel_id AS "panelId",
            pa.front_name AS "panelName", u.is_tt_compatible AS "isTtCompatible",
            (extract(epoch FROM u.last_seen) * 1000)::float8 AS "lastSeen",
            u.offline_externally AS "offlineExternally", u.offline_message AS "offlineMessage",
            u.is_unreliable AS "isUnreliable", u.timezone, u.address, u.geo_data AS "geoData",
            u.environment,
            o.id AS "ownerId", o.email AS "ownerEmail", o.first_name AS "ownerFirstName",
            o.last_name AS "ownerLastName",
            i.id AS "ispId", i.name AS "ispName",
            p.id AS "packageId", p.name AS "packageName",
            p.download_kbps AS "downloadKbps", p.upload_kbps AS "uploadKbps",
            (extract(epoch FROM d.start_dtime) * 1000)::float8 AS "disconnectedSince",
            coalesce(d.is_unreliable, false) AS "disconnectionUnreliable"
     FROM units u
     LEFT JOIN panels pa ON pa.pid = u.panel_id
     LEFT JOIN users o ON o.id = u.owner_user_id
     LEFT JOIN isps i ON i.id = u.isp_id
     LEFT JOIN packages p ON p.id = u.package_id
     ${OPEN_DISCONNECTION_JOIN}
     WHERE u.id = $1`,
    [unitId],
    'unit_search_unit_detail',
  )
  return row ?? null
}

/** A snapshot of the agents order: every id, or `null` when the selection is too large to keep. */
type OrderEntry = { ids: Promise<Int32Array | null>; expires: number }

/**
 * The agents table's order, kept for a short while per (panel, filters, sorts). Appending pages
 * then reads one consistent order (units reporting between two pages do not move from one page to
 * the next, so none is listed twice or skipped), and a page costs 50 primary-key lookups instead
 * of sorting the panel again. Concurrent misses share one query. Per app instance; a unit that
 * leaves the panel is dropped from the rows at once (agentRows), one that joins shows after `ttlMs`.
 */
export function createAgentOrderCache(
  options: { ttlMs: number; maxEntries: number; maxIds: number },
  now: () => number = Date.now,
) {
  const entries = new Map<string, OrderEntry>()
  return {
    /** The order of `query`, from the cache unless `fresh` is asked for or it expired. */
    get(db: Db, query: AgentOrderQuery, fresh = false): Promise<Int32Array | null> {
      const key = JSON.stringify([query.panelId, query.sorts, query.filters])
      const time = now()
      const cached = entries.get(key)
      if (cached && !fresh && cached.expires > time) return cached.ids
      const ids = agentOrder(db, query, options.maxIds)
      entries.delete(key)
      entries.set(key, { ids, expires: time + options.ttlMs })
      // A failed query is not kept: the next request tries again.
      ids.catch(() => {
        if (entries.get(key)?.ids === ids) entries.delete(key)
      })
      for (const [oldest] of entries) {
        if (entries.size <= options.maxEntries) break
        entries.delete(oldest)
      }
      return ids
    },
  }
}
