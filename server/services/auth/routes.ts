import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify'
import {
  LoginCodes,
  LoginRequestSchema,
  LogoutRequestSchema,
  MIGRATED_HEADER,
  PasswordResetTokenRequestSchema,
  RenewRequestSchema,
  ResetPasswordRequestSchema,
  SendPasswordResetEmailRequestSchema,
  type LoginErrorData,
  type Token,
} from '../../../contracts/auth.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import { checkPassword } from '../../../contracts/password.ts'
import type { Env } from '../../env.ts'
import { HttpError, validate, validationFail } from '../../errors.ts'
import { hashPassword, needsRehash, scryptParams, verifyPassword } from '../../lib/passwords.ts'
import { hashToken, newToken } from '../../lib/tokens.ts'
import { hasGlobalAccess, hasGrant, SECTION } from '../../../contracts/access.ts'
import { declare } from '../../plugins/access.ts'
import { bearerToken, requestGrants, tokensRevoked } from '../../plugins/auth.ts'
import { perMinute } from '../../plugins/external.ts'
import { createHashGate } from './hash-gate.ts'
import {
  DEVICE_COOKIE,
  deviceCookieHeader,
  issueDeviceCookie,
  readCookie,
  verifyDeviceCookie,
} from './device-cookie.ts'
import {
  accessTooOldToRenew,
  familyExpiry,
  isLiveRefreshToken,
  refreshExpiry,
} from './lifetimes.ts'
import {
  activeLock,
  lockBeforePassword,
  passwordExpired,
  sourceKey,
  type ActiveLock,
  type LoginSource,
} from './lockout.ts'
import {
  presentAccessibles,
  presentClaims,
  presentLock,
  presentResetMail,
  presentTokenPair,
} from './presenter.ts'
import { mailLocale } from '../../lib/mail-locale.ts'
import * as repo from './repository.ts'
import type { AuthUserRow } from './repository.ts'

const migratedHeader = { [MIGRATED_HEADER]: 'true' }

function loginError(
  status: number,
  code: string,
  data?: LoginErrorData,
  headers?: Record<string, string>,
) {
  return new HttpError(status, code, { ...(data ? { data } : {}), ...(headers ? { headers } : {}) })
}

const lockedError = (code: string, lock: ActiveLock) => loginError(423, code, presentLock(lock))

/** A string field of a not-yet-validated JSON body, for rate-limit keys. */
function bodyField(request: FastifyRequest, field: string): unknown {
  const body: unknown = request.body
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[field]
    : undefined
}

/** Answers that carry tokens (or end them) are never stored by a browser or a proxy. */
const noStore: onRequestHookHandler = (_request, reply, done) => {
  reply.header('cache-control', 'no-store')
  done()
}

const emailKey = (request: FastifyRequest) => {
  const email = bodyField(request, 'email')
  return typeof email === 'string' ? `email:${email.trim().toLowerCase()}` : null
}
const userIdKey = (request: FastifyRequest) => {
  const userId = bodyField(request, 'user_id')
  return typeof userId === 'number' ? `user:${userId}` : null
}

