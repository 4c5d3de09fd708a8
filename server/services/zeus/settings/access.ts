import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import {
  hasGrant,
  mayActForOtherUsers,
  mayManageUnit,
  SECTION,
} from '../../../../contracts/access.ts'
import { CommonCodes } from '../../../../contracts/errors.ts'
import { HttpError } from '../../../errors.ts'
import { requestGrants } from '../../../plugins/auth.ts'
import * as repo from './repository.ts'

/** Path parameters of the settings calls. */
export const SubParamsSchema = v.object({ sub: v.pipe(v.string(), v.uuid()) })
const numericId = v.pipe(
  v.string(),
  v.regex(/^\d{1,10}$/),
  v.transform(Number),
  v.maxValue(2_147_483_647),
)
export const SubUnitParamsSchema = v.object({
  sub: v.pipe(v.string(), v.uuid()),
  unitId: numericId,
})
export const IspParamsSchema = v.object({ id: numericId })

export const DAY_MS = 86_400_000

export const forbidden = () => new HttpError(403, CommonCodes.FORBIDDEN)
export const notFound = () => new HttpError(404, CommonCodes.NOT_FOUND)

/** Who a settings call acts on, and whether the caller may touch a unit's settings. */
export type SettingsAccess = ReturnType<typeof settingsAccess>

export function settingsAccess(app: FastifyInstance) {
  /**
   * The user a `users/{sub}/…` call acts on: the caller, or anyone for global access (seeds 6).
   * 403 before any lookup, so subs cannot be probed.
   */
  async function targetUser(
    request: FastifyRequest,
    sub: string,
  ): Promise<{ userId: number; global: boolean }> {
    const caller = request.user
    if (!caller) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
    const global = mayActForOtherUsers(await requestGrants(app, request))
    if (caller.sub === sub) return { userId: caller.userId, global }
    if (!global) throw forbidden()
    const account = await repo.findAccountBySub(app.db, sub)
    if (!account) throw notFound()
    return { userId: account.id, global }
  }

  async function accountOf(sub: string) {
    const account = await repo.findAccountBySub(app.db, sub)
    if (!account) throw notFound()
    return account
  }

  /** Reading a unit's settings: its owner, an Agent unit_manage grant on it, or global access. */
  async function authoriseUnitRead(request: FastifyRequest, sub: string, unitId: number) {
    const target = await targetUser(request, sub)
    if (target.global) return
    const grants = await requestGrants(app, request)
    const manages = hasGrant(grants, SECTION.agent, 'unit_manage', { unit: unitId })
    if (!manages && !(await repo.isOwnUnit(app.db, target.userId, unitId))) throw forbidden()
  }

  /** Seeds 2.4 broadband update: Agent unit_manage on the unit (or on its panel), or global access. */
  async function authoriseUnitManage(
    request: FastifyRequest,
    sub: string,
    unit: repo.UnitPackageRow | null,
  ) {
    const target = await targetUser(request, sub)
    if (target.global) return
    const grants = await requestGrants(app, request)
    if (!unit || !mayManageUnit(grants, { id: unit.unitId, panelId: unit.panelId })) {
      throw forbidden()
    }
  }

  return { targetUser, accountOf, authoriseUnitRead, authoriseUnitManage }
}
