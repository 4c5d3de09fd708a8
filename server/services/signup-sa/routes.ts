import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { CommonCodes } from '../../../contracts/errors.ts'
import { SAUDI_COUNTRY_ID, SaudiSignupSchema, SignupCodes } from '../../../contracts/signup.ts'
import type { Env } from '../../env.ts'
import { HttpError } from '../../errors.ts'
import { hashToken, newToken } from '../../lib/tokens.ts'
import { perMinute } from '../../plugins/external.ts'
import { presentSignupMail } from '../signup/mails.ts'
import { programmeOf } from '../signup/programmes.ts'
import {
  addError,
  asRecord,
  checkSaudiSignup,
  choiceColumns,
  emailCode,
  isHoneypotFilled,
  parseFields,
  type FieldErrors,
} from '../signup/rules.ts'
import * as repo from './repository.ts'

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

  async function checkChoices(
    isp: number | null | undefined,
    product: number | null | undefined,
    errors: FieldErrors,
  ): Promise<void> {
    if (isp !== undefined && isp !== null && isp > 0) {
      const found = await repo.findIsp(app.db, isp)
      if (found?.countryId !== SAUDI_COUNTRY_ID) addError(errors, 'ispId', SignupCodes.ISP_INVALID)
    }
    // No package verdict when the provider itself was refused.
    if (product !== undefined && product !== null && product > 0 && !errors.ispId) {
      const found = await repo.findPackage(app.db, product)
      if (!found || found.ispId !== isp) addError(errors, 'productId', SignupCodes.PACKAGE_INVALID)
    }
  }

  app.post(
    '/signup',
    {
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
      await checkChoices(values.ispId, values.productId, errors)
      if (values.email && emailCode(values.email) === null) {
        if (await repo.emailTaken(app.db, values.email)) {
          addError(errors, 'email', SignupCodes.EMAIL_IN_USE)
        }
      }
      if (Object.keys(errors).length > 0 || !answers) {
        throw new HttpError(422, CommonCodes.VALIDATION_FAIL, { errors })
      }

      const payload = v.parse(SaudiSignupSchema, raw)
      const now = new Date()
      const token = newToken()
      const isp = choiceColumns(answers.isp)
      const pkg = choiceColumns(answers.package)
      const created = await repo.createSaudiVolunteer(
        app.db,
        {
          user: {
            email: payload.email,
            firstName: payload.first_name,
            lastName: payload.last_name,
            // Not a hash: scrypt work here would buy nothing, and no password can match it.
            passwordHash: unusablePassword(),
            defaultLocale: payload.language_preference,
          },
          signup: {
            region: answers.region,
            city: answers.city,
            postcode: answers.installation.postcode,
            mobileNumber: answers.mobile,
            ispId: isp.id,
            ispOther: isp.other,
            packageId: pkg.id,
            packageOther: pkg.other,
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
        throw new HttpError(422, CommonCodes.VALIDATION_FAIL, {
          errors: { email: [SignupCodes.EMAIL_IN_USE] },
        })
      }
      const link = `${env.PUBLIC_URL}/reset-password/${created.userId}/${encodeURIComponent(token)}`
      await app.mailer.send(
        presentSignupMail({
          to: payload.email,
          firstName: payload.first_name,
          locale: payload.language_preference,
          studyName: programme.study_name,
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
