import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { organisationRole, SECTION } from '../../../contracts/access.ts'
import type { Grants } from '../../../contracts/auth.ts'
import {
  dashboardFieldErrors,
  DashboardCreateSchema,
  DashboardListQuerySchema,
  DashboardUpdateSchema,
  graphsOf,
  mayEditDashboard,
  maySeeDashboard,
  type DashboardCaller,
  type ReportContents,
  type WarboardContents,
} from '../../../contracts/dashboards.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import {
  callerOwners,
  ifMatchVersion,
  mayChartPanel,
  presetETag,
} from '../../../contracts/presets.ts'
import { int4IdParam } from '../../../contracts/primitives.ts'
import { HttpError, validate, validationFail } from '../../errors.ts'
import { declare } from '../../plugins/access.ts'
import { requestGrants } from '../../plugins/auth.ts'
import { presetsSeenBy, presetViewerOf, type Viewer } from '../presets/visible-presets.ts'
import { presentDashboard, presentDashboardSummary, presentMetas } from './presenter.ts'
import * as repo from './repository.ts'

const forbidden = () => new HttpError(403, CommonCodes.FORBIDDEN)
const notFound = () => new HttpError(404, CommonCodes.DASHBOARD_NOT_FOUND)

const DashboardParamsSchema = v.object({ id: int4IdParam() })
const OwnerParamsSchema = v.object({ ownerId: int4IdParam() })

/** Who calls: the presets' viewer (for the graphs' metas), the dashboard caller, their grants. */
type Context = { viewer: Viewer; caller: DashboardCaller; grants: Grants }

type Contents = WarboardContents | ReportContents

/**
 * Dashboards and reports of the analytics service (seeds 001 §2.2, §4, §5, §6, §7.1). Every route
 * needs test-measurements/reports on some panel (declared; a global developer passes); who sees
 * and changes which dashboard is decided in the handler (contracts/dashboards.ts).
 */
