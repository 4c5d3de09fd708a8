import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { featureFlagSettings, organisations, panels } from '../../db/schema.ts'

export type FlagSettingRow = typeof featureFlagSettings.$inferSelect

/** Where a setting applies: neither id (global), an organisation or a panel. */
export type FlagPlace = { organisationId: number | null; panelId: number | null }

function samePlace(place: FlagPlace): SQL | undefined {
  return and(
    place.organisationId === null
      ? isNull(featureFlagSettings.organisationId)
      : eq(featureFlagSettings.organisationId, place.organisationId),
    place.panelId === null
      ? isNull(featureFlagSettings.panelId)
      : eq(featureFlagSettings.panelId, place.panelId),
  )
}

/** Every stored setting: flag, then global, organisations, panels. */
export function listSettings(db: Db): Promise<FlagSettingRow[]> {
  return db
    .select()
    .from(featureFlagSettings)
    .orderBy(
      asc(featureFlagSettings.flag),
      sql`${featureFlagSettings.organisationId} NULLS FIRST`,
      sql`${featureFlagSettings.panelId} NULLS FIRST`,
    )
}

/** The settings that may apply to a caller: global ones, their organisation's and the panel's. */
export function settingsFor(db: Db, place: FlagPlace): Promise<FlagSettingRow[]> {
  const global = and(
    isNull(featureFlagSettings.organisationId),
    isNull(featureFlagSettings.panelId),
  )
  return db
    .select()
    .from(featureFlagSettings)
    .where(
      or(
        global,
        place.organisationId === null
          ? undefined
          : eq(featureFlagSettings.organisationId, place.organisationId),
        place.panelId === null ? undefined : eq(featureFlagSettings.panelId, place.panelId),
      ),
    )
}

/** Creates or replaces the setting of a flag at a place; returns the stored row. */
export async function upsertSetting(
  db: Db,
  input: FlagPlace & { flag: string; enabled: boolean; updatedBy: number | null },
): Promise<FlagSettingRow> {
  const now = new Date()
  const [row] = await db
    .insert(featureFlagSettings)
    .values({ ...input, updatedAt: now })
    .onConflictDoUpdate({
      target: [
        featureFlagSettings.flag,
        featureFlagSettings.organisationId,
        featureFlagSettings.panelId,
      ],
      set: { enabled: input.enabled, updatedBy: input.updatedBy, updatedAt: now },
    })
    .returning()
  if (!row) throw new Error('upsert returned no row')
  return row
}

/** Removes the setting of a flag at a place; whether there was one. */
export async function deleteSetting(db: Db, flag: string, place: FlagPlace): Promise<boolean> {
  const rows = await db
    .delete(featureFlagSettings)
    .where(and(eq(featureFlagSettings.flag, flag), samePlace(place)))
    .returning({ id: featureFlagSettings.id })
  return rows.length > 0
}

/** Whether an organisation exists. */
export async function organisationExists(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, id))
    .limit(1)
  return rows.length > 0
}

/** Whether a panel exists. */
export async function panelExists(db: Db, pid: number): Promise<boolean> {
  const rows = await db.select({ pid: panels.pid }).from(panels).where(eq(panels.pid, pid)).limit(1)
  return rows.length > 0
}

/** Whether one of the user's grants is scoped to the panel (it is one of their data subscriptions). */
export async function hasPanelGrant(db: Db, userId: number, pid: number): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM grants g JOIN ${panels} ON ${panels.pid}::text = g.scope ->> 'panel'
      WHERE g.user_id = ${userId} AND ${panels.pid} = ${pid}
    ) AS found`)
  return result.rows[0]?.found === true
}
