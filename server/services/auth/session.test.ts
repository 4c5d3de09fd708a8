import { setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LoginCodes, type TokenPairResponse } from '../../../contracts/auth.ts'
import { DEMO_PASSWORD } from '../../db/demo-accounts.ts'
import { refreshTokens, users } from '../../db/schema.ts'
import { hashToken } from '../../lib/tokens.ts'
import {
  bearer,
  createTestApp,
  errorBody,
  getAs,
  login,
  signIn,
  type TestApp,
} from '../../test/helpers.ts'
import { TEST_SETTINGS } from '../../test/settings.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

function renew(accessToken: string, refreshToken: string, app = t.app) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/renew',
    headers: bearer(accessToken),
    payload: { refreshToken },
  })
}
const renewPair = (pair: TokenPairResponse) =>
  renew(pair.accessToken.token, pair.refreshToken.token)

function logout(payload: unknown, remoteAddress?: string, app = t.app) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    payload: payload as object,
    ...(remoteAddress ? { remoteAddress } : {}),
  })
}

const myGrants = (pair: TokenPairResponse) =>
  getAs(t.app, pair.accessToken.token, '/api/auth/myGrants')

async function userOf(account: string) {
  const [row] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, `${account}@example.com`))
  if (!row) throw new Error(account)
  return row
}

/** Waits into the next second: tokens issued before then are older than a change made after. */
async function nextSecond() {
  await sleep(1000 - (Date.now() % 1000) + 20)
}

