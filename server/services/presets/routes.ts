import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { organisationRole } from '../../../contracts/access.ts'
import type { Grants } from '../../../contracts/auth.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import { SELECTABLE_PAGE_SIZES } from '../../../contracts/pagination.ts'
import {
  callerOwners,
  DEFAULT_PRESET_PAGE_SIZE,
  DEFAULT_PRESET_SORT,
  ifMatchVersion,
  mayEditPreset,
  mayUsePresetData,
  mayUsePresets,
  PRESET_SORT_COLUMNS,
  PRESET_TABS,
  PresetCreateSchema,
  presetETag,
  PresetUpdateSchema,
  repeatedTag,
  staysVisible,
  type PresetCaller,
} from '../../../contracts/presets.ts'
import { int4IdParam } from '../../../contracts/primitives.ts'
import { HttpError, validate, validationFail } from '../../errors.ts'
import { pageOf, pagingEntries, presentPage, sortsEntry, textFilter } from '../../lib/list.ts'
import { declare } from '../../plugins/access.ts'
import { requestGrants } from '../../plugins/auth.ts'
import { presentPreset } from './presenter.ts'
import * as repo from './repository.ts'

const forbidden = () => new HttpError(403, CommonCodes.FORBIDDEN)
const notFound = () => new HttpError(404, CommonCodes.PRESET_NOT_FOUND)
const inUse = () => new HttpError(409, CommonCodes.PRESET_IN_USE)

const PresetParamsSchema = v.object({ id: int4IdParam() })

const OWNER_IDS = /^\d{1,10}(,\d{1,10}){0,9}$/

const PresetListQuerySchema = v.object({
  ...pagingEntries({ perPage: DEFAULT_PRESET_PAGE_SIZE, maxPage: 100_000 }),
  // §9: results per page is a choice among the selectable sizes.
  per_page: v.optional(
    v.pipe(
      v.picklist(SELECTABLE_PAGE_SIZES.map(String) as [string, ...string[]]),
      v.transform(Number),
    ),
    String(DEFAULT_PRESET_PAGE_SIZE),
  ),
  sorts: sortsEntry(PRESET_SORT_COLUMNS, { fallback: [DEFAULT_PRESET_SORT] }),
  tab: v.optional(v.picklist(PRESET_TABS), 'all'),
  search: textFilter(100),
  // 001 §7.1: the user owner and the organisation owner, comma separated.
  ownerIds: v.optional(
    v.pipe(
      v.string(),
      v.regex(OWNER_IDS),
      v.transform((value) => value.split(',').map(Number)),
      v.check((ids) => ids.every((id) => id <= 2_147_483_647), 'an owner id is too large'),
    ),
  ),
  includeDeleted: v.optional(
    v.pipe(
      v.picklist(['true', 'false']),
      v.transform((value) => value === 'true'),
    ),
    'false',
  ),
})

/** Who calls, with their grants; refuses a caller without analytics access (403). */
type Context = { viewer: repo.Viewer; caller: PresetCaller; grants: Grants }

/**
 * The presets of the analytics service (seeds 001 §2.1, §4, §5, §6, §7.1; issue 23 §4, §5).
 * Analytics access (analytics_ui on some panel, or global access) is decided from grants in the
 * handler, before the body is read: it is not one declared grant (two sections, or global access).
 */
