import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { CommonCodes } from '../../../contracts/errors.ts'
import {
  FlagOrganisationParamsSchema,
  FlagPanelParamsSchema,
  FlagParamsSchema,
  FlagSettingUpdateSchema,
  MyFlagsQuerySchema,
} from '../../../contracts/flags.ts'
import { HttpError, validate } from '../../errors.ts'
import { hasGlobalAccess } from '../../../contracts/access.ts'
import { declare } from '../../plugins/access.ts'
import { requestGrants } from '../../plugins/auth.ts'
import { knownFlagRows, presentMyFlags, presentSetting } from './presenter.ts'
import * as repo from './repository.ts'

const forbidden = () => new HttpError(403, CommonCodes.FORBIDDEN)
const notFound = () => new HttpError(404, CommonCodes.NOT_FOUND)

/** A management route's place: which parameters name it, and how to check it exists. */
type PlaceRoute = {
  path: string
  params: v.GenericSchema<unknown, { flag: string; organisationId?: number; panelId?: number }>
}

const PLACES: PlaceRoute[] = [
  { path: '/settings/:flag', params: FlagParamsSchema },
  { path: '/settings/:flag/organisations/:organisationId', params: FlagOrganisationParamsSchema },
  { path: '/settings/:flag/panels/:panelId', params: FlagPanelParamsSchema },
]

/**
 * The feature-flag service (seeds 001 §3.4, §6): a signed-in user reads their resolved flags; the
 * settings (global, per organisation, per panel) are managed by callers with global access — the
 * Administration grant ("feature-flags needs the Administration permission") or a Global one.
 */
export function flagsRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = declare('signed-in')

  // Global access (canManageFlags), checked by the access plugin: 403 before the body is read or
  // anything looked up, so a non-manager learns nothing of the settings.
  const managers = declare({ global: true })

  // The caller's flags for their organisation and a panel they may see (no panel: org and global).
  app.get('/', signedIn, async (request) => {
    const user = request.user
    if (!user) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
    const { panel } = validate(MyFlagsQuerySchema, request.query)
    const panelId = panel ?? null
    if (panelId !== null) {
      if (hasGlobalAccess(await requestGrants(app, request))) {
        if (!(await repo.panelExists(app.db, panelId))) throw notFound()
      } else if (!(await repo.hasPanelGrant(app.db, user.userId, panelId))) {
        // A panel that is not theirs and one that does not exist look the same.
        throw forbidden()
      }
    }
    const place = { organisationId: user.organisationId, panelId }
    return { data: presentMyFlags(await repo.settingsFor(app.db, place), place) }
  })

  app.get('/settings', managers, async () => {
    const rows = knownFlagRows(await repo.listSettings(app.db))
    return { data: rows.map(presentSetting) }
  })

  async function placeOf(route: PlaceRoute, request: FastifyRequest) {
    const params = validate(route.params, request.params)
    const place: repo.FlagPlace = {
      organisationId: params.organisationId ?? null,
      panelId: params.panelId ?? null,
    }
    if (
      place.organisationId !== null &&
      !(await repo.organisationExists(app.db, place.organisationId))
    ) {
      throw notFound()
    }
    if (place.panelId !== null && !(await repo.panelExists(app.db, place.panelId))) {
      throw notFound()
    }
    return { flag: params.flag, place }
  }

  for (const route of PLACES) {
    app.put(route.path, managers, async (request) => {
      const { flag, place } = await placeOf(route, request)
      const { enabled } = validate(FlagSettingUpdateSchema, request.body)
      const row = await repo.upsertSetting(app.db, {
        flag,
        ...place,
        enabled,
        updatedBy: request.user?.userId ?? null,
      })
      return { data: presentSetting(row) }
    })

    app.delete(route.path, managers, async (request, reply) => {
      const { flag, place } = await placeOf(route, request)
      if (!(await repo.deleteSetting(app.db, flag, place))) throw notFound()
      return reply.code(204).send()
    })
  }

  return Promise.resolve()
}