/** The authentication service (seeds 7.1, 4.1–4.3, 8.1) under /api/auth. */
export function authRoutes(
  app: FastifyInstance,
  options: { env: Env; deviceKey: string },
): Promise<void> {
  const { env, deviceKey } = options
  const secureCookies = env.PUBLIC_URL.startsWith('https:')
  const scrypt = scryptParams(env.SCRYPT_COST)
  const lockout = {
    maxAttempts: env.LOGIN_MAX_ATTEMPTS,
    lockoutSeconds: env.LOCKOUT_DURATION_SECONDS,
    lockoutsBeforePermanent: env.LOCKOUTS_BEFORE_PERMANENT,
  }
  // Every scrypt of these routes passes this gate: a flood from many addresses is refused at once
  // instead of queueing hashes (and the owner's sign-in) behind it.
  const hashGate = createHashGate({
    concurrency: env.LOGIN_HASH_CONCURRENCY,
    queue: env.LOGIN_HASH_QUEUE,
  })
  const verify = (password: string, hash: string) =>
    hashGate.run(() => verifyPassword(password, hash))
  const hash = (password: string) => hashGate.run(() => hashPassword(password, scrypt))
  // Unknown emails are checked against this hash so they take as long as a real wrong password.
  let dummyHash: Promise<string> | undefined
  const dummy = () => (dummyHash ??= hashPassword(newToken(), scrypt))

  // The per-IP limit runs first (onRequest, before the body is even parsed), so a refused request
  // never reaches a hash; the per-account one needs the body (preHandler), still before the handler.
  const ipLimit = perMinute(app, env.RATE_LIMIT_LOGIN_PER_MINUTE)
  const limited = (key: (request: FastifyRequest) => string | null) => ({
    ...declare('public'),
    onRequest: [ipLimit],
    preHandler: [perMinute(app, env.RATE_LIMIT_ACCOUNT_PER_MINUTE, key)],
  })
  const signedIn = declare('signed-in')

  async function issueTokens(
    user: AuthUserRow,
    login: { family: string; device: string | null; familyExpiresAt: Date },
    now: Date,
  ) {
    const accessToken = await app.accessTokens.sign(presentClaims(user))
    const refresh = newToken()
    const expiresAt = refreshExpiry(now, env.REFRESH_TOKEN_TTL_SECONDS, login.familyExpiresAt)
    const row: repo.NewRefreshToken = {
      tokenHash: hashToken(refresh),
      family: login.family,
      userId: user.id,
      device: login.device,
      expiresAt: new Date(expiresAt * 1000),
      familyExpiresAt: login.familyExpiresAt,
    }
    const refreshToken: Token = { token: refresh, expiresAt }
    return { accessToken, refreshToken, row }
  }

  /**
   * Where this attempt's wrong passwords count: the login whose live refresh token of this user
   * the request carries (the device proved it holds it), else the device whose cookie says it
   * signed in to this account before, else the client address. The `device`
   * field is no proof: it is chosen by the client, not secret, and stored in clear.
   */
  async function loginSource(
    request: FastifyRequest,
    userId: number,
    refreshToken: string | undefined,
    now: Date,
  ): Promise<LoginSource> {
    if (refreshToken !== undefined) {
      const stored = await repo.findRefreshToken(app.db, hashToken(refreshToken))
      if (stored && stored.userId === userId && isLiveRefreshToken(stored, now)) {
        return { kind: 'login', family: stored.family }
      }
    }
    const device = verifyDeviceCookie(deviceKey, readCookie(request.headers.cookie, DEVICE_COOKIE))
    if (device?.userId === userId) return { kind: 'device', deviceId: device.deviceId }
    return { kind: 'address', ip: request.ip }
  }

  async function createResetToken(userId: number, now: Date): Promise<string> {
    const token = newToken()
    await repo.insertResetToken(app.db, {
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(now.getTime() + env.RESET_TOKEN_TTL_SECONDS * 1000),
    })
    return token
  }

  /** Refusals that apply to login (after the password) and to renewal alike. */
  function refuseAccountState(user: AuthUserRow, now: Date): void {
    const lock = activeLock(user, now)
    if (lock) throw lockedError(LoginCodes.LOCKED_STATE_ACCOUNT, lock)
    if (user.status === 'disabled') throw loginError(403, LoginCodes.DISABLED_ACCOUNT)
    if (user.migration === 'moved') {
      throw loginError(403, LoginCodes.USER_MIGRATED, undefined, migratedHeader)
    }
  }

  app.post(
    '/login',
    { ...limited(emailKey), onRequest: [noStore, ipLimit] },
    async (request, reply) => {
      const body = validate(LoginRequestSchema, request.body)
      const now = new Date()
      const user = await repo.findUserByEmail(app.db, body.email)
      if (!user) {
        await verify(body.password, await dummy())
        throw loginError(401, LoginCodes.LOGIN_FAILED, {
          REMAINING_LOGIN_ATTEMPTS: Math.max(0, lockout.maxAttempts - 1),
          LOCKOUT_DURATION_SECONDS: lockout.lockoutSeconds,
        })
      }
      const source = sourceKey(await loginSource(request, user.id, body.refreshToken, now))
      // Refused before any hash: the administrator's lock, or the lock this source earned.
      const lock = lockBeforePassword(
        user,
        await repo.findSourceFailures(app.db, user.id, source),
        now,
      )
      if (lock) throw lockedError(LoginCodes.LOCKED_STATE_ACCOUNT, lock)

      if (!(await verify(body.password, user.passwordHash))) {
        const outcome = await repo.recordFailedLogin(
          app.db,
          { userId: user.id, source },
          lockout,
          now,
        )
        switch (outcome.kind) {
          case 'already-locked':
            throw lockedError(LoginCodes.LOCKED_STATE_ACCOUNT, outcome.lock)
          case 'locked':
            throw lockedError(LoginCodes.OVER_LOCKOUT_ATTEMPTS, outcome.lock)
          case 'failed':
            throw loginError(401, LoginCodes.LOGIN_FAILED, {
              REMAINING_LOGIN_ATTEMPTS: outcome.remainingAttempts,
              LOCKOUT_DURATION_SECONDS: outcome.lockoutSeconds,
            })
        }
      }
      const rehash = needsRehash(user.passwordHash, scrypt) ? await hash(body.password) : null
      await repo.recordPasswordMatch(app.db, { userId: user.id, source, newHash: rehash })

      refuseAccountState(user, now)
      if (passwordExpired(user.passwordChangedAt, env.PASSWORD_EXPIRY_DAYS, now)) {
        throw loginError(403, LoginCodes.PASSWORD_EXPIRED_ACCOUNT, {
          RESET_TOKEN: await createResetToken(user.id, now),
          USER_ID: user.id,
          PASS_EXPIRY_PERIOD_DAYS: env.PASSWORD_EXPIRY_DAYS,
        })
      }

      const { accessToken, refreshToken, row } = await issueTokens(
        user,
        {
          family: repo.newFamily(),
          device: body.device ?? null,
          familyExpiresAt: familyExpiry(now, env.LOGIN_MAX_AGE_SECONDS),
        },
        now,
      )
      await repo.insertRefreshToken(app.db, row)
      await repo.recordLogin(app.db, user.id, now)
      // This browser now holds a login of the account: its later attempts count as its own.
      if (!source.startsWith('device:')) {
        reply.header(
          'set-cookie',
          deviceCookieHeader(issueDeviceCookie(deviceKey, user.id), secureCookies),
        )
      }
      // "notice": the account is moving to the other platform; the client shows the banner.
      if (user.migration === 'notice') reply.headers(migratedHeader)
      return presentTokenPair(accessToken, refreshToken)
    },
  )

  app.post('/renew', { ...declare('public'), onRequest: [noStore] }, async (request) => {
    const bearer = bearerToken(request)
    if (!bearer) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
    // The access token may have expired (that is why the client renews) but must be genuine.
    const claims = await app.accessTokens.verify(bearer, { allowExpired: true })
    const body = validate(RenewRequestSchema, request.body)
    const now = new Date()
    const invalid = new HttpError(401, LoginCodes.INVALID_REFRESH_TOKEN)
    // The client's access token is as recent as its refresh token: one expired for longer than a
    // refresh token lives did not come with this client's latest refresh token.
    if (accessTooOldToRenew(claims.exp, now, env.REFRESH_TOKEN_TTL_SECONDS)) throw invalid

    const stored = await repo.findRefreshToken(app.db, hashToken(body.refreshToken))
    if (!stored || stored.userId !== claims.user_id || stored.revokedAt) throw invalid
    const withinGrace = (rotatedAt: Date) =>
      now.getTime() - rotatedAt.getTime() <= env.REFRESH_REUSE_GRACE_SECONDS * 1000
    if (stored.rotatedAt && !withinGrace(stored.rotatedAt)) {
      // A rotated token presented again long after: it was copied. End that whole login.
      await repo.revokeFamily(app.db, stored.family, now)
      throw invalid
    }
    if (stored.familyExpiresAt.getTime() <= now.getTime()) {
      // The login reached LOGIN_MAX_AGE_SECONDS: over, whatever its renewals.
      await repo.revokeFamily(app.db, stored.family, now)
      throw invalid
    }
    if (stored.expiresAt.getTime() <= now.getTime()) throw invalid

    const user = await repo.findUserById(app.db, stored.userId)
    if (!user) throw invalid
    try {
      refuseAccountState(user, now)
    } catch (error) {
      await repo.revokeFamily(app.db, stored.family, now)
      throw error
    }

    const { accessToken, refreshToken, row } = await issueTokens(user, stored, now)
    // Within the grace window (a lost answer, or two tabs renewing at once) the login gets one more
    // token of the same family; the window is not extended by this.
    const rotated =
      stored.rotatedAt === null && (await repo.rotateRefreshToken(app.db, stored.id, row, now))
    if (!rotated) await repo.insertRefreshToken(app.db, row)
    return presentTokenPair(accessToken, refreshToken)
  })

  // Public: the refresh token is the proof (a device signed out offline sends it when its access
  // token has long expired). Same answer whatever the token, so it tells nothing about it.
  app.post('/logout', { ...declare('public'), onRequest: [noStore, ipLimit] }, async (request) => {
    const body = validate(LogoutRequestSchema, request.body)
    const now = new Date()
    const stored = await repo.findRefreshToken(app.db, hashToken(body.refreshToken))
    if (stored && stored.revokedAt === null && stored.expiresAt.getTime() > now.getTime()) {
      await repo.revokeFamily(app.db, stored.family, now)
    }
    return { code: CommonCodes.OK }
  })

  app.get('/myGrants', signedIn, async (request) => {
    return { data: await requestGrants(app, request) }
  })

  app.get('/myAccessibles', signedIn, async (request) => {
    const user = request.user
    if (!user) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
    const grants = await requestGrants(app, request)
    const [panels, unitIds, volunteer] = await Promise.all([
      repo.findAccessiblePanels(app.db, user.userId),
      repo.findUnitIds(app.db, user.userId),
      repo.findVolunteerSignup(app.db, user.userId),
    ])
    let administeredOrganisations: number[] | null = null
    if (hasGlobalAccess(grants)) {
      administeredOrganisations = await repo.findAllOrganisationIds(app.db)
    } else if (user.organisationId !== null && hasGrant(grants, SECTION.owner, 'org_super_admin')) {
      administeredOrganisations = [user.organisationId]
    }
    return { data: presentAccessibles({ panels, unitIds, volunteer, administeredOrganisations }) }
  })

  app.post('/sendPasswordResetEmail', limited(emailKey), async (request) => {
    const body = validate(SendPasswordResetEmailRequestSchema, request.body)
    const user = await repo.findUserByEmail(app.db, body.email)
    if (!user) throw new HttpError(404, CommonCodes.EMAIL_NOT_FOUND)
    const token = await createResetToken(user.id, new Date())
    const link = `${env.PUBLIC_URL}/reset-password/${user.id}/${encodeURIComponent(token)}`
    await app.mailer.send(
      presentResetMail({
        to: user.email,
        firstName: user.firstName,
        link,
        ttlSeconds: env.RESET_TOKEN_TTL_SECONDS,
        // The page's language, else the account's, else English.
        locale: mailLocale(body.locale, user.defaultLocale),
      }),
    )
    return { code: CommonCodes.OK }
  })

  app.post('/isPasswordResetTokenValid', limited(userIdKey), async (request) => {
    const body = validate(PasswordResetTokenRequestSchema, request.body)
    const found = await repo.findUsableResetToken(
      app.db,
      body.user_id,
      hashToken(body.token),
      new Date(),
    )
    if (!found) throw new HttpError(400, LoginCodes.INVALID_TOKEN)
    return { code: CommonCodes.OK, data: { valid: true } }
  })

  app.post('/resetPassword', limited(userIdKey), async (request) => {
    const body = validate(ResetPasswordRequestSchema, request.body)
    const now = new Date()
    const invalid = new HttpError(400, LoginCodes.INVALID_TOKEN)
    const token = await repo.findUsableResetToken(app.db, body.user_id, hashToken(body.token), now)
    const user = token ? await repo.findUserById(app.db, body.user_id) : null
    if (!token || !user) throw invalid
    if (!checkPassword(body.password).valid) {
      throw validationFail({ password: [CommonCodes.INVALID_PASSWORD_FORMAT] })
    }
    if (await verify(body.password, user.passwordHash)) {
      throw validationFail({ password: [CommonCodes.PASSWORD_UNCHANGED] })
    }
    const passwordHash = await hash(body.password)
    const done = await repo.completePasswordReset(
      app.db,
      { tokenId: token.id, userId: user.id, passwordHash },
      now,
    )
    if (!done) throw invalid
    // Every login ended: the access tokens still out are refused from now on, here at once.
    tokensRevoked(app.db, user.id, now)
    return { code: CommonCodes.OK }
  })
  return Promise.resolve()
}
