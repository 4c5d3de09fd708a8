import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { CommonCodes } from '../../../../contracts/errors.ts'
import {
  FeatureUpdatePageQuerySchema,
  FeatureUpdateReadBodySchema,
  FeatureUpdateUnreadQuerySchema,
  type FeatureUpdatePage,
  type FeatureUpdatePageQuery,
} from '../../../../contracts/feature-updates.ts'
import { int4IdParam } from '../../../../contracts/primitives.ts'
import { HttpError, validate } from '../../../errors.ts'
import { pageOf, presentPage } from '../../../lib/list.ts'
import { authoriseOwnAccount, declare } from '../../../plugins/access.ts'
import { presentFeatureUpdate } from './presenter.ts'
import * as repo from './repository.ts'

const id = int4IdParam()
const UserIdParamsSchema = v.object({ userId: id })
const SubParamsSchema = v.object({ sub: v.pipe(v.string(), v.uuid()) })
const UpdateParamsSchema = v.object({ userId: id, updateId: id })

const notFound = () => new HttpError(404, CommonCodes.NOT_FOUND)

/** Accounts (zeus) feature updates (seeds 2.8, 4.5, 7.2): the caller's own, or anyone's with global access. */
export function zeusFeatureUpdateRoutes(app: FastifyInstance): Promise<void> {
  const ownAccount = declare({ own: 'account' })

  /** 403 before any lookup, so other users' ids cannot be probed. */
  const authoriseSelfOrGlobal = (request: FastifyRequest, isSelf: boolean) =>
    authoriseOwnAccount(app, request, isSelf)

  /** Titles and descriptions come in the caller's default locale, whoever the list is of. */
  async function callerLocale(request: FastifyRequest): Promise<repo.UpdateLocale> {
    const callerId = request.user?.userId
    const locale = callerId === undefined ? null : await repo.findUserLocale(app.db, callerId)
    return locale ?? repo.FALLBACK_LOCALE
  }

  async function existingUser(userId: number): Promise<void> {
    if ((await repo.findUserLocale(app.db, userId)) === null) throw notFound()
  }

  async function page(
    request: FastifyRequest,
    userId: number,
    filter: repo.ReadFilter,
    query: FeatureUpdatePageQuery,
  ): Promise<FeatureUpdatePage> {
    const options: repo.ListOptions = {
      userId,
      locale: await callerLocale(request),
      filter,
      type: query.type,
      apps: query.apps,
      sort: query.sorts,
      page: pageOf(query),
    }
    const [rows, total] = await Promise.all([
      repo.listFeatureUpdates(app.db, options),
      repo.countFeatureUpdates(app.db, options),
    ])
    return presentPage(rows, { ...pageOf(query), total }, presentFeatureUpdate)
  }

  app.get('/users/:userId/feature_updates/read', ownAccount, async (request) => {
    const { userId } = validate(UserIdParamsSchema, request.params)
    const query = validate(FeatureUpdatePageQuerySchema, request.query)
    await authoriseSelfOrGlobal(request, request.user?.userId === userId)
    await existingUser(userId)
    return page(request, userId, 'read', query)
  })

  app.get('/users/:userId/feature_updates/unread', ownAccount, async (request) => {
    const { userId } = validate(UserIdParamsSchema, request.params)
    const { type, apps } = validate(FeatureUpdateUnreadQuerySchema, request.query)
    await authoriseSelfOrGlobal(request, request.user?.userId === userId)
    await existingUser(userId)
    const rows = await repo.listFeatureUpdates(app.db, {
      userId,
      locale: await callerLocale(request),
      filter: 'unread',
      type,
      apps,
      sort: '-id',
    })
    return { data: rows.map(presentFeatureUpdate) }
  })

  app.get('/users/:sub/feature_updates', ownAccount, async (request) => {
    const { sub } = validate(SubParamsSchema, request.params)
    const query = validate(FeatureUpdatePageQuerySchema, request.query)
    await authoriseSelfOrGlobal(request, request.user?.sub === sub)
    const userId = await repo.findUserIdBySub(app.db, sub)
    if (userId === null) throw notFound()
    return page(request, userId, 'all', query)
  })

  app.put('/users/:userId/feature_updates/:updateId', ownAccount, async (request) => {
    const { userId, updateId } = validate(UpdateParamsSchema, request.params)
    const body = validate(FeatureUpdateReadBodySchema, request.body)
    await authoriseSelfOrGlobal(request, request.user?.userId === userId)
    const readAt = new Date(body.last_read_date * 1000)
    if (!(await repo.markFeatureUpdateRead(app.db, userId, updateId, readAt))) throw notFound()
    const row = await repo.findFeatureUpdate(app.db, userId, updateId, await callerLocale(request))
    if (!row) throw notFound()
    return { data: presentFeatureUpdate(row) }
  })

  return Promise.resolve()
}
