import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { CommonCodes } from '../../../contracts/errors.ts'
import {
  nameIn,
  SignupCodes,
  SignupProfileUpdateSchema,
  StandardSignupSchema,
} from '../../../contracts/signup.ts'
import type { Env } from '../../env.ts'
import { HttpError, validate } from '../../errors.ts'
import { hashPassword, scryptParams } from '../../lib/passwords.ts'
import { authoriseOwnAccount, declare } from '../../plugins/access.ts'
import { perMinute } from '../../plugins/external.ts'
import {
  checkChoicesInDb,
  checkEmailInDb,
  createVolunteer,
  knownChoice,
  newVolunteer,
} from './create-volunteer.ts'
import { presentSignupMail } from './mails.ts'
import { presentCountryData, presentMetadata, presentSignupProfile } from './presenter.ts'
import { programmeOf, SIGNUP_PROGRAMMES } from './programmes.ts'
import * as repo from './repository.ts'
import {
  addError,
  asRecord,
  checkProfileUpdate,
  checkStandardSignup,
  isHoneypotFilled,
  parseFields,
  providerColumns,
  signupValidationFail,
  standardErrorField,
  storedChoice,
} from './rules.ts'

/** A sign-up is a few hundred bytes; anything near this is not a form. */
export const SIGNUP_BODY_LIMIT = 16 * 1024

/** Reference data for the form: browsers and the service worker may keep it an hour. */
const REFERENCE_CACHE = 'public, max-age=3600'

const numericId = v.pipe(
  v.string(),
  v.regex(/^\d{1,10}$/),
  v.transform(Number),
  v.maxValue(2_147_483_647),
)
const CountryParamsSchema = v.object({ countryId: numericId })
const UserParamsSchema = v.object({ userId: numericId })
const SignupParamsSchema = v.object({ userId: numericId, id: numericId })

const notFound = () => new HttpError(404, CommonCodes.NOT_FOUND)
const badRequest = () => new HttpError(400, CommonCodes.BAD_REQUEST)

/**
 * Volunteer sign-up in the accounts service (seeds 000 §2.5, §5, §7.3, §8.3): the programmes'
 * metadata, the country data, POST signups, and the volunteer's own record behind /profile.
 * Settings come from the `env` option.
 */
