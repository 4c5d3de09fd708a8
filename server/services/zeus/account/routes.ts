import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import {
  IdParamSchema,
  PersonalInformationUpdateSchema,
  PreferencesSchema,
} from '../../../../contracts/accounts.ts'
import { int4IdParam } from '../../../../contracts/primitives.ts'
import { CommonCodes } from '../../../../contracts/errors.ts'
import { HttpError, validate } from '../../../errors.ts'
import { authoriseOwnAccount, declare } from '../../../plugins/access.ts'
import { presentOrganisation, presentPersonalInformation, presentPreferences } from './presenter.ts'
import * as repo from './repository.ts'

const UserIdParamsSchema = v.object({ userId: int4IdParam() })
const SubParamsSchema = v.object({ sub: v.pipe(v.string(), v.uuid()) })
/** The preferences must be an object, not an array (a valibot record takes both). */
const PreferencesBodySchema = v.pipe(
  v.unknown(),
  v.check((value) => !Array.isArray(value)),
  PreferencesSchema,
)

/** Seeds 7.2: users' preferences are small; the whole object travels on every change. */
export const PREFERENCES_BODY_LIMIT = 16 * 1024

const notFound = () => new HttpError(404, CommonCodes.NOT_FOUND)

/** The accounts service (zeus) endpoints of issue 2 under /api/zeus. */
export function zeusRoutes(app: FastifyInstance): Promise<void> {
  const ownAccount = declare({ own: 'account' })

  /** Own data, or global access (seeds 6); 403 before any lookup so ids cannot be probed. */
  const authoriseSelfOrGlobal = (request: FastifyRequest, isSelf: boolean) =>
    authoriseOwnAccount(app, request, isSelf)

  app.get('/users/:userId/preferences', ownAccount, async (request) => {
    const { userId } = validate(UserIdParamsSchema, request.params)
    await authoriseSelfOrGlobal(request, request.user?.userId === userId)
    const preferences = await repo.findPreferences(app.db, userId)
    if (!preferences) throw notFound()
    return presentPreferences(preferences)
  })

  app.put(
    '/users/:userId/preferences',
    { ...ownAccount, bodyLimit: PREFERENCES_BODY_LIMIT },
    async (request) => {
      const { userId } = validate(UserIdParamsSchema, request.params)
      const preferences = validate(PreferencesBodySchema, request.body)
      await authoriseSelfOrGlobal(request, request.user?.userId === userId)
      if (!(await repo.savePreferences(app.db, userId, preferences))) throw notFound()
      return presentPreferences(preferences)
    },
  )

  app.get('/users/:sub/personal_information', ownAccount, async (request) => {
    const { sub } = validate(SubParamsSchema, request.params)
    await authoriseSelfOrGlobal(request, request.user?.sub === sub)
    const row = await repo.findPersonalInformation(app.db, sub)
    if (!row) throw notFound()
    return presentPersonalInformation(row)
  })

  app.put('/users/:sub/personal_information', ownAccount, async (request) => {
    const { sub } = validate(SubParamsSchema, request.params)
    const body = validate(PersonalInformationUpdateSchema, request.body)
    await authoriseSelfOrGlobal(request, request.user?.sub === sub)
    const row = await repo.savePersonalInformation(app.db, sub, {
      defaultLocale: body.default_locale,
      firstName: body.first_name,
      lastName: body.last_name,
    })
    if (!row) throw notFound()
    return presentPersonalInformation(row)
  })

  app.get('/organisations/:id', ownAccount, async (request) => {
    const { id } = validate(IdParamSchema, request.params)
    await authoriseSelfOrGlobal(request, request.user?.organisationId === id)
    const row = await repo.findOrganisation(app.db, id)
    if (!row) throw notFound()
    return presentOrganisation(row)
  })
  return Promise.resolve()
}
