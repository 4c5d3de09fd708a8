import { sql, type SQL } from 'drizzle-orm'
import type { AdminRole, MetadataField } from '../../../contracts/admin.ts'
import type { Db } from '../../db/client.ts'
import {
  offsetOf,
  orderBySql,
  type PageRequest,
  type SortText,
  type SqlColumn,
} from '../../lib/list.ts'

/** A user of a panel's organisation as the admin sees it (seeds 001 §3 user columns). */
export type AdminUserRecord = {
  id: number
  email: string
  firstName: string
  lastName: string
  status: 'enabled' | 'disabled'
  defaultLocale: string | null
  lastLoginAt: Date | null
  createdAt: Date
  lockedUntil: Date | null
  permanentlyLocked: boolean
  passwordChangedAt: Date
  failedLogins: number
  sourceLocked: boolean
  /** A global developer (the platform's super admin). */
  developer: boolean
  /** Owner org_super_admin on the organisation's owner. */
  orgSuperAdmin: boolean
}

type RawUser = Omit<
  AdminUserRecord,
  'lastLoginAt' | 'createdAt' | 'lockedUntil' | 'passwordChangedAt'
> & {
  lastLoginAt: number | null
  createdAt: number
  lockedUntil: number | null
  passwordChangedAt: number
}

const toDate = (ms: number | null) => (ms === null ? null : new Date(ms))

function recordOf(raw: RawUser): AdminUserRecord {
  return {
    ...raw,
    lastLoginAt: toDate(raw.lastLoginAt),
    createdAt: new Date(raw.createdAt),
    lockedUntil: toDate(raw.lockedUntil),
    passwordChangedAt: new Date(raw.passwordChangedAt),
  }
}

const ms = (column: string) => sql.raw(`(extract(epoch FROM ${column}) * 1000)::float8`)

const SORT_COLUMNS: Record<string, SqlColumn> = {
  id: { sql: 'u.id' },
  email: { sql: 'lower(u.email)' },
  first_name: { sql: 'lower(u.first_name)' },
  last_name: { sql: 'lower(u.last_name)' },
  last_login: { sql: 'u.last_login_at', nulls: 'low' },
  created_at: { sql: 'u.created_at' },
}

/** The panel's organisation and its owner, or null for a panel that does not exist. */
export async function panelOrganisation(
  db: Db,
  panelId: number,
): Promise<{ organisationId: number; ownerId: number | null } | null> {
  const { rows } = await db.execute<{ organisationId: number; ownerId: number | null }>(sql`
    SELECT o.id AS "organisationId", o.owner_id AS "ownerId"
    FROM panels p JOIN organisations o ON o.id = p.organisation_id WHERE p.pid = ${panelId}`)
  return rows[0] ?? null
}

function selectUsers(ownerId: number | null): SQL {
  return sql`
    SELECT u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.status,
           u.default_locale AS "defaultLocale", ${ms('u.last_login_at')} AS "lastLoginAt",
           ${ms('u.created_at')} AS "createdAt", ${ms('u.locked_until')} AS "lockedUntil",
           u.permanently_locked AS "permanentlyLocked",
           ${ms('u.password_changed_at')} AS "passwordChangedAt",
           COALESCE((SELECT sum(f.failed_attempts) FROM login_failures f WHERE f.user_id = u.id), 0)::int
             AS "failedLogins",
           EXISTS (SELECT 1 FROM login_failures f WHERE f.user_id = u.id
                   AND (f.permanently_locked OR f.locked_until > now())) AS "sourceLocked",
           EXISTS (SELECT 1 FROM grants g WHERE g.user_id = u.id AND g.resource = 'Global'
                   AND g.permission IN ('senior_developer', 'developer')) AS developer,
           EXISTS (SELECT 1 FROM grants g WHERE g.user_id = u.id AND g.resource = 'Owner'
                   AND g.permission = 'org_super_admin'
                   AND (g.scope IS NULL OR g.scope->>'owner' = ${String(ownerId ?? '')}))
             AS "orgSuperAdmin"
    FROM users u`
}

