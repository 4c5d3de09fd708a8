import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { CommonCodes } from '../../../contracts/errors.ts'
import {
  nameIn,
  SAUDI_COUNTRY_ID,
  SaudiSignupSchema,
  SignupCodes,
} from '../../../contracts/signup.ts'
import type { Env } from '../../env.ts'
import { HttpError } from '../../errors.ts'
import { hashToken, newToken } from '../../lib/tokens.ts'
import { declare } from '../../plugins/access.ts'
import { perMinute } from '../../plugins/external.ts'
import {
  checkChoicesInDb,
  checkEmailInDb,
  createVolunteer,
  knownChoice,
  newVolunteer,
} from '../signup/create-volunteer.ts'
import { presentSignupMail } from '../signup/mails.ts'
import { programmeOf } from '../signup/programmes.ts'
import {
  asRecord,
  checkSaudiSignup,
  isHoneypotFilled,
  parseFields,
  providerColumns,
  signupValidationFail,
} from '../signup/rules.ts'

/** A Saudi application with both addresses is still well under a kilobyte or two. */
export const SAUDI_SIGNUP_BODY_LIMIT = 16 * 1024

/**
 * The "choose your password" link of the welcome mail: longer than a reset link (the applicant
 * may read the mail days later); after it, "Forgot password" sends a fresh one.
 */
export const PASSWORD_LINK_DAYS = 7

/** No password verifies against this (it is not a hash): the account waits for its link. */
const unusablePassword = () => `!${newToken()}`

/**
 * The regional Saudi sign-up service (seeds 000 §2.5, §3, §7.3): POST /signup with the 4-step
 * form's payload. The account has no password until the volunteer follows the mailed link.
 */
export function signupSaRoutes(app: FastifyInstance, options: { env: Env }): Promise<void> {
  const { env } = options
  const programme = programmeOf('sa')

  app.post(
    '/signup',
    {
      ...declare('public'),
      onRequest: [perMinute(app, env.RATE_LIMIT_LOGIN_PER_MINUTE)],
      bodyLimit: SAUDI_SIGNUP_BODY_LIMIT,
    },
    async (request, reply) => {
      const raw = asRecord(request.body)
      if (!raw) throw new HttpError(400, CommonCodes.BAD_REQUEST)
      if (isHoneypotFilled(raw.other)) {
        // Answered like a real application, and nothing is kept.
        request.log.info('Saudi sign-up honeypot filled: ignored')
        return reply.code(201).send({ data: { status: 'signup' } })
      }

      const { values, errors } = parseFields(SaudiSignupSchema.entries, raw)
      const answers = checkSaudiSignup(values, (key) => key in raw, errors)
      await checkChoicesInDb(
        app.db,
        {
          countryId: SAUDI_COUNTRY_ID,
          isp: knownChoice(values.ispId),
          package: knownChoice(values.productId),
          // The form offers only fibre packages (countryForStudy); the server holds to it too.
          fibreOnly: programme.variant === 'fixed_line_fibre',
        },
        { isp: 'ispId', package: 'productId' },
        errors,
      )
      await checkEmailInDb(app.db, values.email, errors)
      if (Object.keys(errors).length > 0 || !answers) throw signupValidationFail(errors)

      const payload = v.parse(SaudiSignupSchema, raw)
      const now = new Date()
      const token = newToken()
      const created = await createVolunteer(
        app.db,
        {
          // Not a hash: scrypt work here would buy nothing, and no password can match it.
          user: newVolunteer(payload, unusablePassword(), payload.language_preference),
          signup: {
            owner: 'sa',
            countryId: SAUDI_COUNTRY_ID,
            region: answers.region,
            city: answers.city,
            postcode: answers.installation.postcode,
            mobileNumber: answers.mobile,
            fibreAvailability: null,
            ...providerColumns(answers.isp, answers.package),
            locale: payload.language_preference,
            installationAddress: answers.installation,
            deliveryAddress: answers.delivery,
          },
          passwordToken: {
            tokenHash: hashToken(token),
            expiresAt: new Date(now.getTime() + PASSWORD_LINK_DAYS * 86_400_000),
          },
        },
        now,
      )
      if (created === 'email-in-use') {
        throw signupValidationFail({ email: [SignupCodes.EMAIL_IN_USE] })
      }
      const link = `${env.PUBLIC_URL}/reset-password/${created.userId}/${encodeURIComponent(token)}`
      await app.mailer.send(
        presentSignupMail({
          to: payload.email,
          firstName: payload.first_name,
          locale: payload.language_preference,
          studyName: nameIn(
            programme.study_name,
            programme.study_name_translations,
            payload.language_preference,
          ),
          publicUrl: env.PUBLIC_URL,
          contact: programme.links.contact,
          passwordLink: { url: link, days: PASSWORD_LINK_DAYS },
        }),
      )
      request.log.info({ signupId: created.signupId }, 'Saudi volunteer signed up')
      return reply.code(201).send({ data: { status: 'signup' } })
    },
  )
  return Promise.resolve()
}
