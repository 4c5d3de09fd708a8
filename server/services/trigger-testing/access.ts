import { eq } from 'drizzle-orm'
import { isGlobalDeveloper, mayTriggerTest } from '../../../contracts/access.ts'
import type { Grants } from '../../../contracts/auth.ts'
import type { Db } from '../../db/client.ts'
import { units } from '../../db/schema.ts'

/**
 * Seeds 6 (contracts/access.ts mayTriggerTest): Agent trigger_testing on the unit or its panel;
 * global access is no bypass, a developer passes. An unknown unit is refused like a forbidden
 * one (ACCESS_DENIED) unless the caller is a developer, so unit ids cannot be probed.
 */
export async function mayTriggerTestOn(db: Db, grants: Grants, unitId: number): Promise<boolean> {
  if (isGlobalDeveloper(grants)) return true
  const [unit] = await db
    .select({ id: units.id, panelId: units.panelId })
    .from(units)
    .where(eq(units.id, unitId))
    .limit(1)
  return mayTriggerTest(grants, unit ?? null)
}