/** A page of the organisation's users, optionally matching `search` (email or name, in part). */
export async function listOrganisationUsers(
  db: Db,
  query: {
    organisationId: number
    ownerId: number | null
    search?: string
    sorts: readonly SortText[]
  } & PageRequest,
): Promise<{ rows: AdminUserRecord[]; total: number }> {
  const parts: SQL[] = [sql`u.organisation_id = ${query.organisationId}`]
  if (query.search !== undefined) {
    const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    parts.push(
      sql`(lower(u.email) LIKE ${like} OR lower(u.first_name || ' ' || u.last_name) LIKE ${like})`,
    )
  }
  const where = sql`WHERE ${sql.join(parts, sql` AND `)}`
  const order = orderBySql(query.sorts, SORT_COLUMNS, 'u.id')
  const [{ rows }, counted] = await Promise.all([
    db.execute<RawUser>(sql`${selectUsers(query.ownerId)} ${where}
      ORDER BY ${sql.raw(order.text)} LIMIT ${query.perPage} OFFSET ${offsetOf(query)}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM users u ${where}`),
  ])
  return { rows: rows.map(recordOf), total: counted.rows[0]?.total ?? 0 }
}

/** One user of the organisation, or null (missing or of another organisation alike). */
export async function findOrganisationUser(
  db: Db,
  organisation: { organisationId: number; ownerId: number | null },
  where: { id: number } | { email: string },
): Promise<AdminUserRecord | null> {
  const match =
    'id' in where ? sql`u.id = ${where.id}` : sql`lower(u.email) = lower(${where.email})`
  const { rows } = await db.execute<RawUser>(sql`${selectUsers(organisation.ownerId)}
    WHERE u.organisation_id = ${organisation.organisationId} AND ${match}`)
  const row = rows[0]
  return row ? recordOf(row) : null
}

/** The user's grants as (resource, permission, scope) rows, for the role. */
export async function userGrants(
  db: Db,
  userId: number,
): Promise<
  { resource: string; permission: string; scope: Record<string, number | string> | null }[]
> {
  const { rows } = await db.execute<{
    resource: string
    permission: string
    scope: Record<string, number | string> | null
  }>(sql`SELECT resource, permission, scope FROM grants WHERE user_id = ${userId}`)
  return rows
}

/** Whether any user (of any organisation) has this email. */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM users WHERE lower(email) = lower(${email}) LIMIT 1`,
  )
  return rows.length > 0
}

/** The grants each organisation role gets on a panel (seeds 001 §6 organisation roles). */
export const ROLE_GRANTS: Record<AdminRole, [resource: string, permission: string][]> = {
  home_user: [],
  power_user: [
    ['Apollo', 'analytics'],
    ['Apollo', 'analytics_ui'],
    ['test-measurements', 'reports'],
  ],
  administrator: [
    ['Apollo', 'analytics'],
    ['Apollo', 'analytics_ui'],
    ['test-measurements', 'reports'],
    ['test-measurements', 'agents_manage'],
    ['test-measurements', 'agents_view'],
    ['test-measurements', 'admin_users_manage'],
    ['test-measurements', 'metadata_manage'],
  ],
}

/**
 * Gives the user `role` on the panel: removes the grants any role gives there, then adds this
 * role's (other grants of the panel, such as Unit search, stay). In the caller's transaction.
 */
export async function setPanelRole(
  tx: Pick<Db, 'execute'>,
  input: { userId: number; panelId: number; role: AdminRole },
): Promise<void> {
  const pairs = [
    ...new Set(Object.values(ROLE_GRANTS).flatMap((list) => list.map(([r, p]) => `${r}|${p}`))),
  ]
  await tx.execute(sql`
    DELETE FROM grants WHERE user_id = ${input.userId}
      AND scope->>'panel' = ${String(input.panelId)}
      AND resource || '|' || permission IN (SELECT jsonb_array_elements_text(${JSON.stringify(pairs)}::jsonb))`)
  for (const [resource, permission] of ROLE_GRANTS[input.role]) {
    await tx.execute(sql`
      INSERT INTO grants (user_id, resource, permission, scope)
      VALUES (${input.userId}, ${resource}, ${permission}, ${JSON.stringify({ panel: input.panelId })}::jsonb)`)
  }
}

/** A group the user is in, with its data subscription. */
export type UserGroupRecord = {
  id: number
  name: string
  data_subscription: { id: number; name: string }
}

/** The groups of the panel's data subscriptions the user is in, by name. */
export async function userPanelGroups(
  db: Pick<Db, 'execute'>,
  userId: number,
  panelId: number,
): Promise<UserGroupRecord[]> {
  const { rows } = await db.execute<{ id: number; name: string; sid: number; sname: string }>(sql`
    SELECT g.id, g.name, d.id AS sid, d.name AS sname FROM subscription_group_members m
    JOIN subscription_groups g ON g.id = m.group_id
    JOIN data_subscriptions d ON d.id = g.data_subscription_id
    WHERE m.user_id = ${userId} AND d.panel_id = ${panelId}
    ORDER BY lower(g.name), g.id`)
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    data_subscription: { id: row.sid, name: row.sname },
  }))
}

/** A new organisation user: `role`'s grants on the panel, an unusable password until set. */
export type NewOrganisationUser = {
  organisationId: number
  panelId: number
  email: string
  firstName: string
  lastName: string
  role: AdminRole
  unusablePasswordHash: string
}

async function insertUser(tx: Pick<Db, 'execute'>, input: NewOrganisationUser): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO users (email, first_name, last_name, password_hash, organisation_id)
    VALUES (${input.email}, ${input.firstName}, ${input.lastName}, ${input.unusablePasswordHash},
            ${input.organisationId})
    RETURNING id`)
  const id = rows[0]?.id
  if (id === undefined) throw new Error('user insert returned nothing')
  for (const [resource, permission] of ROLE_GRANTS[input.role]) {
    await tx.execute(sql`
      INSERT INTO grants (user_id, resource, permission, scope)
      VALUES (${id}, ${resource}, ${permission}, ${JSON.stringify({ panel: input.panelId })}::jsonb)`)
  }
  return id
}

