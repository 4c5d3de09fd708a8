import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Grants } from '../../../contracts/auth.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import { HttpError } from '../../errors.ts'
import { hasGlobalAccess, hasGrant, requestGrants } from '../../plugins/auth.ts'
import { findUnitFacts, type UnitFacts } from './repository.ts'

export type { UnitFacts } from './repository.ts'

const forbidden = () => new HttpError(403, CommonCodes.FORBIDDEN)

/** Whether any permission of `grants[resource]` is unscoped or scoped to one of `scopes`. */
function anyScopedGrant(
  grants: Grants,
  resource: string,
  scopes: Record<string, number>[],
): boolean {
  return Object.values(grants[resource] ?? {}).some(
    (granted) =>
      granted === true ||
      granted.some((candidate) =>
        scopes.some((scope) =>
          Object.entries(scope).every(([key, value]) => String(candidate[key]) === String(value)),
        ),
      ),
  )
}

/**
 * The read rule of a unit (issue 4 §1), without the lookup: its owner, Unit test_view on its panel,
 * any Agent grant on the unit or its panel, or global access.
 */
export function mayReadUnit(
  grants: Grants,
  unit: { id: number; panelId: number | null; ownedByCaller: boolean },
): boolean {
  if (unit.ownedByCaller || hasGlobalAccess(grants)) return true
  if (unit.panelId !== null && hasGrant(grants, 'Unit', 'test_view', { panel: unit.panelId })) {
    return true
  }
  const scopes: Record<string, number>[] = [{ unit: unit.id }]
  if (unit.panelId !== null) scopes.push({ panel: unit.panelId })
  return anyScopedGrant(grants, 'Agent', scopes)
}

/** The manage rule of a unit: Agent unit_manage on the unit or its panel, or global access. */
export function mayManageUnit(
  grants: Grants,
  unit: { id: number; panelId: number | null },
): boolean {
  if (hasGlobalAccess(grants)) return true
  if (hasGrant(grants, 'Agent', 'unit_manage', { unit: unit.id })) return true
  return unit.panelId !== null && hasGrant(grants, 'Agent', 'unit_manage', { panel: unit.panelId })
}

/** Where canReadUnit gets a unit's facts for a caller: the database unless a cache is given. */
export type UnitFactsLookup = (unitId: number, userId: number) => Promise<UnitFacts | null>

/**
 * The unit's facts when the caller may read it; otherwise 403 FORBIDDEN. An unknown unit is 404
 * only for a global-access caller: anyone else gets 403, so unit ids cannot be probed.
 * Runs after `authenticate`. Reused by every service that serves one unit's data.
 */
export async function canReadUnit(
  app: FastifyInstance,
  request: FastifyRequest,
  unitId: number,
  lookup: UnitFactsLookup = (id, userId) => findUnitFacts(app.db, id, userId),
): Promise<UnitFacts> {
  const user = request.user
  if (!user) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
  const unit = await lookup(unitId, user.userId)
  // A unit's own user needs no grant: the common case (every consumer chart) skips that query.
  if (unit?.ownedByCaller) return unit
  const grants = await requestGrants(app, request)
  if (!unit) {
    throw hasGlobalAccess(grants) ? new HttpError(404, CommonCodes.NOT_FOUND) : forbidden()
  }
  if (!mayReadUnit(grants, unit)) throw forbidden()
  return unit
}

/** Like canReadUnit, and also requires the manage rule (403 FORBIDDEN otherwise). */
export async function canManageUnit(
  app: FastifyInstance,
  request: FastifyRequest,
  unitId: number,
): Promise<UnitFacts> {
  const unit = await canReadUnit(app, request, unitId)
  if (!mayManageUnit(await requestGrants(app, request), unit)) throw forbidden()
  return unit
}