export function zeusSignupRoutes(app: FastifyInstance, options: { env: Env }): Promise<void> {
  const { env } = options
  const scrypt = scryptParams(env.SCRYPT_COST)
  const ownAccount = declare({ own: 'account' })
  const application = {
    ...declare('public'),
    // Per IP and before the body is read, like login: each application costs a password hash.
    onRequest: [perMinute(app, env.RATE_LIMIT_LOGIN_PER_MINUTE)],
    bodyLimit: SIGNUP_BODY_LIMIT,
  }

  /**
   * The volunteer themself, or global access (seeds 6: a Global or Administration grant, which
   * includes Administration signups). 403 before any lookup, so records cannot be probed.
   */
  const authoriseRecordOf = (request: FastifyRequest, userId: number) =>
    authoriseOwnAccount(app, request, request.user?.userId === userId)

  app.get('/signups/metadata', declare('public'), async (_request, reply) => {
    reply.header('cache-control', REFERENCE_CACHE)
    return presentMetadata(SIGNUP_PROGRAMMES)
  })

  app.get('/signups/countries/:countryId', declare('public'), async (request, reply) => {
    const { countryId } = validate(CountryParamsSchema, request.params)
    const found = await repo.findCountryData(app.db, countryId)
    if (!found) throw notFound()
    reply.header('cache-control', REFERENCE_CACHE)
    return presentCountryData(found)
  })

  app.post('/signups', application, async (request, reply) => {
    const raw = asRecord(request.body)
    if (!raw) throw badRequest()
    if (isHoneypotFilled(raw.other)) {
      // Answered like a real application, in about the same time, and nothing is kept.
      await hashPassword(typeof raw.password === 'string' ? raw.password : '', scrypt)
      request.log.info('sign-up honeypot filled: ignored')
      return reply.code(201).send({ data: { status: 'signup' } })
    }

    const { values, errors } = parseFields(StandardSignupSchema.entries, raw, standardErrorField)
    // The Saudi study has its own 4-step form and service (/api/signup-sa).
    if (values.owner === 'sa') addError(errors, 'owner', CommonCodes.INVALID)
    const programme = values.owner && values.owner !== 'sa' ? programmeOf(values.owner) : null
    const answers = checkStandardSignup(values, (key) => key in raw, programme, errors)
    await checkChoicesInDb(
      app.db,
      {
        countryId: values.country ?? null,
        isp: knownChoice(values.isp),
        package: knownChoice(values.package),
      },
      { isp: 'isp', package: 'package' },
      errors,
    )
    await checkEmailInDb(app.db, values.email, errors)
    if (Object.keys(errors).length > 0 || !answers || !programme) {
      throw signupValidationFail(errors)
    }

    const payload = v.parse(StandardSignupSchema, raw)
    const now = new Date()
    const created = await createVolunteer(
      app.db,
      {
        user: newVolunteer(payload, await hashPassword(payload.password, scrypt), payload.locale),
        signup: {
          owner: programme.owner,
          countryId: payload.country,
          region: answers.region,
          city: answers.city,
          postcode: answers.postcode,
          mobileNumber: answers.mobileNumber,
          fibreAvailability: answers.fibreAvailability,
          ...providerColumns(answers.isp, answers.package),
          locale: payload.locale,
          installationAddress: null,
          deliveryAddress: null,
        },
      },
      now,
    )
    if (created === 'email-in-use') {
      throw signupValidationFail({ email: [SignupCodes.EMAIL_IN_USE] })
    }
    await app.mailer.send(
      presentSignupMail({
        to: payload.email,
        firstName: payload.first_name,
        locale: payload.locale,
        studyName: nameIn(programme.study_name, programme.study_name_translations, payload.locale),
        publicUrl: env.PUBLIC_URL,
        contact: programme.links.contact,
      }),
    )
    request.log.info({ signupId: created.signupId, owner: programme.owner }, 'volunteer signed up')
    return reply.code(201).send({ data: { status: 'signup' } })
  })

  app.get('/users/:userId/signup', ownAccount, async (request) => {
    const { userId } = validate(UserParamsSchema, request.params)
    await authoriseRecordOf(request, userId)
    const row = await repo.findLatestSignup(app.db, userId)
    if (!row) throw notFound()
    return presentSignupProfile(row)
  })

  app.put(
    '/users/:userId/signup/:id',
    { ...ownAccount, bodyLimit: SIGNUP_BODY_LIMIT },
    async (request) => {
      const { userId, id } = validate(SignupParamsSchema, request.params)
      await authoriseRecordOf(request, userId)
      const raw = asRecord(request.body)
      if (!raw) throw badRequest()
      const row = await repo.findSignup(app.db, id)
      if (!row || row.userId !== userId) throw notFound()
      if (row.status === 'shipping') throw new HttpError(409, SignupCodes.SIGNUP_SHIPPING)

      const { values, errors } = parseFields(
        SignupProfileUpdateSchema.entries,
        raw,
        standardErrorField,
      )
      const programme = SIGNUP_PROGRAMMES.find((p) => p.owner === row.owner)
      if (!programme) throw new Error(`sign-up ${row.id} has an unknown owner ${row.owner}`)
      const checked = checkProfileUpdate(
        values,
        (key) => key in raw,
        {
          countryId: row.countryId,
          region: row.region,
          city: row.city,
          isp: storedChoice(row.ispId, row.ispOther),
          package: storedChoice(row.packageId, row.packageOther),
        },
        programme,
        errors,
      )
      if (checked && ('isp' in raw || 'package' in raw)) {
        await checkChoicesInDb(
          app.db,
          { countryId: row.countryId, isp: checked.isp, package: checked.package },
          { isp: 'isp', package: 'package' },
          errors,
        )
      }
      if (Object.keys(errors).length > 0 || !checked) throw signupValidationFail(errors)

      const outcome = await repo.updateSignup(app.db, id, checked.patch, new Date())
      if (outcome === 'shipping') throw new HttpError(409, SignupCodes.SIGNUP_SHIPPING)
      const updated = outcome === 'updated' ? await repo.findSignup(app.db, id) : null
      if (!updated) throw notFound()
      return presentSignupProfile(updated)
    },
  )
  return Promise.resolve()
}