/**
 * Creates users of the organisation in one transaction (all or none); the password is unusable
 * (not a hash) until each user sets one through the mailed link. Returns the new ids in order.
 */
export async function createOrganisationUsers(
  db: Db,
  inputs: readonly NewOrganisationUser[],
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const ids: number[] = []
    for (const input of inputs) ids.push(await insertUser(tx, input))
    return ids
  })
}

/** The emails among `emails` some user already has (lower-cased). */
export async function takenEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set()
  const { rows } = await db.execute<{ email: string }>(sql`
    SELECT lower(email) AS email FROM users
    WHERE lower(email) IN (SELECT lower(e) FROM jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb) AS e)`)
  return new Set(rows.map((row) => row.email))
}

/** Enables or disables a user. */
export async function setUserEnabled(db: Db, userId: number, enabled: boolean): Promise<void> {
  await db.execute(
    sql`UPDATE users SET status = ${enabled ? 'enabled' : 'disabled'} WHERE id = ${userId}`,
  )
}

/** Gives or takes Owner org_super_admin on `ownerId`. */
export async function setOrgSuperAdmin(
  db: Db,
  userId: number,
  ownerId: number,
  on: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      DELETE FROM grants WHERE user_id = ${userId} AND resource = 'Owner'
        AND permission = 'org_super_admin' AND scope->>'owner' = ${String(ownerId)}`)
    if (on) {
      await tx.execute(sql`
        INSERT INTO grants (user_id, resource, permission, scope)
        VALUES (${userId}, 'Owner', 'org_super_admin', ${JSON.stringify({ owner: ownerId })}::jsonb)`)
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Metadata fields

export type MetadataFieldRecord = {
  id: number
  key: string
  displayName: string
  format: MetadataField['format']
  usage: MetadataField['usage']
}

const FIELD_SELECT = sql`SELECT id, key, display_name AS "displayName", format, usage FROM metadata_fields`

export async function listMetadataFields(db: Db, panelId: number): Promise<MetadataFieldRecord[]> {
  const { rows } = await db.execute<MetadataFieldRecord>(
    sql`${FIELD_SELECT} WHERE panel_id = ${panelId} ORDER BY id`,
  )
  return rows
}

export async function findMetadataField(
  db: Db,
  panelId: number,
  id: number,
): Promise<MetadataFieldRecord | null> {
  const { rows } = await db.execute<MetadataFieldRecord>(
    sql`${FIELD_SELECT} WHERE panel_id = ${panelId} AND id = ${id}`,
  )
  return rows[0] ?? null
}

/** Adds a field; null when the panel already has the key. */
export async function createMetadataField(
  db: Db,
  panelId: number,
  field: Omit<MetadataFieldRecord, 'id'>,
): Promise<MetadataFieldRecord | null> {
  const { rows } = await db.execute<MetadataFieldRecord>(sql`
    INSERT INTO metadata_fields (panel_id, key, display_name, format, usage)
    VALUES (${panelId}, ${field.key}, ${field.displayName}, ${field.format}, ${field.usage})
    ON CONFLICT (panel_id, key) DO NOTHING
    RETURNING id, key, display_name AS "displayName", format, usage`)
  return rows[0] ?? null
}

export async function updateMetadataField(
  db: Db,
  panelId: number,
  id: number,
  change: Partial<Pick<MetadataFieldRecord, 'displayName' | 'format' | 'usage'>>,
): Promise<MetadataFieldRecord | null> {
  const { rows } = await db.execute<MetadataFieldRecord>(sql`
    UPDATE metadata_fields SET
      display_name = COALESCE(${change.displayName ?? null}, display_name),
      format = COALESCE(${change.format ?? null}::metadata_format, format),
      usage = COALESCE(${change.usage ?? null}::metadata_usage, usage)
    WHERE panel_id = ${panelId} AND id = ${id}
    RETURNING id, key, display_name AS "displayName", format, usage`)
  return rows[0] ?? null
}

/** Deletes a field and its values on the panel's units; false when it was not there. */
export async function deleteMetadataField(db: Db, panelId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ key: string }>(
      sql`DELETE FROM metadata_fields WHERE panel_id = ${panelId} AND id = ${id} RETURNING key`,
    )
    const key = rows[0]?.key
    if (key === undefined) return false
    await tx.execute(sql`
      UPDATE unit_attributes ua SET custom = ua.custom - ${key}
      FROM units u WHERE u.id = ua.unit_id AND u.panel_id = ${panelId} AND ua.custom ? ${key}`)
    return true
  })
}

/** Every unit's metadata of the panel, for the CSV export. */
export async function panelMetadataRows(
  db: Db,
  panelId: number,
): Promise<{ id: number; custom: Record<string, string> }[]> {
  const { rows } = await db.execute<{ id: number; custom: Record<string, string> }>(sql`
    SELECT u.id, COALESCE(ua.custom, '{}'::jsonb) AS custom
    FROM units u LEFT JOIN unit_attributes ua ON ua.unit_id = u.id
    WHERE u.panel_id = ${panelId} ORDER BY u.id`)
  return rows
}

/** Seeds 001 §2.6 agent activation status: the panel's agents by state. */
export async function activationCounts(
  db: Pick<Db, 'execute'>,
  panelId: number,
): Promise<{ active: number; inactive: number; activatedThisMonth: number }> {
  const { rows } = await db.execute<{ active: number; inactive: number; month: number }>(sql`
    SELECT count(*) FILTER (WHERE COALESCE(s.active, true))::int AS active,
           count(*) FILTER (WHERE NOT COALESCE(s.active, true))::int AS inactive,
           (SELECT count(*)::int FROM admin_audit a
             WHERE a.panel_id = ${panelId} AND a.action = 'agent.state'
               AND a.after->>'state' = 'active'
               AND a.created_at >= date_trunc('month', now())) AS month
    FROM units u LEFT JOIN agent_states s ON s.unit_id = u.id WHERE u.panel_id = ${panelId}`)
  const row = rows[0]
  return {
    active: row?.active ?? 0,
    inactive: row?.inactive ?? 0,
    activatedThisMonth: row?.month ?? 0,
  }
}

/** Seeds 001 §2.6 agent activation log: the panel's activation changes, newest first. */
export async function activationLog(
  db: Db,
  panelId: number,
  page: PageRequest,
): Promise<{
  rows: { id: number; unitId: number; actorId: number | null; state: string; at: number }[]
  total: number
}> {
  const where = sql`WHERE panel_id = ${panelId} AND action = 'agent.state'`
  const [{ rows }, counted] = await Promise.all([
    db.execute<{
      id: number
      unitId: number
      actorId: number | null
      state: string
      at: number
    }>(sql`
      SELECT id, target_id AS "unitId", actor_id AS "actorId", after->>'state' AS state,
             ${ms('created_at')} AS at
      FROM admin_audit ${where} ORDER BY id DESC LIMIT ${page.perPage} OFFSET ${offsetOf(page)}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM admin_audit ${where}`),
  ])
  return { rows, total: counted.rows[0]?.total ?? 0 }
}
