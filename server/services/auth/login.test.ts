import { and, eq, sql } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccessTokenPayloadSchema, LoginCodes, MIGRATED_HEADER } from '../../../contracts/auth.ts'
import { loginFailures, passwordResetTokens, refreshTokens, users } from '../../db/schema.ts'
import { hashToken } from '../../lib/tokens.ts'
import { DEMO_PASSWORD } from '../../db/demo-accounts.ts'
import { createTestApp, errorBody, login, signIn, type TestApp } from '../../test/helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

async function userRow(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no user ${email}`)
  return row
}

/** The failures of an account from one source (inject's default address is 127.0.0.1). */
async function failuresOf(email: string, source = 'ip:127.0.0.1') {
  const user = await userRow(email)
  const [row] = await t.db
    .select()
    .from(loginFailures)
    .where(and(eq(loginFailures.userId, user.id), eq(loginFailures.source, source)))
  return row ?? null
}

describe('POST /api/auth/login', () => {
  it('signs a user in with a token pair and the seeds payload', async () => {
    const before = Math.floor(Date.now() / 1000)
    const response = await login(t.app, 'consumer')
    // Bounded by the clock after the login, not a guess of how long it took under load.
    const after = Math.floor(Date.now() / 1000)
    expect(response.statusCode).toBe(200)
    expect(response.headers[MIGRATED_HEADER]).toBeUndefined()
    const body = response.json<{
      code: string
      accessToken: { token: string; expiresAt: number }
      refreshToken: { token: string; expiresAt: number }
    }>()
    expect(body.code).toBe('OK')
    expect(body.accessToken.expiresAt).toBeGreaterThanOrEqual(
      before + t.env.ACCESS_TOKEN_TTL_SECONDS,
    )
    expect(body.accessToken.expiresAt).toBeLessThanOrEqual(after + t.env.ACCESS_TOKEN_TTL_SECONDS)
    expect(body.refreshToken.expiresAt).toBeGreaterThanOrEqual(
      before + t.env.REFRESH_TOKEN_TTL_SECONDS,
    )

    const user = await userRow('consumer@example.com')
    const payload = v.parse(AccessTokenPayloadSchema, decodeJwt(body.accessToken.token))
    expect(payload).toMatchObject({
      sub: user.sub,
      user_id: user.id,
      exp: body.accessToken.expiresAt,
      organisation_id: null,
      owner_id: user.ownerId,
      preferred_locale: 'en_GB',
    })

    // Only the hash of the refresh token is stored, with the device.
    const [stored] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(body.refreshToken.token)))
    expect(stored?.userId).toBe(user.id)
    expect(stored?.device).toBe('test-device')
    expect((await userRow('consumer@example.com')).lastLoginAt).toBeInstanceOf(Date)
  })

  it('puts the organisation and its owner in the token of an enterprise user', async () => {
    const response = await login(t.app, 'engineer')
    const payload = decodeJwt(response.json<{ accessToken: { token: string } }>().accessToken.token)
    expect(payload.organisation_id).toBe(2)
    expect(payload.organisation_owner_id).toBe(2)
  })

  it('matches the email whatever its case and surrounding spaces', async () => {
    expect((await login(t.app, '  Analyst@Example.COM ')).statusCode).toBe(200)
  })

  it('answers LOGIN_FAILED for an unknown email, with attempts data', async () => {
    const response = await login(t.app, 'nobody@example.com')
    expect(response.statusCode).toBe(401)
    expect(errorBody(response)).toEqual({
      code: LoginCodes.LOGIN_FAILED,
      data: { REMAINING_LOGIN_ATTEMPTS: 4, LOCKOUT_DURATION_SECONDS: 900 },
    })
  })

  it.each([
    { account: 'disabled', status: 403, code: LoginCodes.DISABLED_ACCOUNT },
    { account: 'migrated', status: 403, code: LoginCodes.USER_MIGRATED },
    { account: 'locked', status: 423, code: LoginCodes.LOCKED_STATE_ACCOUNT },
    { account: 'expired', status: 403, code: LoginCodes.PASSWORD_EXPIRED_ACCOUNT },
  ])('refuses the demo account $account with $status $code', async ({ account, status, code }) => {
    const response = await login(t.app, account)
    expect(response.statusCode).toBe(status)
    expect(errorBody(response).code).toBe(code)
  })

  it('sends the migrated header with USER_MIGRATED', async () => {
    const response = await login(t.app, 'migrated')
    expect(response.headers[MIGRATED_HEADER]).toBe('true')
  })

  it('signs a "notice" user in with the migrated header (deprecation banner)', async () => {
    await t.db
      .update(users)
      .set({ migration: 'notice' })
      .where(eq(users.email, 'multi@example.com'))
    const response = await login(t.app, 'multi')
    expect(response.statusCode).toBe(200)
    expect(response.headers[MIGRATED_HEADER]).toBe('true')
    await t.db.update(users).set({ migration: 'none' }).where(eq(users.email, 'multi@example.com'))
  })

  it('answers a permanent lock with null LOCKED_UNTIL and duration', async () => {
    const response = await login(t.app, 'locked', 'wrong-password')
    expect(response.statusCode).toBe(423)
    expect(errorBody(response)).toEqual({
      code: LoginCodes.LOCKED_STATE_ACCOUNT,
      data: { LOCKED_UNTIL: null, LOCKOUT_DURATION_SECONDS: null },
    })
  })

  it('gives an expired password a fresh single-use reset token', async () => {
    const response = await login(t.app, 'expired')
    const user = await userRow('expired@example.com')
    const body = errorBody(response)
    expect(body.data).toMatchObject({ USER_ID: user.id, PASS_EXPIRY_PERIOD_DAYS: 90 })
    const token = body.data?.RESET_TOKEN
    expect(typeof token).toBe('string')
    const [stored] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(String(token))))
    expect(stored).toMatchObject({ userId: user.id, usedAt: null })

    const valid = await t.app.inject({
      method: 'POST',
      url: '/api/auth/isPasswordResetTokenValid',
      payload: { user_id: user.id, token },
    })
    expect(valid.json()).toEqual({ code: 'OK', data: { valid: true } })
  })

  it('does not reveal the expired state to a wrong password', async () => {
    const response = await login(t.app, 'expired', 'not-the-password')
    expect(response.statusCode).toBe(401)
    expect(errorBody(response).code).toBe(LoginCodes.LOGIN_FAILED)
    const expired = await userRow('expired@example.com')
    await t.db.delete(loginFailures).where(eq(loginFailures.userId, expired.id))
  })
})

describe('lockout', () => {
  const email = 'volunteer@example.com'

  it('counts down, locks on the fifth failure, refuses while locked, then locks for good', async () => {
    for (let lockout = 1; lockout <= 3; lockout += 1) {
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const response = await login(t.app, email, 'wrong-password')
        expect(response.statusCode).toBe(401)
        expect(errorBody(response)).toEqual({
          code: LoginCodes.LOGIN_FAILED,
          data: {
            REMAINING_LOGIN_ATTEMPTS: 5 - attempt,
            // The lock that the third lockout would set is permanent: no duration to announce.
            LOCKOUT_DURATION_SECONDS: lockout === 3 ? null : 900,
          },
        })
      }
      const fifth = await login(t.app, email, 'wrong-password')
      expect(fifth.statusCode).toBe(423)
      const body = errorBody(fifth)
      expect(body.code).toBe(LoginCodes.OVER_LOCKOUT_ATTEMPTS)
      if (lockout < 3) {
        expect(body.data?.LOCKOUT_DURATION_SECONDS).toBe(900)
        const until = Date.parse(String(body.data?.LOCKED_UNTIL))
        expect(until - Date.now()).toBeGreaterThan(890_000)
        expect(until - Date.now()).toBeLessThanOrEqual(900_000)

        // Even the right password is refused while locked, with the time left.
        const locked = await login(t.app, email)
        expect(locked.statusCode).toBe(423)
        const lockedBody = errorBody(locked)
        expect(lockedBody.code).toBe(LoginCodes.LOCKED_STATE_ACCOUNT)
        expect(lockedBody.data?.LOCKED_UNTIL).toBe(body.data?.LOCKED_UNTIL)
        expect(lockedBody.data?.LOCKOUT_DURATION_SECONDS).toBeGreaterThan(890)
        expect(lockedBody.data?.LOCKOUT_DURATION_SECONDS).toBeLessThanOrEqual(900)

        // Let the lock run out.
        const user = await userRow(email)
        await t.db
          .update(loginFailures)
          .set({ lockedUntil: sql`now() - interval '1 second'` })
          .where(eq(loginFailures.userId, user.id))
      } else {
        expect(body.data).toEqual({ LOCKED_UNTIL: null, LOCKOUT_DURATION_SECONDS: null })
      }
    }
    // The lock is this source's; the account itself is not locked.
    expect(await failuresOf(email)).toMatchObject({
      permanentlyLocked: true,
      lockoutCount: 3,
      failedAttempts: 0,
    })
    expect(await userRow(email)).toMatchObject({ permanentlyLocked: false, lockedUntil: null })
    const after = await login(t.app, email)
    expect(after.statusCode).toBe(423)
    expect(errorBody(after).data).toEqual({ LOCKED_UNTIL: null, LOCKOUT_DURATION_SECONDS: null })
  })

  it('forgets failures and past lockouts after a successful login', async () => {
    const account = 'analyst@example.com'
    await login(t.app, account, 'wrong-password')
    await login(t.app, account, 'wrong-password')
    const user = await userRow(account)
    await t.db
      .update(loginFailures)
      .set({ lockoutCount: 1 })
      .where(eq(loginFailures.userId, user.id))
    expect((await failuresOf(account))?.failedAttempts).toBe(2)
    expect((await login(t.app, account)).statusCode).toBe(200)
    expect(await failuresOf(account)).toBeNull()
    const next = await login(t.app, account, 'wrong-password')
    expect(errorBody(next).data?.REMAINING_LOGIN_ATTEMPTS).toBe(4)
  })

  it('cannot be raced past the maximum by parallel wrong passwords', async () => {
    const account = 'admin@example.com'
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => login(t.app, account, 'wrong-password')),
    )
    const codes = responses.map((response) => errorBody(response).code)
    expect(codes.filter((code) => code === LoginCodes.OVER_LOCKOUT_ATTEMPTS)).toHaveLength(1)
    expect(codes.filter((code) => code === LoginCodes.LOGIN_FAILED)).toHaveLength(4)
    expect(codes.filter((code) => code === LoginCodes.LOCKED_STATE_ACCOUNT)).toHaveLength(3)
  })

  it('rehashes a password stored with other scrypt parameters on login', async () => {
    const account = 'staff@example.com'
    const before = (await userRow(account)).passwordHash
    expect(before.startsWith('scrypt$1024$')).toBe(true)
    const stronger = await createTestApp({ SCRYPT_COST: '2048' })
    try {
      // The clone has its own copy of the user: log in there and look at that copy.
      expect((await login(stronger.app, account)).statusCode).toBe(200)
      const [row] = await stronger.db.select().from(users).where(eq(users.email, account))
      expect(row?.passwordHash.startsWith('scrypt$2048$8$1$')).toBe(true)
      expect((await login(stronger.app, account)).statusCode).toBe(200)
    } finally {
      await stronger.close()
    }
  })
})

describe('validation', () => {
  it.each([
    { payload: {}, errors: { email: ['MISSING'], password: ['MISSING'] } },
    { payload: { email: 'not-an-email', password: 'x' }, errors: { email: ['INVALID'] } },
    {
      payload: { email: 'consumer@example.com', password: '' },
      errors: { password: ['LENGTH_MIN'] },
      values: { password: { LENGTH_MIN: 1 } },
    },
    {
      payload: { email: 42, password: ['x'] },
      errors: { email: ['INVALID'], password: ['INVALID'] },
    },
    { payload: [], errors: { email: ['MISSING'], password: ['MISSING'] } },
    { payload: 'text', errors: { body: ['INVALID'] } },
  ])('refuses $payload with VALIDATION_FAIL', async ({ payload, errors, values }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toEqual({
      code: 'VALIDATION_FAIL',
      errors,
      ...(values && { values }),
    })
  })
})

describe('lockout per source (issue 20: nobody can lock an owner out by knowing the email)', () => {
  /** A login attempt of `email` from `address`, optionally proving a login with its refresh token. */
  function loginFrom(address: string, email: string, password: string, refreshToken?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address,
      payload: {
        email,
        password,
        device: 'test-device',
        ...(refreshToken ? { refreshToken } : {}),
      },
    })
  }
  const lockRunsOut = async (email: string, source: string) => {
    const user = await userRow(email)
    await t.db
      .update(loginFailures)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(loginFailures.userId, user.id), eq(loginFailures.source, source)))
  }

  it('an attacker exhausting attempts and lockouts from A cannot stop the owner signing in from B', async () => {
    const email = 'engineer@example.com'
    const attacker = '10.0.0.1'
    const owner = '10.0.0.2'
    for (let lockout = 1; lockout <= 3; lockout += 1) {
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const response = await loginFrom(attacker, email, 'wrong-password')
        expect(errorBody(response)).toEqual({
          code: LoginCodes.LOGIN_FAILED,
          data: {
            REMAINING_LOGIN_ATTEMPTS: 5 - attempt,
            LOCKOUT_DURATION_SECONDS: lockout === 3 ? null : 900,
          },
        })
      }
      const fifth = await loginFrom(attacker, email, 'wrong-password')
      expect(fifth.statusCode).toBe(423)
      expect(errorBody(fifth).code).toBe(LoginCodes.OVER_LOCKOUT_ATTEMPTS)

      // The attacker stays locked out, even with the right password…
      const locked = await loginFrom(attacker, email, DEMO_PASSWORD)
      expect(locked.statusCode).toBe(423)
      expect(errorBody(locked).code).toBe(LoginCodes.LOCKED_STATE_ACCOUNT)
      if (lockout === 3) {
        expect(errorBody(locked).data).toEqual({
          LOCKED_UNTIL: null,
          LOCKOUT_DURATION_SECONDS: null,
        })
      } else {
        expect(errorBody(locked).data?.LOCKOUT_DURATION_SECONDS).toBeGreaterThan(890)
      }
      // …while the owner, elsewhere, signs in.
      expect((await loginFrom(owner, email, DEMO_PASSWORD)).statusCode).toBe(200)
      if (lockout < 3) await lockRunsOut(email, `ip:${attacker}`)
    }
    // Permanently locked from A only: its guesses are refused before any hash.
    const guess = await loginFrom(attacker, email, 'another-guess')
    expect(guess.statusCode).toBe(423)
    expect(errorBody(guess)).toEqual({
      code: LoginCodes.LOCKED_STATE_ACCOUNT,
      data: { LOCKED_UNTIL: null, LOCKOUT_DURATION_SECONDS: null },
    })
    expect(await failuresOf(email, `ip:${attacker}`)).toMatchObject({
      permanentlyLocked: true,
      lockoutCount: 3,
    })
    expect(await failuresOf(email, `ip:${owner}`)).toBeNull()
    expect(await userRow(email)).toMatchObject({ permanentlyLocked: false, lockedUntil: null })
    expect((await loginFrom(owner, email, DEMO_PASSWORD)).statusCode).toBe(200)
  })

  it('needs the lockouts from one source for a permanent lock: lockouts elsewhere do not count', async () => {
    const email = 'analyst@example.com'
    const lockOnce = async (address: string) => {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await loginFrom(address, email, 'wrong-password')
      }
      await lockRunsOut(email, `ip:${address}`)
    }
    await lockOnce('10.0.1.1')
    await lockOnce('10.0.1.2')
    await lockOnce('10.0.1.3')
    await lockOnce('10.0.1.1')
    // Four lockouts in all, two from 10.0.1.1: the next lockout from there is the third (permanent),
    // from 10.0.1.2 the second (temporary).
    const fromSecond = await loginFrom('10.0.1.2', email, 'wrong-password')
    expect(errorBody(fromSecond).data).toEqual({
      REMAINING_LOGIN_ATTEMPTS: 4,
      LOCKOUT_DURATION_SECONDS: 900,
    })
    const fromFirst = await loginFrom('10.0.1.1', email, 'wrong-password')
    expect(errorBody(fromFirst).data).toEqual({
      REMAINING_LOGIN_ATTEMPTS: 4,
      LOCKOUT_DURATION_SECONDS: null,
    })
    expect((await loginFrom('10.0.1.3', email, DEMO_PASSWORD)).statusCode).toBe(200)
  })

  it('lets a device that proves a live login of the account in while its address is locked', async () => {
    const email = 'multi@example.com'
    const shared = '10.0.2.1'
    const first = await loginFrom(shared, email, DEMO_PASSWORD)
    const refreshToken = first.json<{ refreshToken: { token: string } }>().refreshToken.token
    // Someone at the same address locks the account from there.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await loginFrom(shared, email, 'wrong-password')
    }
    expect(errorBody(await loginFrom(shared, email, DEMO_PASSWORD)).code).toBe(
      LoginCodes.LOCKED_STATE_ACCOUNT,
    )
    // No proof: an unknown token, or another account's, is ignored.
    expect((await loginFrom(shared, email, DEMO_PASSWORD, 'not-a-token')).statusCode).toBe(423)
    const other = await signIn(t.app, 'consumer')
    expect(
      (await loginFrom(shared, email, DEMO_PASSWORD, other.refreshToken.token)).statusCode,
    ).toBe(423)
    // The device holding a live login of the account gets in.
    const proven = await loginFrom(shared, email, DEMO_PASSWORD, refreshToken)
    expect(proven.statusCode).toBe(200)

    // Its wrong passwords count apart, against that login, not the address.
    const second = proven.json<{ refreshToken: { token: string } }>().refreshToken.token
    const wrong = await loginFrom(shared, email, 'wrong-password', second)
    expect(errorBody(wrong)).toEqual({
      code: LoginCodes.LOGIN_FAILED,
      data: { REMAINING_LOGIN_ATTEMPTS: 4, LOCKOUT_DURATION_SECONDS: 900 },
    })
    const [family] = await t.db
      .select({ family: refreshTokens.family })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(second)))
    expect(await failuresOf(email, `login:${family?.family ?? ''}`)).toMatchObject({
      failedAttempts: 1,
    })
    // A revoked login proves nothing.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: second },
    })
    expect((await loginFrom(shared, email, DEMO_PASSWORD, second)).statusCode).toBe(423)
  })

  it('lets a browser that signed in to the account before in while its address is locked (device cookie)', async () => {
    const email = 'volunteer@example.com'
    const cafe = '10.0.4.1'
    const attempt = (password: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: cafe,
        headers: cookie ? { cookie } : {},
        payload: { email, password },
      })
    const first = await attempt(DEMO_PASSWORD)
    const setCookie = String(first.headers['set-cookie'])
    expect(setCookie).toMatch(
      /^wb_device=[^;]+; Path=\/api\/auth\/login; Max-Age=31536000; HttpOnly; SameSite=Strict$/,
    )
    const cookie = setCookie.split(';')[0] ?? ''

    // Someone on the same Wi-Fi locks the account from that address.
    for (let n = 1; n <= 5; n += 1) await attempt('wrong-password')
    expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(423)
    // A forged or altered cookie, or another account's, proves nothing. The signature's first
    // character is changed: its last carries bits a decoder ignores, so changing the end could
    // leave the same signature (one run in ~1,000 did).
    const signatureAt = cookie.lastIndexOf('.') + 1
    const altered = cookie[signatureAt] === 'A' ? 'B' : 'A'
    const forged = `${cookie.slice(0, signatureAt)}${altered}${cookie.slice(signatureAt + 1)}`
    expect((await attempt(DEMO_PASSWORD, forged)).statusCode).toBe(423)
    const consumer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'consumer@example.com', password: DEMO_PASSWORD },
    })
    const consumerCookie = String(consumer.headers['set-cookie']).split(';')[0] ?? ''
    expect((await attempt(DEMO_PASSWORD, consumerCookie)).statusCode).toBe(423)

    // The owner's browser gets in, and keeps its cookie (no new one).
    const owner = await attempt(DEMO_PASSWORD, cookie)
    expect(owner.statusCode).toBe(200)
    expect(owner.headers['set-cookie']).toBeUndefined()
    // Its wrong passwords count against the device, not the locked address.
    const wrong = await attempt('wrong-password', cookie)
    expect(errorBody(wrong).data).toEqual({
      REMAINING_LOGIN_ATTEMPTS: 4,
      LOCKOUT_DURATION_SECONDS: 900,
    })
  })

  it("keeps the administrator's lock (the demo account 'locked') from every address", async () => {
    for (const address of ['10.0.3.1', '10.0.3.2']) {
      const response = await loginFrom(address, 'locked@example.com', DEMO_PASSWORD)
      expect(response.statusCode).toBe(423)
      expect(errorBody(response)).toEqual({
        code: LoginCodes.LOCKED_STATE_ACCOUNT,
        data: { LOCKED_UNTIL: null, LOCKOUT_DURATION_SECONDS: null },
      })
    }
  })
})
