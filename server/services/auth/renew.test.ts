import { eq, sql } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LoginCodes, MIGRATED_HEADER, type TokenPairResponse } from '../../../contracts/auth.ts'
import { refreshTokens, users } from '../../db/schema.ts'
import { hashToken } from '../../lib/tokens.ts'
import { bearer, createTestApp, errorBody, signIn, type TestApp } from '../../test/helpers.ts'
import { TEST_SETTINGS } from '../../test/settings.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

function renew(accessToken: string | null, refreshToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/renew',
    headers: accessToken ? bearer(accessToken) : {},
    payload: { refreshToken },
  })
}

const renewPair = (pair: TokenPairResponse) =>
  renew(pair.accessToken.token, pair.refreshToken.token)

/** An access token as the server would sign it, but already expired. */
async function expiredAccessToken(
  claims: Record<string, unknown>,
  secret = TEST_SETTINGS.JWT_SECRET,
) {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now - 1000)
    .setExpirationTime(now - 100)
    .sign(new TextEncoder().encode(secret))
}

async function claimsOf(account: string) {
  const [user] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, `${account}@example.com`))
  if (!user) throw new Error(account)
  return {
    sub: user.sub,
    user_id: user.id,
    organisation_id: user.organisationId,
    organisation_owner_id: null,
    owner_id: user.ownerId,
    preferred_locale: user.defaultLocale,
  }
}

/** Moves the rotation of a pair's refresh token back past the reuse grace window. */
async function rotatedLongAgo(pair: TokenPairResponse) {
  const past = new Date(Date.now() - (t.env.REFRESH_REUSE_GRACE_SECONDS + 5) * 1000)
  await t.db
    .update(refreshTokens)
    .set({ rotatedAt: past })
    .where(eq(refreshTokens.tokenHash, hashToken(pair.refreshToken.token)))
}

