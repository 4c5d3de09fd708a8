import { sql, type SQL } from 'drizzle-orm'
import type { DataSubscriptionFeature } from '../../../contracts/admin.ts'
import type { Db } from '../../db/client.ts'
import {
  offsetOf,
  orderBySql,
  type PageRequest,
  type SortText,
  type SqlColumn,
} from '../../lib/list.ts'

type Exec = Pick<Db, 'execute'>

/** A data subscription of a panel with its feature subscriptions (seeds 001 §2.6 feature-subs). */
export type DataSubscriptionRecord = {
  id: number
  name: string
  panelId: number
  features: { feature: DataSubscriptionFeature; seats: number; seatsUsed: number }[]
  groupCount: number
}

const likeOf = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const SUBSCRIPTION_SORTS: Record<string, SqlColumn> = {
  id: { sql: 'd.id' },
  name: { sql: 'lower(d.name)' },
}

/** Distinct users per feature of each subscription, through its groups. */
const SEATS_USED = sql`
  SELECT g.data_subscription_id AS sid, gf.feature, count(DISTINCT m.user_id)::int AS used
  FROM subscription_groups g
  JOIN subscription_group_features gf ON gf.group_id = g.id
  JOIN subscription_group_members m ON m.group_id = g.id
  GROUP BY g.data_subscription_id, gf.feature`

const SUBSCRIPTION_SELECT = sql`
  SELECT d.id, d.name, d.panel_id AS "panelId",
         COALESCE((SELECT jsonb_agg(jsonb_build_object('feature', f.feature, 'seats', f.seats,
                                   'seatsUsed', COALESCE(u.used, 0)) ORDER BY f.feature)
                   FROM feature_subscriptions f
                   LEFT JOIN (${SEATS_USED}) u ON u.sid = f.data_subscription_id
                     AND u.feature = f.feature
                   WHERE f.data_subscription_id = d.id), '[]'::jsonb) AS features,
         (SELECT count(*)::int FROM subscription_groups g WHERE g.data_subscription_id = d.id)
           AS "groupCount"
  FROM data_subscriptions d`

