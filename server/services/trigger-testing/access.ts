import { eq } from 'drizzle-orm'
import type { Grants } from '../../../contracts/auth.ts'
import type { Db } from '../../db/client.ts'
import { units } from '../../db/schema.ts'
import { hasGlobalAccess, hasGrant } from '../../plugins/auth.ts'

/**
 * Seeds 6: instant testing needs Agent trigger_testing on the unit or its panel, or global
 * access. An unknown unit is refused like a forbidden one (ACCESS_DENIED) unless the caller has
 * global access, so unit ids cannot be probed.
 */
export async function mayTriggerTest(db: Db, grants: Grants, unitId: number): Promise<boolean> {
  if (hasGlobalAccess(grants)) return true
  const [unit] = await db
    .select({ id: units.id, panelId: units.panelId })
    .from(units)
    .where(eq(units.id, unitId))
    .limit(1)
  if (!unit) return false
  return (
    hasGrant(grants, 'Agent', 'trigger_testing', { unit: unit.id }) ||
    (unit.panelId !== null && hasGrant(grants, 'Agent', 'trigger_testing', { panel: unit.panelId }))
  )
}