describe('POST /api/auth/renew', () => {
  it('rotates: a new pair, the used refresh token marked rotated, same family', async () => {
    const first = await signIn(t.app, 'consumer')
    const response = await renewPair(first)
    expect(response.statusCode).toBe(200)
    const second = response.json<TokenPairResponse>()
    expect(second.code).toBe('OK')
    expect(second.refreshToken.token).not.toBe(first.refreshToken.token)

    const rows = await t.db
      .select()
      .from(refreshTokens)
      .where(
        sql`${refreshTokens.tokenHash} IN (${hashToken(first.refreshToken.token)}, ${hashToken(second.refreshToken.token)})`,
      )
    const old = rows.find((row) => row.tokenHash === hashToken(first.refreshToken.token))
    const next = rows.find((row) => row.tokenHash === hashToken(second.refreshToken.token))
    expect(old?.rotatedAt).toBeInstanceOf(Date)
    expect(next).toMatchObject({ rotatedAt: null, revokedAt: null, family: old?.family })

    // The new pair renews in turn.
    expect((await renewPair(second)).statusCode).toBe(200)
  })

  it('accepts an expired (but genuine) access token', async () => {
    const pair = await signIn(t.app, 'consumer')
    const expired = await expiredAccessToken(await claimsOf('consumer'))
    const response = await renew(expired, pair.refreshToken.token)
    expect(response.statusCode).toBe(200)
  })

  it('revokes the whole login when a rotated refresh token comes back after the grace window', async () => {
    const first = await signIn(t.app, 'consumer')
    const second = (await renewPair(first)).json<TokenPairResponse>()
    await rotatedLongAgo(first)

    const reuse = await renewPair(first)
    expect(reuse.statusCode).toBe(401)
    expect(errorBody(reuse).code).toBe(LoginCodes.INVALID_REFRESH_TOKEN)

    // The legitimate successor is dead too: that login is over.
    const after = await renewPair(second)
    expect(after.statusCode).toBe(401)
    expect(errorBody(after).code).toBe(LoginCodes.INVALID_REFRESH_TOKEN)

    // Another login of the same user is untouched.
    const other = await signIn(t.app, 'consumer')
    expect((await renewPair(other)).statusCode).toBe(200)
  })

  it('renews again within the grace window when the answer of a renewal was lost', async () => {
    const first = await signIn(t.app, 'consumer')
    const lost = await renewPair(first)
    expect(lost.statusCode).toBe(200)

    const again = await renewPair(first)
    expect(again.statusCode).toBe(200)
    const next = again.json<TokenPairResponse>()
    expect(next.refreshToken.token).not.toBe(lost.json<TokenPairResponse>().refreshToken.token)
    // The login lives on: the newest token renews normally.
    expect((await renewPair(next)).statusCode).toBe(200)
    const rows = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(next.refreshToken.token)))
    expect(rows[0]?.revokedAt).toBeNull()
  })

  it('lets two parallel renewals with the same token both succeed within the grace window', async () => {
    const pair = await signIn(t.app, 'multi')
    const [a, b] = await Promise.all([renewPair(pair), renewPair(pair)])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    for (const r of [a, b]) {
      expect((await renewPair(r.json<TokenPairResponse>())).statusCode).toBe(200)
    }
  })

  it('after the grace window, a second use of a rotated token ends the login', async () => {
    const pair = await signIn(t.app, 'multi')
    const winner = (await renewPair(pair)).json<TokenPairResponse>()
    await rotatedLongAgo(pair)
    expect((await renewPair(pair)).statusCode).toBe(401)
    expect((await renewPair(winner)).statusCode).toBe(401)
  })

  it.each([
    { case: 'no bearer', access: null, code: 'UNAUTHENTICATED' },
    { case: 'a malformed bearer', access: 'not-a-jwt', code: 'UNAUTHENTICATED' },
  ])('refuses $case with 401 $code', async ({ access, code }) => {
    const pair = await signIn(t.app, 'consumer')
    const response = await renew(access, pair.refreshToken.token)
    expect(response.statusCode).toBe(401)
    expect(errorBody(response).code).toBe(code)
  })

  it('refuses an access token signed with another secret', async () => {
    const pair = await signIn(t.app, 'consumer')
    const forged = await expiredAccessToken(await claimsOf('consumer'), 'x'.repeat(40))
    const response = await renew(forged, pair.refreshToken.token)
    expect(response.statusCode).toBe(401)
    expect(errorBody(response).code).toBe('UNAUTHENTICATED')
  })

  it("refuses another user's refresh token", async () => {
    const mine = await signIn(t.app, 'consumer')
    const theirs = await signIn(t.app, 'analyst')
    const response = await renew(mine.accessToken.token, theirs.refreshToken.token)
    expect(response.statusCode).toBe(401)
    expect(errorBody(response).code).toBe(LoginCodes.INVALID_REFRESH_TOKEN)
  })

  it('refuses an unknown and an expired refresh token', async () => {
    const pair = await signIn(t.app, 'consumer')
    const unknown = await renew(pair.accessToken.token, 'no-such-token')
    expect(errorBody(unknown).code).toBe(LoginCodes.INVALID_REFRESH_TOKEN)

    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(pair.refreshToken.token)))
    const expired = await renewPair(pair)
    expect(expired.statusCode).toBe(401)
    expect(errorBody(expired).code).toBe(LoginCodes.INVALID_REFRESH_TOKEN)
  })

  it.each([
    {
      state: 'locked',
      change: { lockedUntil: new Date(Date.now() + 600_000) },
      status: 423,
      code: LoginCodes.LOCKED_STATE_ACCOUNT,
    },
    {
      state: 'disabled',
      change: { status: 'disabled' as const },
      status: 403,
      code: LoginCodes.DISABLED_ACCOUNT,
    },
    {
      state: 'moved',
      change: { migration: 'moved' as const },
      status: 403,
      code: LoginCodes.USER_MIGRATED,
    },
  ])('gives a now-$state account $code and ends that login', async ({ change, status, code }) => {
    const pair = await signIn(t.app, 'engineer')
    await t.db.update(users).set(change).where(eq(users.email, 'engineer@example.com'))
    try {
      const response = await renewPair(pair)
      expect(response.statusCode).toBe(status)
      expect(errorBody(response).code).toBe(code)
      if (code === LoginCodes.USER_MIGRATED) expect(response.headers[MIGRATED_HEADER]).toBe('true')
      if (code === LoginCodes.LOCKED_STATE_ACCOUNT) {
        expect(errorBody(response).data?.LOCKOUT_DURATION_SECONDS).toBeGreaterThan(590)
      }
    } finally {
      await t.db
        .update(users)
        .set({ lockedUntil: null, status: 'enabled', migration: 'none' })
        .where(eq(users.email, 'engineer@example.com'))
    }
    expect(errorBody(await renewPair(pair)).code).toBe(LoginCodes.INVALID_REFRESH_TOKEN)
  })

  it('refuses a body without a refresh token', async () => {
    const pair = await signIn(t.app, 'consumer')
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/renew',
      headers: bearer(pair.accessToken.token),
      payload: {},
    })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toEqual({
      code: 'VALIDATION_FAIL',
      errors: { refreshToken: ['MISSING'] },
    })
  })
})