/** A page of the panel's data subscriptions, optionally whose name holds `search`. */
export async function listDataSubscriptions(
  db: Db,
  query: { panelId: number; search?: string; sorts: readonly SortText[] } & PageRequest,
): Promise<{ rows: DataSubscriptionRecord[]; total: number }> {
  const parts: SQL[] = [sql`d.panel_id = ${query.panelId}`]
  if (query.search !== undefined) parts.push(sql`lower(d.name) LIKE ${likeOf(query.search)}`)
  const where = sql`WHERE ${sql.join(parts, sql` AND `)}`
  const order = orderBySql(query.sorts, SUBSCRIPTION_SORTS, 'd.id')
  const [{ rows }, counted] = await Promise.all([
    db.execute<DataSubscriptionRecord>(sql`${SUBSCRIPTION_SELECT} ${where}
      ORDER BY ${sql.raw(order.text)} LIMIT ${query.perPage} OFFSET ${offsetOf(query)}`),
    db.execute<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM data_subscriptions d ${where}`,
    ),
  ])
  return { rows, total: counted.rows[0]?.total ?? 0 }
}

/** One data subscription of the panel, or null (missing or another panel's alike). */
export async function findDataSubscription(
  db: Exec,
  panelId: number,
  id: number,
): Promise<DataSubscriptionRecord | null> {
  const { rows } = await db.execute<DataSubscriptionRecord>(
    sql`${SUBSCRIPTION_SELECT} WHERE d.panel_id = ${panelId} AND d.id = ${id}`,
  )
  return rows[0] ?? null
}

/**
 * Locks the subscription for a change of its groups (seat checks read then write: two admins
 * adding the last seat at once must not both pass). Call inside a transaction.
 */
export async function lockDataSubscription(tx: Exec, id: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM data_subscriptions WHERE id = ${id} FOR UPDATE`)
}

/** Seats and distinct users per feature of one subscription (inside the change's transaction). */
export async function seatUse(
  tx: Exec,
  subscriptionId: number,
): Promise<{ seats: Map<string, number>; used: Map<string, number> }> {
  const [seats, used] = await Promise.all([
    tx.execute<{ feature: string; seats: number }>(sql`
      SELECT feature, seats FROM feature_subscriptions
      WHERE data_subscription_id = ${subscriptionId}`),
    tx.execute<{ feature: string; used: number }>(sql`
      SELECT feature, used FROM (${SEATS_USED}) u WHERE u.sid = ${subscriptionId}`),
  ])
  return {
    seats: new Map(seats.rows.map((row) => [row.feature, row.seats])),
    used: new Map(used.rows.map((row) => [row.feature, row.used])),
  }
}

// ---- Groups ----

export type SubscriptionGroupRecord = {
  id: number
  name: string
  features: DataSubscriptionFeature[]
  memberCount: number
  createdAt: number
}

const GROUP_SORTS: Record<string, SqlColumn> = {
  id: { sql: 'g.id' },
  name: { sql: 'lower(g.name)' },
  created_at: { sql: 'g.created_at' },
}

const GROUP_SELECT = sql`
  SELECT g.id, g.name,
         ARRAY(SELECT gf.feature FROM subscription_group_features gf
               WHERE gf.group_id = g.id ORDER BY gf.feature) AS features,
         (SELECT count(*)::int FROM subscription_group_members m WHERE m.group_id = g.id)
           AS "memberCount",
         (extract(epoch FROM g.created_at) * 1000)::float8 AS "createdAt"
  FROM subscription_groups g`

/** A page of the subscription's groups (seeds 001 §9: by name descending by default). */
export async function listGroups(
  db: Db,
  query: { subscriptionId: number; search?: string; sorts: readonly SortText[] } & PageRequest,
): Promise<{ rows: SubscriptionGroupRecord[]; total: number }> {
  const parts: SQL[] = [sql`g.data_subscription_id = ${query.subscriptionId}`]
  if (query.search !== undefined) parts.push(sql`lower(g.name) LIKE ${likeOf(query.search)}`)
  const where = sql`WHERE ${sql.join(parts, sql` AND `)}`
  const order = orderBySql(query.sorts, GROUP_SORTS, 'g.id')
  const [{ rows }, counted] = await Promise.all([
    db.execute<SubscriptionGroupRecord>(sql`${GROUP_SELECT} ${where}
      ORDER BY ${sql.raw(order.text)} LIMIT ${query.perPage} OFFSET ${offsetOf(query)}`),
    db.execute<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM subscription_groups g ${where}`,
    ),
  ])
  return { rows, total: counted.rows[0]?.total ?? 0 }
}

/** One group of the subscription, or null. */
export async function findGroup(
  db: Exec,
  subscriptionId: number,
  groupId: number,
): Promise<SubscriptionGroupRecord | null> {
  const { rows } = await db.execute<SubscriptionGroupRecord>(
    sql`${GROUP_SELECT} WHERE g.data_subscription_id = ${subscriptionId} AND g.id = ${groupId}`,
  )
  return rows[0] ?? null
}

/** Whether another group of the subscription has this name (whatever its case). */
export async function groupNameTaken(
  tx: Exec,
  subscriptionId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    SELECT 1 FROM subscription_groups
    WHERE data_subscription_id = ${subscriptionId} AND lower(name) = lower(${name})
      AND (${exceptId}::int IS NULL OR id <> ${exceptId}::int)`)
  return rows.length > 0
}

async function setGroupFeatures(
  tx: Exec,
  groupId: number,
  features: readonly string[],
): Promise<void> {
  await tx.execute(sql`DELETE FROM subscription_group_features WHERE group_id = ${groupId}`)
  if (features.length === 0) return
  await tx.execute(sql`
    INSERT INTO subscription_group_features (group_id, feature)
    SELECT ${groupId}, f FROM jsonb_array_elements_text(${JSON.stringify(features)}::jsonb) AS f`)
}

/** Adds a group with its features; returns its id. */
export async function createGroup(
  tx: Exec,
  subscriptionId: number,
  input: { name: string; features: readonly string[] },
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO subscription_groups (data_subscription_id, name)
    VALUES (${subscriptionId}, ${input.name}) RETURNING id`)
  const id = rows[0]?.id
  if (id === undefined) throw new Error('group insert returned nothing')
  await setGroupFeatures(tx, id, input.features)
  return id
}

/** Renames a group and/or replaces its features. */
export async function updateGroup(
  tx: Exec,
  groupId: number,
  change: { name?: string; features?: readonly string[] },
): Promise<void> {
  if (change.name !== undefined) {
    await tx.execute(
      sql`UPDATE subscription_groups SET name = ${change.name} WHERE id = ${groupId}`,
    )
  }
  if (change.features !== undefined) await setGroupFeatures(tx, groupId, change.features)
}

/** Adds a member; false when they already were one. */
export async function addMember(tx: Exec, groupId: number, userId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    INSERT INTO subscription_group_members (group_id, user_id) VALUES (${groupId}, ${userId})
    ON CONFLICT DO NOTHING RETURNING user_id`)
  return rows.length > 0
}

/** Removes a member; false when they were not one. */
export async function removeMember(tx: Exec, groupId: number, userId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    DELETE FROM subscription_group_members WHERE group_id = ${groupId} AND user_id = ${userId}
    RETURNING user_id`)
  return rows.length > 0
}

// ---- Users of a data subscription ----

/** A user of the subscription's organisation (migrated accounts excluded: seeds 001 §6). */
export type SubscriptionUserRecord = {
  id: number
  email: string
  firstName: string
  lastName: string
  defaultLocale: string | null
  enabled: boolean
  organisationId: number
  organisationName: string
  groups: { id: number; name: string }[]
}

const USER_SORTS: Record<string, SqlColumn> = {
  id: { sql: 'u.id' },
  email: { sql: 'lower(u.email)' },
  first_name: { sql: 'lower(u.first_name)' },
  last_name: { sql: 'lower(u.last_name)' },
}

/** Who may be a data subscription's user: its organisation's accounts that have not moved. */
const SUBSCRIPTION_USER_WHERE = (organisationId: number) =>
  sql`u.organisation_id = ${organisationId} AND u.migration = 'none'`

/** A page of the subscription's users with their groups in it (seeds 001 §7.3). */
export async function listSubscriptionUsers(
  db: Db,
  query: {
    organisationId: number
    subscriptionId: number
    search?: string
    sorts: readonly SortText[]
  } & PageRequest,
): Promise<{ rows: SubscriptionUserRecord[]; total: number }> {
  const parts: SQL[] = [SUBSCRIPTION_USER_WHERE(query.organisationId)]
  if (query.search !== undefined) {
    const like = likeOf(query.search)
    parts.push(
      sql`(lower(u.email) LIKE ${like} OR lower(u.first_name || ' ' || u.last_name) LIKE ${like})`,
    )
  }
  const where = sql`WHERE ${sql.join(parts, sql` AND `)}`
  const order = orderBySql(query.sorts, USER_SORTS, 'u.id')
  const [{ rows }, counted] = await Promise.all([
    db.execute<SubscriptionUserRecord>(sql`
      SELECT u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName",
             u.default_locale AS "defaultLocale", u.status = 'enabled' AS enabled,
             o.id AS "organisationId", o.name AS "organisationName",
             COALESCE((SELECT jsonb_agg(jsonb_build_object('id', g.id, 'name', g.name)
                                        ORDER BY lower(g.name), g.id)
                       FROM subscription_group_members m
                       JOIN subscription_groups g ON g.id = m.group_id
                       WHERE m.user_id = u.id
                         AND g.data_subscription_id = ${query.subscriptionId}), '[]'::jsonb)
               AS groups
      FROM users u JOIN organisations o ON o.id = u.organisation_id ${where}
      ORDER BY ${sql.raw(order.text)} LIMIT ${query.perPage} OFFSET ${offsetOf(query)}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM users u ${where}`),
  ])
  return { rows, total: counted.rows[0]?.total ?? 0 }
}

/** A user of the organisation with whether their account moved, or null. */
export async function organisationMember(
  db: Exec,
  organisationId: number,
  userId: number,
): Promise<{ id: number; migrated: boolean } | null> {
  const { rows } = await db.execute<{ id: number; migrated: boolean }>(sql`
    SELECT id, migration <> 'none' AS migrated FROM users
    WHERE id = ${userId} AND organisation_id = ${organisationId}`)
  return rows[0] ?? null
}

/** Whether the user's account moved to another platform (seeds 001 §6). */
export async function accountMigrated(db: Exec, userId: number): Promise<boolean> {
  const { rows } = await db.execute<{ migrated: boolean }>(
    sql`SELECT migration <> 'none' AS migrated FROM users WHERE id = ${userId}`,
  )
  return rows[0]?.migrated ?? false
}
