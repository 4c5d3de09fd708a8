import type { FastifyInstance, FastifyRequest } from 'fastify'
import { eq, sql } from 'drizzle-orm'
import { ADMIN_PERMISSION, AdminCodes, AdminPanelParamsSchema } from '../../../contracts/admin.ts'
import {
  hasAnyGrantOn,
  hasGlobalAccess,
  hasGrant,
  PANEL_SECTIONS,
  SECTION,
} from '../../../contracts/access.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import {
  isPanelLogoType,
  PANEL_LOGO_MAX_BYTES,
  PANEL_LOGO_TYPES,
  panelLogoTypeOf,
  type PanelLogoResponse,
} from '../../../contracts/panel-logo.ts'
import { panelLogos } from '../../db/schema.ts'
import { HttpError, validate } from '../../errors.ts'
import { declare } from '../../plugins/access.ts'
import { requestGrants } from '../../plugins/auth.ts'
import { audit } from './agents.repository.ts'
import { panelOrganisation } from './users.repository.ts'

function callerId(request: FastifyRequest): number {
  const id = request.user?.userId
  if (id === undefined) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
  return id
}

const notFound = () => new HttpError(404, CommonCodes.NOT_FOUND)
const forbidden = () => new HttpError(403, CommonCodes.FORBIDDEN)

/** Decided in the handlers: the organisation's super admin changes the logo; the panel's users read it. */
const superAdminAccess = declare({
  section: SECTION.owner,
  permission: ADMIN_PERMISSION.orgSuperAdmin,
  panel: 'none',
})

/**
 * A panel's logo (contracts/panel-logo.ts): read by everyone who works on the panel, uploaded and
 * removed by the super admin of the panel's organisation. A panel the caller has nothing on
 * answers 404 like a missing one, so panels cannot be probed.
 */
export function logoRoutes(app: FastifyInstance): void {
  for (const type of PANEL_LOGO_TYPES) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: PANEL_LOGO_MAX_BYTES },
      (_request, body, done) => {
        done(null, body)
      },
    )
  }

  /** The super admin of the panel's organisation (its owner's org_super_admin), else 403. */
  async function mayChange(pid: number, grants: Parameters<typeof hasGrant>[0]): Promise<void> {
    const organisation = await panelOrganisation(app.db, pid)
    if (!organisation) throw notFound()
    const ownerId = organisation.ownerId
    const superAdmin =
      ownerId !== null &&
      hasGrant(grants, SECTION.owner, ADMIN_PERMISSION.orgSuperAdmin, { owner: ownerId })
    if (!superAdmin) throw forbidden()
  }

  /** The audit log's entry of a change to the panel's logo (who, when, what). */
  async function logoChanged(
    request: FastifyRequest,
    pid: number,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    await audit(app.db, {
      actorId: callerId(request),
      panelId: pid,
      action: 'panel.logo',
      targetType: 'panel',
      targetId: pid,
      before,
      after,
    })
  }

  app.get('/panels/:pid/logo', declare('signed-in'), async (request, reply) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    const grants = await requestGrants(app, request)
    const onPanel =
      hasGlobalAccess(grants) ||
      PANEL_SECTIONS.some((section) => hasAnyGrantOn(grants, section, [{ panel: pid }]))
    if (!onPanel) throw notFound()
    const [logo] = await app.db.select().from(panelLogos).where(eq(panelLogos.panelId, pid))
    if (!logo) throw notFound()
    const etag = `"${String(logo.updatedAt.getTime())}"`
    reply.header('cache-control', 'private, no-cache').header('etag', etag)
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    return reply.header('content-type', logo.contentType).send(logo.image)
  })

  app.post('/panels/:pid/logo', superAdminAccess, async (request): Promise<PanelLogoResponse> => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    await mayChange(pid, await requestGrants(app, request))
    const declared = (request.headers['content-type'] ?? '').split(';')[0]?.trim() ?? ''
    if (!isPanelLogoType(declared) || !Buffer.isBuffer(request.body)) {
      throw new HttpError(415, AdminCodes.UNSUPPORTED_FORMAT)
    }
    const image = request.body
    if (panelLogoTypeOf(image) !== declared) throw new HttpError(400, AdminCodes.INVALID_FILE)
    const [saved] = await app.db
      .insert(panelLogos)
      .values({ panelId: pid, contentType: declared, image })
      .onConflictDoUpdate({
        target: panelLogos.panelId,
        set: { contentType: declared, image, updatedAt: sql`now()` },
      })
      .returning({ updatedAt: panelLogos.updatedAt })
    await logoChanged(request, pid, null, { content_type: declared, bytes: image.length })
    return {
      data: {
        panel_id: pid,
        content_type: declared,
        bytes: image.length,
        updated_at: (saved?.updatedAt ?? new Date()).toISOString(),
      },
    }
  })

  app.delete('/panels/:pid/logo', superAdminAccess, async (request, reply) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    await mayChange(pid, await requestGrants(app, request))
    const removed = await app.db
      .delete(panelLogos)
      .where(eq(panelLogos.panelId, pid))
      .returning({ panelId: panelLogos.panelId })
    if (removed.length > 0) await logoChanged(request, pid, { removed: false }, { removed: true })
    return reply.code(204).send()
  })
}
