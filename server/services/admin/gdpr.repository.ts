import { sql } from 'drizzle-orm'
import { REMOVED_EMAIL_DOMAIN } from '../../../contracts/admin.ts'
import type { Db } from '../../db/client.ts'

type Exec = Pick<Db, 'execute'>

/**
 * The rows that are the user's own (each references users.id): deleted on removal. Sign-ups,
 * sessions and tokens, wrong-password locks, mail preferences, grants, read marks, preset stars
 * and views, unit links and group memberships.
 */
export const PERSONAL_ROWS: readonly { table: string; column: string }[] = [
  { table: 'volunteer_signups', column: 'user_id' },
  { table: 'refresh_tokens', column: 'user_id' },
  { table: 'password_reset_tokens', column: 'user_id' },
  { table: 'login_failures', column: 'user_id' },
  { table: 'email_preferences', column: 'user_id' },
  { table: 'grants', column: 'user_id' },
  { table: 'feature_update_reads', column: 'user_id' },
  { table: 'preset_stars', column: 'user_id' },
  { table: 'preset_views', column: 'user_id' },
  { table: 'user_units', column: 'user_id' },
  { table: 'subscription_group_members', column: 'user_id' },
]

/**
 * References to users.id that stay after a removal: they name the (now anonymised) account by
 * id only — who changed what (audit, agent states, flags, package changes), who ran a test, who
 * created an organisation's preset, dashboard or report. The results stay, anonymised.
 */
export const KEPT_REFERENCES: readonly { table: string; column: string }[] = [
  { table: 'admin_audit', column: 'actor_id' },
  { table: 'agent_activation_tokens', column: 'created_by' },
  { table: 'agent_states', column: 'changed_by' },
  { table: 'feature_flag_settings', column: 'updated_by' },
  { table: 'instant_tests', column: 'user_id' },
  { table: 'presets', column: 'created_by' },
  { table: 'dashboards', column: 'created_by' },
  { table: 'unit_package_changes', column: 'changed_by' },
]

/** Unit environment facts that identify a household's connection (addresses of the network). */
const UNIT_NETWORK_FACTS = [
  'ip',
  'wan_ip',
  'wan_ipv6',
  'lan_ip',
  'public_ip',
  'gateway_ip',
  'gateway_mac',
]

/** The account to remove: its email and organisation, or null when there is no such user. */
export async function removalTarget(
  db: Exec,
  userId: number,
): Promise<{ id: number; email: string; organisationId: number | null } | null> {
  const { rows } = await db.execute<{ id: number; email: string; organisationId: number | null }>(
    sql`SELECT id, email, organisation_id AS "organisationId" FROM users WHERE id = ${userId}`,
  )
  return rows[0] ?? null
}

/** The owner of an organisation (its org_super_admin grants are scoped to it), or null. */
export async function organisationOwner(db: Exec, organisationId: number): Promise<number | null> {
  const { rows } = await db.execute<{ ownerId: number | null }>(
    sql`SELECT owner_id AS "ownerId" FROM organisations WHERE id = ${organisationId}`,
  )
  return rows[0]?.ownerId ?? null
}

/**
 * Removes a user's personal data everywhere it lives (issue 25, seeds 001 §7.5 gdpr-removal), in
 * the caller's transaction. The account row stays, anonymised, so that results, audit entries and
 * other references keep their ids: no email, name, password, locale, preferences or last login;
 * disabled, with every access token issued until now refused and a new `sub`. Deleted: the rows
 * of PERSONAL_ROWS, the mails to the address (outbox), the help-centre requests from the account
 * or the address, the user's personal owner with its presets and dashboards. The units they owned stay with their
 * results but lose the owner, address, position, label and network addresses. Returns the rows
 * changed per place (counts only: the audit log holds no personal data).
 */
export async function removePersonalData(
  tx: Exec,
  target: { id: number; email: string },
  revokeBefore: Date,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  const count = async (name: string, statement: ReturnType<typeof sql>) => {
    const result = await tx.execute(statement)
    counts[name] = result.rowCount ?? 0
  }
  for (const { table, column } of PERSONAL_ROWS) {
    await count(
      table,
      sql`DELETE FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${target.id}`,
    )
  }
  await count('outbox', sql`DELETE FROM outbox WHERE lower("to") = lower(${target.email})`)
  await count(
    'support_requests',
    sql`DELETE FROM support_requests
        WHERE user_id = ${target.id} OR lower(requester_email) = lower(${target.email})`,
  )
  await count(
    'units',
    sql`UPDATE units SET owner_user_id = NULL, address = NULL, geo_data = NULL,
               label = serial_number,
               environment = environment - ARRAY[${sql.join(
                 UNIT_NETWORK_FACTS.map((fact) => sql`${fact}`),
                 sql`, `,
               )}]::text[]
        WHERE owner_user_id = ${target.id}`,
  )
  const owner = await tx.execute<{ ownerId: number | null }>(
    sql`SELECT owner_id AS "ownerId" FROM users WHERE id = ${target.id}`,
  )
  const ownerId = owner.rows[0]?.ownerId ?? null
  const updated = await tx.execute(sql`
    UPDATE users SET
      email = ${`removed-${String(target.id)}@${REMOVED_EMAIL_DOMAIN}`},
      first_name = '', last_name = '', password_hash = 'removed',
      status = 'disabled', locked_until = NULL, permanently_locked = false,
      tokens_valid_after = ${revokeBefore.toISOString()}::timestamptz,
      migration = 'none', default_locale = NULL, owner_id = NULL,
      preferences = '{}'::jsonb, last_login_at = NULL, sub = gen_random_uuid()
    WHERE id = ${target.id}`)
  counts.users = updated.rowCount ?? 0
  if (ownerId !== null) {
    // The user's own owner (named after them) with its presets and dashboards (cascade); never an
    // organisation's.
    await count(
      'owners',
      sql`DELETE FROM owners o WHERE o.id = ${ownerId}
          AND NOT EXISTS (SELECT 1 FROM organisations g WHERE g.owner_id = o.id)
          AND NOT EXISTS (SELECT 1 FROM users u WHERE u.owner_id = o.id)`,
    )
  }
  return counts
}
