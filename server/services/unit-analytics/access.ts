import type { FastifyInstance, FastifyRequest } from 'fastify'
import { hasGlobalAccess, mayManageUnit, mayReadUnit } from '../../../contracts/access.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import { HttpError } from '../../errors.ts'
import { requestGrants } from '../../plugins/auth.ts'
import { findUnitFacts, type UnitFacts } from './repository.ts'

export type { UnitFacts } from './repository.ts'

const forbidden = () => new HttpError(403, CommonCodes.FORBIDDEN)

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