export function dashboardsRoutes(app: FastifyInstance): Promise<void> {
  const reports = declare({
    section: SECTION.testMeasurements,
    permission: 'reports',
    panel: 'none',
  })

  async function contextOf(request: FastifyRequest): Promise<Context> {
    const user = request.user
    if (!user) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
    const grants = await requestGrants(app, request)
    const viewer = await presetViewerOf(app.db, user.userId)
    const caller: DashboardCaller = {
      userId: user.userId,
      ownerId: viewer.ownerId,
      organisationOwnerId: viewer.organisationOwnerId,
      homeUser: organisationRole(grants) === 'home_user',
    }
    return { viewer, caller, grants }
  }

  /** The dashboard of the request's id the caller sees (404 for not found and not theirs alike). */
  async function dashboardOf(context: Context, id: number): Promise<repo.DashboardRow> {
    const row = await repo.findDashboard(app.db, id)
    if (!row || !maySeeDashboard(context.caller, row)) throw notFound()
    return row
  }

  /** One dashboard with its graphs' metas: their presets in one query. */
  async function present(context: Context, row: repo.DashboardRow) {
    const ids = graphsOf(row.contents).map((graph) => graph.metaId)
    const found = await presetsSeenBy(app.db, context.viewer, [...new Set(ids)])
    return presentDashboard(
      row,
      context.caller,
      presentMetas(row, found, context.caller, context.grants),
    )
  }

  async function answer(
    context: Context,
    reply: FastifyReply,
    id: number,
    status = 200,
  ): Promise<FastifyReply> {
    const row = await dashboardOf(context, id)
    return reply
      .code(status)
      .header('etag', presetETag(row.version))
      .send({ data: await present(context, row) })
  }

  /** The entity's own rules after the schema: NO_NAME, NO_CONTENTS (400). */
  function checkFields(body: { type: 'warboard' | 'report'; name: string; contents: Contents }) {
    const errors = dashboardFieldErrors(body)
    if (errors) throw validationFail(errors)
  }

  /**
   * Graphs the caller adds must be on panels they may chart (403); graphs already there are kept
   * whoever edits, so a colleague with fewer panels can still rename or rearrange a board.
   */
  function checkPanels(context: Context, contents: Contents, current: Contents | null): void {
    const kept = new Set(
      (current ? graphsOf(current) : []).map((graph) => `${graph.metaId}:${graph.panel}`),
    )
    const added = graphsOf(contents).filter((g) => !kept.has(`${g.metaId}:${g.panel}`))
    if (!added.every((graph) => mayChartPanel(context.grants, graph.panel))) throw forbidden()
  }

  /**
   * The owner a create or an update gives the dashboard, and its public flag (contract header:
   * public ⇔ the organisation's owner). Public: the organisation's owner (400 `public: INVALID`
   * for a caller without one, or with another owner named). Private: the owner named, else the
   * caller's own when a public one they created is made private (the list's toggle), else where
   * it is (the caller's own for a new one). An owner sent back unchanged names no move. A move
   * must be to one of the caller's owners (a home user's: their own only), and the dashboard must
   * stay visible to whoever saves it (403).
   */
  function placeOf(
    context: Context,
    body: { owner?: number | undefined; public: boolean },
    row: repo.DashboardRow | null,
  ): { ownerId: number; public: boolean } {
    const { caller } = context
    const current = row?.ownerId ?? null
    const named = body.owner === current ? undefined : body.owner
    let target: number | null
    if (body.public) {
      target = named ?? caller.organisationOwnerId
      if (target === null || target !== caller.organisationOwnerId) {
        throw validationFail({ public: [CommonCodes.INVALID] })
      }
    } else {
      const madePrivate =
        row !== null &&
        row.public &&
        row.ownerId === caller.organisationOwnerId &&
        row.createdBy === caller.userId
      target = named ?? (madePrivate ? caller.ownerId : (current ?? caller.ownerId))
    }
    if (target === null) throw forbidden()
    if (target !== current) {
      if (!callerOwners(caller).includes(target)) throw forbidden()
      if (caller.homeUser && target !== caller.ownerId) throw forbidden()
    }
    const next = {
      ownerId: target,
      public: body.public,
      createdBy: row?.createdBy ?? caller.userId,
    }
    if (!maySeeDashboard(caller, next)) throw forbidden()
    return { ownerId: target, public: body.public }
  }

  app.get('/owners/:ownerId/dashboards', reports, async (request) => {
    const context = await contextOf(request)
    const { ownerId } = validate(OwnerParamsSchema, request.params)
    const { type } = validate(DashboardListQuerySchema, request.query)
    if (!callerOwners(context.caller).includes(ownerId)) throw forbidden()
    const rows = await repo.listDashboards(app.db, context.caller, ownerId, type)
    return { data: rows.map((row) => presentDashboardSummary(row, context.caller)) }
  })

  app.get('/dashboards/:id', reports, async (request, reply) => {
    const context = await contextOf(request)
    const { id } = validate(DashboardParamsSchema, request.params)
    return answer(context, reply, id)
  })

  app.post('/dashboards', reports, async (request, reply) => {
    const context = await contextOf(request)
    const body = validate(DashboardCreateSchema, request.body)
    checkFields(body)
    const place = placeOf(context, body, null)
    checkPanels(context, body.contents, null)
    const id = await repo.insertDashboard(app.db, {
      type: body.type,
      name: body.name.trim(),
      contents: body.contents,
      ...place,
      createdBy: context.caller.userId,
    })
    void reply.header('location', `/api/analytics/dashboards/${String(id)}`)
    return answer(context, reply, id, 201)
  })

  app.put('/dashboards/:id', reports, async (request, reply) => {
    const context = await contextOf(request)
    const { id } = validate(DashboardParamsSchema, request.params)
    const body = validate(DashboardUpdateSchema, request.body)
    checkFields(body)
    const header = request.headers['if-match']
    const expected = ifMatchVersion(typeof header === 'string' ? header : undefined) ?? body.version
    if (expected === undefined) throw validationFail({ version: [CommonCodes.MISSING] })
    const row = await dashboardOf(context, id)
    if (!mayEditDashboard(context.caller, row)) throw forbidden()
    if (body.type !== row.type) throw validationFail({ type: [CommonCodes.INVALID] })
    const conflict = async () => {
      const current = await dashboardOf(context, id)
      return new HttpError(412, CommonCodes.PRECONDITION_FAILED, {
        data: { dashboard: await present(context, current) },
        headers: { etag: presetETag(current.version) },
      })
    }
    if (expected !== row.version) throw await conflict()
    const place = placeOf(context, body, row)
    checkPanels(context, body.contents, row.contents)
    const updated = await repo.updateDashboard(app.db, id, expected, {
      name: body.name.trim(),
      contents: body.contents,
      ...place,
    })
    if (!updated) throw await conflict()
    return answer(context, reply, id)
  })

  // A hard delete (no undo in the seeds: the list asks for confirmation): 204, no body.
  app.delete('/dashboards/:id', reports, async (request, reply) => {
    const context = await contextOf(request)
    const { id } = validate(DashboardParamsSchema, request.params)
    const row = await dashboardOf(context, id)
    if (!mayEditDashboard(context.caller, row)) throw forbidden()
    await repo.deleteDashboard(app.db, row.id)
    return reply.code(204).send()
  })

  return Promise.resolve()
}
