import type { FastifyInstance } from 'fastify'
import { CommonCodes } from '../../../../contracts/errors.ts'
import { checkPassword } from '../../../../contracts/password.ts'
import {
  EmailUpdateSchema,
  PasswordUpdateSchema,
  SettingsCodes,
} from '../../../../contracts/settings.ts'
import { emailTaken } from '../../../db/lookups.ts'
import { validate, validationFail } from '../../../errors.ts'
import { hashPassword, parseHash, scryptParams, verifyPassword } from '../../../lib/passwords.ts'
import { hashToken } from '../../../lib/tokens.ts'
import { declare } from '../../../plugins/access.ts'
import { tokensRevoked } from '../../../plugins/auth.ts'
import { perMinute } from '../../../plugins/external.ts'
import { notFound, SubParamsSchema, type SettingsAccess } from './access.ts'
import { presentEmailChangedMail, presentPasswordChangedMail } from './presenter.ts'
import * as repo from './repository.ts'

/**
 * Email and password changes check the current password: a few attempts a minute per account keep
 * a stolen session from guessing it (scrypt makes each guess cost the server too).
 */
export const CREDENTIAL_CHANGES_PER_MINUTE = 10

/** Used when a stored hash cannot be read (never for demo or real accounts). */
const FALLBACK_SCRYPT_COST = 16_384

/** Email and password changes (seeds 5, 8.2). */
export function credentialRoutes(app: FastifyInstance, access: SettingsAccess): void {
  const ownAccount = declare({ own: 'account' })
  const credentialChange = (name: string) => ({
    ...ownAccount,
    preHandler: [
      perMinute(app, CREDENTIAL_CHANGES_PER_MINUTE, (request) =>
        request.user ? `${name}:${String(request.user.userId)}` : null,
      ),
    ],
  })
  const { targetUser, accountOf } = access

  app.put('/users/:sub/email', credentialChange('email'), async (request) => {
    const { sub } = validate(SubParamsSchema, request.params)
    const body = validate(EmailUpdateSchema, request.body)
    const target = await targetUser(request, sub)
    const account = await accountOf(sub)

    const errors: Record<string, string[]> = {}
    if (body.email.toLowerCase() !== body.email_confirmation.toLowerCase()) {
      errors.email_confirmation = [SettingsCodes.DOES_NOT_MATCH_EMAIL]
    }
    const passwordOk = await verifyPassword(body.current_password, account.passwordHash)
    if (!passwordOk) errors.current_password = [CommonCodes.INVALID]
    // Only with the right password: a borrowed session must not learn which emails have accounts.
    else if (await emailTaken(app.db, body.email, target.userId)) {
      errors.email = [CommonCodes.EXISTS]
    }
    if (Object.keys(errors).length > 0) throw validationFail(errors)

    if (body.email !== account.email) {
      const outcome = await repo.updateEmail(app.db, target.userId, body.email)
      if (outcome === 'exists') throw validationFail({ email: [CommonCodes.EXISTS] })
      if (outcome === 'missing') throw notFound()
      await app.mailer.send(
        presentEmailChangedMail({
          to: account.email,
          firstName: account.firstName,
          email: body.email,
        }),
      )
    }
    return { data: { email: body.email } }
  })

  app.put('/users/:sub/password', credentialChange('password'), async (request) => {
    const { sub } = validate(SubParamsSchema, request.params)
    const body = validate(PasswordUpdateSchema, request.body)
    const target = await targetUser(request, sub)
    const account = await accountOf(sub)

    const errors: Record<string, string[]> = {}
    const formatOk = checkPassword(body.password).valid
    if (!formatOk) errors.password = [CommonCodes.INVALID_PASSWORD_FORMAT]
    if (body.password !== body.password_confirmation) {
      errors.password_confirmation = [CommonCodes.DOES_NOT_MATCH_PASSWORD]
    }
    const currentOk = await verifyPassword(body.current_password, account.passwordHash)
    if (!currentOk) errors.current_password = [CommonCodes.INVALID]
    else if (formatOk && (await verifyPassword(body.password, account.passwordHash))) {
      errors.password = [CommonCodes.PASSWORD_UNCHANGED]
    }
    if (Object.keys(errors).length > 0) throw validationFail(errors)

    // The stored hash carries the server's current cost (every login rehashes to it).
    const params = parseHash(account.passwordHash) ?? scryptParams(FALLBACK_SCRYPT_COST)
    const passwordHash = await hashPassword(body.password, {
      N: params.N,
      r: params.r,
      p: params.p,
    })
    const keepFamily =
      body.refresh_token !== undefined && target.userId === request.user?.userId
        ? await repo.findRefreshFamily(app.db, target.userId, hashToken(body.refresh_token))
        : null
    const now = new Date()
    const signedOut = await repo.changePassword(
      app.db,
      { userId: target.userId, passwordHash, keepFamily },
      now,
    )
    // Access tokens issued before now are refused (here at once, on other instances within
    // TOKENS_VALID_AFTER_TTL_MS): the other logins' renewals are refused, this one's (kept when
    // `refresh_token` named it) renews on the TOKEN_EXPIRED and goes on.
    tokensRevoked(app.db, target.userId, now)
    await app.mailer.send(
      presentPasswordChangedMail({ to: account.email, firstName: account.firstName }),
    )
    return { code: CommonCodes.OK, data: { signed_out_sessions: signedOut } }
  })
}
