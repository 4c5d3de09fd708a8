import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import {
  ADMIN_PERMISSION,
  GdprRemovalSchema,
  type GdprRemovalResult,
} from '../../../contracts/admin.ts'
import { hasGlobalAccess, hasGrant, SECTION } from '../../../contracts/access.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import { int4IdParam } from '../../../contracts/primitives.ts'
import { HttpError, validate, validationFail } from '../../errors.ts'
import { declare } from '../../plugins/access.ts'
import { grantsChanged, requestGrants, tokensRevoked } from '../../plugins/auth.ts'
import { audit } from './agents.repository.ts'
import { organisationOwner, removalTarget, removePersonalData } from './gdpr.repository.ts'

const ParamsSchema = v.object({ id: int4IdParam() })

/**
 * POST /gdpr-removal/{id} (seeds 001 §7.5, issue 25): removes a user's personal data everywhere
 * it lives and keeps their results anonymised (gdpr.repository.ts). Global access reaches every
 * account; org_super_admin the accounts of the organisations whose owner it is granted on (any
 * other account answers 404 like a missing one). Declared `{ own: 'account' }`: the handler
 * applies that rule widened by org_super_admin, refusing (403) before anything is looked up.
 * Audit-logged by ids and counts only.
 */
export function gdprRoutes(app: FastifyInstance): void {
  app.post('/gdpr-removal/:id', declare({ own: 'account' }), async (request) => {
    const grants = await requestGrants(app, request)
    const global = hasGlobalAccess(grants)
    if (!global && !hasGrant(grants, SECTION.owner, ADMIN_PERMISSION.orgSuperAdmin)) {
      throw new HttpError(403, CommonCodes.FORBIDDEN)
    }
    const { id } = validate(ParamsSchema, request.params)
    const { confirm } = validate(GdprRemovalSchema, request.body)
    if (confirm !== id) throw validationFail({ confirm: [CommonCodes.INVALID] })
    const by = request.user?.userId
    if (by === undefined) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
    // Nobody removes their own account from here (they would lose access mid-request).
    if (by === id) throw validationFail({ confirm: [CommonCodes.INVALID] })
    const target = await removalTarget(app.db, id)
    if (!target) throw new HttpError(404, CommonCodes.NOT_FOUND)
    if (!global && !(await superAdminOf(target.organisationId))) {
      throw new HttpError(404, CommonCodes.NOT_FOUND)
    }
    // Access tokens issued up to the end of this second are refused from now on.
    const revokeBefore = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000)
    const removed = await app.db.transaction(async (tx) => {
      const counts = await removePersonalData(tx, target, revokeBefore)
      await audit(tx, {
        actorId: by,
        panelId: null,
        action: 'user.gdpr_removal',
        targetType: 'user',
        targetId: id,
        before: null,
        after: { removed: counts },
      })
      return counts
    })
    tokensRevoked(app.db, id, revokeBefore)
    grantsChanged()
    const answer: GdprRemovalResult = { data: { user_id: id, removed } }
    return answer

    async function superAdminOf(organisationId: number | null): Promise<boolean> {
      const ownerId =
        organisationId === null ? null : await organisationOwner(app.db, organisationId)
      return (
        ownerId !== null &&
        hasGrant(grants, SECTION.owner, ADMIN_PERMISSION.orgSuperAdmin, { owner: ownerId })
      )
    }
  })
}