describe('POST /api/auth/logout', () => {
  it('ends the whole login: every refresh token of the family, without an access token', async () => {
    const first = await signIn(t.app, 'consumer')
    const second = (await renewPair(first)).json<TokenPairResponse>()
    const other = await signIn(t.app, 'consumer')

    const response = await logout({ refreshToken: second.refreshToken.token })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 'OK' })
    expect(response.headers['cache-control']).toBe('no-store')

    for (const pair of [first, second]) {
      const refused = await renewPair(pair)
      expect(refused.statusCode).toBe(401)
      expect(errorBody(refused).code).toBe(LoginCodes.INVALID_REFRESH_TOKEN)
    }
    const rows = await t.db
      .select({ revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(second.refreshToken.token)))
    expect(rows[0]?.revokedAt).toBeInstanceOf(Date)
    // Another login of the same user goes on.
    expect((await renewPair(other)).statusCode).toBe(200)
  })

  it.each([
    { case: 'an unknown token', token: () => Promise.resolve('no-such-token') },
    {
      case: 'a token already signed out',
      token: async () => {
        const pair = await signIn(t.app, 'consumer')
        await logout({ refreshToken: pair.refreshToken.token })
        return pair.refreshToken.token
      },
    },
    {
      case: 'an expired token',
      token: async () => {
        const pair = await signIn(t.app, 'consumer')
        await t.db
          .update(refreshTokens)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(refreshTokens.tokenHash, hashToken(pair.refreshToken.token)))
        return pair.refreshToken.token
      },
    },
  ])('answers 200 OK to $case, the same as to a live one', async ({ token }) => {
    const response = await logout({ refreshToken: await token() })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 'OK' })
  })

  it.each([
    { payload: {}, errors: { refreshToken: ['MISSING'] } },
    {
      payload: { refreshToken: '' },
      errors: { refreshToken: ['LENGTH_MIN'] },
      values: { refreshToken: { LENGTH_MIN: 1 } },
    },
    { payload: { refreshToken: 42 }, errors: { refreshToken: ['INVALID'] } },
    { payload: { refreshToken: 'x'.repeat(513) }, errors: { refreshToken: ['INVALID'] } },
  ])('refuses $payload with VALIDATION_FAIL', async ({ payload, errors, values }) => {
    const response = await logout(payload)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toEqual({
      code: 'VALIDATION_FAIL',
      errors,
      ...(values && { values }),
    })
  })

  it('is limited per IP like the other sign-in calls', async () => {
    const limited = await createTestApp({ RATE_LIMIT_LOGIN_PER_MINUTE: '2' })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 3; i += 1) {
        statuses.push(
          (await logout({ refreshToken: `t-${i}` }, '10.4.0.1', limited.app)).statusCode,
        )
      }
      expect(statuses).toEqual([200, 200, 429])
      expect((await logout({ refreshToken: 't' }, '10.4.0.2', limited.app)).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('Cache-Control: no-store', () => {
  it('is on login answers, good and bad, and on renewals', async () => {
    const good = await login(t.app, 'consumer')
    expect(good.headers['cache-control']).toBe('no-store')
    const bad = await login(t.app, 'consumer', 'wrong-password')
    expect(bad.statusCode).toBe(401)
    expect(bad.headers['cache-control']).toBe('no-store')
    const renewed = await renewPair(good.json<TokenPairResponse>())
    expect(renewed.statusCode).toBe(200)
    expect(renewed.headers['cache-control']).toBe('no-store')
    const refused = await renew('not-a-jwt', 'x')
    expect(refused.headers['cache-control']).toBe('no-store')
  })
})

describe('a password change or reset ends the other logins and their access tokens', () => {
  const NEW_PASSWORD = 'Changed-pass-77'

  it('password change: other logins cannot renew, old access tokens get 401, this login goes on', async () => {
    const user = await userOf('staff')
    const current = await signIn(t.app, 'staff')
    const other = await signIn(t.app, 'staff')
    await nextSecond()
    expect((await myGrants(other)).statusCode).toBe(200)

    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/zeus/users/${user.sub}/password`,
      headers: bearer(current.accessToken.token),
      payload: {
        current_password: DEMO_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
        refresh_token: current.refreshToken.token,
      },
    })
    expect(change.statusCode).toBe(200)
    expect(change.json()).toEqual({ code: 'OK', data: { signed_out_sessions: 1 } })

    // Every access token issued before the change is refused at once, TOKEN_EXPIRED (the client
    // then renews)…
    for (const pair of [other, current]) {
      const refused = await myGrants(pair)
      expect(refused.statusCode).toBe(401)
      expect(errorBody(refused).code).toBe('TOKEN_EXPIRED')
    }
    // …the other login's renewal is refused…
    expect(errorBody(await renewPair(other)).code).toBe(LoginCodes.INVALID_REFRESH_TOKEN)
    // …and this one's renews and goes on.
    const renewed = await renewPair(current)
    expect(renewed.statusCode).toBe(200)
    expect((await myGrants(renewed.json<TokenPairResponse>())).statusCode).toBe(200)
    // A new sign-in gets in at once.
    expect((await myGrants(await signIn(t.app, 'staff', NEW_PASSWORD))).statusCode).toBe(200)
  })

  it('password reset: every login ends and old access tokens get 401', async () => {
    const user = await userOf('volunteer')
    const pair = await signIn(t.app, 'volunteer')
    await nextSecond()
    expect((await myGrants(pair)).statusCode).toBe(200)
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sendPasswordResetEmail',
      payload: { email: 'volunteer@example.com' },
    })
    const mailbox = (await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json<{
      data: { to: string; links: string[] }[]
    }>()
    const link = mailbox.data.find((mail) => mail.to === 'volunteer@example.com')?.links[0] ?? ''
    const token = /\/reset-password\/\d+\/([\w-]+)/.exec(link)?.[1] ?? ''
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resetPassword',
      payload: { user_id: user.id, token, password: NEW_PASSWORD },
    })
    expect(reset.statusCode).toBe(200)

    const refused = await myGrants(pair)
    expect(refused.statusCode).toBe(401)
    expect(errorBody(refused).code).toBe('TOKEN_EXPIRED')
    expect(errorBody(await renewPair(pair)).code).toBe(LoginCodes.INVALID_REFRESH_TOKEN)
    expect((await myGrants(await signIn(t.app, 'volunteer', NEW_PASSWORD))).statusCode).toBe(200)
  })
})

describe('login lifetimes', () => {
  it('refuses to renew a login older than LOGIN_MAX_AGE_SECONDS, whatever its renewals', async () => {
    const pair = await signIn(t.app, 'multi')
    const next = (await renewPair(pair)).json<TokenPairResponse>()
    const [row] = await t.db
      .select({ family: refreshTokens.family, familyExpiresAt: refreshTokens.familyExpiresAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(next.refreshToken.token)))
    // The end of the login is copied on rotation: LOGIN_MAX_AGE_SECONDS after the sign-in.
    const maxAge = t.env.LOGIN_MAX_AGE_SECONDS * 1000
    expect(row?.familyExpiresAt.getTime()).toBeGreaterThan(Date.now() + maxAge - 10_000)
    expect(row?.familyExpiresAt.getTime()).toBeLessThanOrEqual(Date.now() + maxAge)

    await t.db
      .update(refreshTokens)
      .set({ familyExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.family, row?.family ?? ''))
    const refused = await renewPair(next)
    expect(refused.statusCode).toBe(401)
    expect(errorBody(refused).code).toBe(LoginCodes.INVALID_REFRESH_TOKEN)
  })

  it('never lets a refresh token outlive its login', async () => {
    const short = await createTestApp({ LOGIN_MAX_AGE_SECONDS: '600' })
    try {
      const before = Math.floor(Date.now() / 1000)
      const pair = await signIn(short.app, 'consumer')
      // Bounded by the clock after the sign-in, not a guess of how long it took under load.
      const after = Math.floor(Date.now() / 1000)
      expect(pair.refreshToken.expiresAt).toBeGreaterThanOrEqual(before + 600)
      expect(pair.refreshToken.expiresAt).toBeLessThanOrEqual(after + 600)
      const renewed = (
        await renew(pair.accessToken.token, pair.refreshToken.token, short.app)
      ).json<TokenPairResponse>()
      expect(renewed.refreshToken.expiresAt).toBeLessThanOrEqual(pair.refreshToken.expiresAt)
    } finally {
      await short.close()
    }
  })

  it('refuses an access token expired for longer than a refresh token lives', async () => {
    const user = await userOf('consumer')
    const claims = {
      sub: user.sub,
      user_id: user.id,
      organisation_id: user.organisationId,
      organisation_owner_id: null,
      owner_id: user.ownerId,
      preferred_locale: user.defaultLocale,
    }
    const expiredSince = async (seconds: number) => {
      const now = Math.floor(Date.now() / 1000)
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(now - seconds - 900)
        .setExpirationTime(now - seconds)
        .sign(new TextEncoder().encode(TEST_SETTINGS.JWT_SECRET))
    }
    const ttl = t.env.REFRESH_TOKEN_TTL_SECONDS
    const pair = await signIn(t.app, 'consumer')
    const tooOld = await renew(await expiredSince(ttl + 60), pair.refreshToken.token)
    expect(tooOld.statusCode).toBe(401)
    expect(errorBody(tooOld).code).toBe(LoginCodes.INVALID_REFRESH_TOKEN)
    // Not revoked for that: with its own access token the login renews.
    const recent = await renew(await expiredSince(ttl - 60), pair.refreshToken.token)
    expect(recent.statusCode).toBe(200)
  })
})