export function presetsRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = declare('signed-in')

  async function contextOf(request: FastifyRequest): Promise<Context> {
    const user = request.user
    if (!user) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
    const grants = await requestGrants(app, request)
    if (!mayUsePresets(grants)) throw forbidden()
    const viewer = await repo.viewerOf(app.db, user.userId)
    const caller: PresetCaller = {
      userId: user.userId,
      ownerId: viewer.ownerId,
      organisationOwnerId: viewer.organisationOwnerId,
      homeUser: organisationRole(grants) === 'home_user',
    }
    return { viewer, caller, grants }
  }

  /** The preset the caller sees (404 for not found and not theirs alike). */
  async function presetOf(
    context: Context,
    request: FastifyRequest,
    options: { includeDeleted?: boolean } = {},
  ): Promise<repo.PresetRow> {
    const { id } = validate(PresetParamsSchema, request.params)
    const row = await repo.findPreset(app.db, context.viewer, id, options)
    if (!row) throw notFound()
    return row
  }

  /** A preset the caller may change: 403 when they may not edit it or open its panels. */
  function editableOrRefuse(context: Context, row: repo.PresetRow): void {
    if (!mayEditPreset(context.caller, row)) throw forbidden()
    if (!mayUsePresetData(context.grants, row.data)) throw forbidden()
  }

  async function answer(
    context: Context,
    reply: FastifyReply,
    id: number,
    status = 200,
  ): Promise<FastifyReply> {
    const row = await repo.findPreset(app.db, context.viewer, id, { includeDeleted: true })
    if (!row) throw notFound()
    return reply
      .code(status)
      .header('etag', presetETag(row.version))
      .send({ data: presentPreset(row, context.caller, context.grants) })
  }

  /**
   * The owner a create or update names (default: the current one, else the caller's own): a
   * change of owner must be to one of the caller's; a home user's only to their own (001 §6).
   */
  function ownerFor(context: Context, named: number | undefined, current: number | null): number {
    const owner = named ?? current ?? context.caller.ownerId
    if (owner === null) throw forbidden()
    if (owner === current) return owner
    if (!callerOwners(context.caller).includes(owner)) throw forbidden()
    if (context.caller.homeUser && owner !== context.caller.ownerId) throw forbidden()
    return owner
  }

  function checkTags(tags: readonly string[]): void {
    if (repeatedTag(tags) !== null) throw validationFail({ tags: [CommonCodes.EXISTS] })
  }

  function checkVisibility(context: Context, visibility: string): void {
    if (visibility === 'organisation' && context.viewer.organisationId === null) {
      throw validationFail({ visibility: [CommonCodes.INVALID] })
    }
  }

  app.get('/presets', signedIn, async (request) => {
    const context = await contextOf(request)
    const query = validate(PresetListQuerySchema, request.query)
    const { rows, total } = await repo.listPresets(
      app.db,
      context.viewer,
      {
        tab: query.tab,
        ownerIds: query.ownerIds ?? null,
        includeDeleted: query.includeDeleted,
        search: query.search ?? null,
        sorts: query.sorts,
      },
      pageOf(query),
    )
    return presentPage(rows, { ...pageOf(query), total }, (row) =>
      presentPreset(row, context.caller, context.grants),
    )
  })

  app.get('/presets/:id', signedIn, async (request, reply) => {
    const context = await contextOf(request)
    const row = await presetOf(context, request)
    if (!mayUsePresetData(context.grants, row.data)) throw forbidden()
    await repo.recordView(app.db, context.viewer.userId, row.id)
    return answer(context, reply, row.id)
  })

  app.post('/presets', signedIn, async (request, reply) => {
    const context = await contextOf(request)
    const body = validate(PresetCreateSchema, request.body)
    checkTags(body.tags)
    checkVisibility(context, body.visibility)
    const ownerId = ownerFor(context, body.owner, null)
    if (!mayUsePresetData(context.grants, body.data)) throw forbidden()
    const id = await repo.insertPreset(app.db, {
      ...body,
      ownerId,
      createdBy: context.viewer.userId,
    })
    void reply.header('location', `/api/analytics/presets/${String(id)}`)
    return answer(context, reply, id, 201)
  })

  app.put('/presets/:id', signedIn, async (request, reply) => {
    const context = await contextOf(request)
    const { id } = validate(PresetParamsSchema, request.params)
    const body = validate(PresetUpdateSchema, request.body)
    checkTags(body.tags)
    checkVisibility(context, body.visibility)
    const header = request.headers['if-match']
    const expected = ifMatchVersion(typeof header === 'string' ? header : undefined) ?? body.version
    if (expected === undefined) throw validationFail({ version: [CommonCodes.MISSING] })
    const row = await repo.findPreset(app.db, context.viewer, id)
    if (!row) throw notFound()
    editableOrRefuse(context, row)
    if (row.inUse) throw inUse()
    const conflict = async () => {
      const current = await repo.findPreset(app.db, context.viewer, id, { includeDeleted: true })
      if (!current) throw notFound()
      return new HttpError(412, CommonCodes.PRECONDITION_FAILED, {
        data: { preset: presentPreset(current, context.caller, context.grants) },
        headers: { etag: presetETag(current.version) },
      })
    }
    if (expected !== row.version) throw await conflict()
    const ownerId = ownerFor(context, body.owner, row.ownerId)
    if (!mayUsePresetData(context.grants, body.data)) throw forbidden()
    if (!staysVisible(context.caller, row, { ownerId, visibility: body.visibility })) {
      throw forbidden()
    }
    const updated = await repo.updatePreset(app.db, id, expected, {
      ownerId,
      name: body.name,
      data: body.data,
      tags: body.tags,
      visibility: body.visibility,
    })
    if (!updated) throw await conflict()
    return answer(context, reply, id)
  })

  for (const [method, starred] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/presets/:id/star',
      ...signedIn,
      handler: async (request, reply) => {
        const context = await contextOf(request)
        const row = await presetOf(context, request)
        await repo.setStar(app.db, context.viewer.userId, row.id, starred)
        return answer(context, reply, row.id)
      },
    })
  }

  for (const [path, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.post(`/presets/:id/${path}`, signedIn, async (request, reply) => {
      const context = await contextOf(request)
      const row = await presetOf(context, request)
      editableOrRefuse(context, row)
      await repo.setState(app.db, row.id, 'archivedAt', archived)
      return answer(context, reply, row.id)
    })
  }

  // Soft delete: the answer carries deleted_at; POST …/restore undoes it.
  app.delete('/presets/:id', signedIn, async (request, reply) => {
    const context = await contextOf(request)
    const row = await presetOf(context, request, { includeDeleted: true })
    editableOrRefuse(context, row)
    if (row.inUse) throw inUse()
    await repo.setState(app.db, row.id, 'deletedAt', true)
    return answer(context, reply, row.id)
  })

  app.post('/presets/:id/restore', signedIn, async (request, reply) => {
    const context = await contextOf(request)
    const row = await presetOf(context, request, { includeDeleted: true })
    editableOrRefuse(context, row)
    await repo.setState(app.db, row.id, 'deletedAt', false)
    return answer(context, reply, row.id)
  })

  return Promise.resolve()
}
