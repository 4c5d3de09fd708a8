import { and, eq, sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CommonCodes } from '../../contracts/errors.ts'
import { app as whitebox, serverOptions } from '../app.ts'
import { grants, users } from '../db/schema.ts'
import { bearer, createTestApp, errorBody, signIn, type TestApp } from '../test/helpers.ts'
import {
  createAccessTokens,
  GRANTS_TTL_MS,
  grantsChanged,
  issuedBeforeRevocation,
  optionalUser,
  tokensRevoked,
  TOKENS_VALID_AFTER_TTL_MS,
} from './auth.ts'

describe('a route declaring a per-panel grant (config.access)', () => {
  let t: TestApp
  let fastify: FastifyInstance
  beforeAll(async () => {
    t = await createTestApp()
    fastify = Fastify(serverOptions(t.env, false))
    await fastify.register(whitebox, { env: t.env, jwtSecret: t.env.JWT_SECRET ?? '', db: t.db })
    fastify.get(
      '/api/test/panels/:pid/units',
      { config: { access: { section: 'Unit', permission: 'search', panel: 'param:pid' } } },
      () => ({ ok: true }),
    )
    await fastify.ready()
  })
  afterAll(async () => {
    await fastify.close()
    await t.close()
  })

  it.each([
    { account: 'engineer', pid: 3, status: 200 },
    { account: 'engineer', pid: 2, status: 403 },
    { account: 'analyst', pid: 3, status: 403 },
    { account: 'consumer', pid: 3, status: 403 },
    { account: 'staff', pid: 2, status: 200 },
  ] as const)('lets $account search panel $pid: $status', async ({ account, pid, status }) => {
    const pair = await signIn(t.app, account)
    const response = await fastify.inject({
      method: 'GET',
      url: `/api/test/panels/${pid}/units`,
      headers: bearer(pair.accessToken.token),
    })
    expect(response.statusCode).toBe(status)
    if (status === 403) expect(errorBody(response)).toEqual({ code: 'FORBIDDEN' })
  })

  it('answers 401 before looking at grants', async () => {
    const response = await fastify.inject({ method: 'GET', url: '/api/test/panels/3/units' })
    expect(response.statusCode).toBe(401)
  })

  describe('kept grants', () => {
    const engineerSearch = () =>
      and(
        eq(grants.userId, sql`(SELECT id FROM users WHERE email = 'engineer@example.com')`),
        eq(grants.resource, 'Unit'),
        eq(grants.permission, 'search'),
      )
    let removed: (typeof grants.$inferSelect)[] = []
    const search = async () => {
      const pair = await signIn(t.app, 'engineer')
      const response = await fastify.inject({
        method: 'GET',
        url: '/api/test/panels/3/units',
        headers: bearer(pair.accessToken.token),
      })
      return response.statusCode
    }
    afterEach(async () => {
      vi.useRealTimers()
      if (removed.length > 0) await t.db.insert(grants).values(removed)
      removed = []
      grantsChanged()
    })

    it('refuses a revoked grant at once when the write says so (grantsChanged)', async () => {
      expect(await search()).toBe(200)
      removed = await t.db.delete(grants).where(engineerSearch()).returning()
      expect(removed.length).toBeGreaterThan(0)
      grantsChanged()
      expect(await search()).toBe(403)
    })

    it('keeps grants at most GRANTS_TTL_MS when the write is not seen (another process)', async () => {
      vi.useFakeTimers({ toFake: ['performance'] })
      // lru-cache takes a start time of 0 for "no expiry": begin the fake clock later.
      vi.advanceTimersByTime(1000)
      expect(await search()).toBe(200)
      removed = await t.db.delete(grants).where(engineerSearch()).returning()
      // Kept: the removal is not seen yet (one query fewer on every request).
      expect(await search()).toBe(200)
      vi.advanceTimersByTime(GRANTS_TTL_MS + 1)
      expect(await search()).toBe(403)
    })
  })
})

describe('optionalUser', () => {
  const SECRET = 'optional-user-secret-that-is-long-enough-0123456789'
  const claims = {
    sub: '7f0c5d8e-0000-4000-8000-000000000001',
    user_id: 42,
    organisation_id: 5,
    organisation_owner_id: null,
    owner_id: null,
    preferred_locale: null,
  }
  const app = Fastify()
  app.decorate('accessTokens', createAccessTokens(SECRET, 600))
  app.get('/who', async (request) => ({ user: await optionalUser(app, request) }))
  afterAll(async () => {
    await app.close()
  })

  const signers = {
    valid: createAccessTokens(SECRET, 600),
    expired: createAccessTokens(SECRET, -60),
    forged: createAccessTokens(`${SECRET}-other`, 600),
  }
  const user = { userId: 42, sub: claims.sub, organisationId: 5 }

  it.each([
    { name: 'no Authorization header', scheme: null, token: 'valid', expected: null },
    { name: 'a valid token', scheme: 'Bearer', token: 'valid', expected: user },
    { name: 'an expired token', scheme: 'Bearer', token: 'expired', expected: null },
    { name: 'a forged token', scheme: 'Bearer', token: 'forged', expected: null },
    { name: 'garbage', scheme: 'Bearer', token: 'not-a-jwt', expected: null },
    { name: 'another scheme', scheme: 'Basic', token: 'valid', expected: null },
  ] as const)('answers $name with the caller or null, never 401', async (c) => {
    const token = c.token === 'not-a-jwt' ? c.token : (await signers[c.token].sign(claims)).token
    const response = await app.inject({
      method: 'GET',
      url: '/who',
      headers: c.scheme === null ? {} : { authorization: `${c.scheme} ${token}` },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ user: c.expected })
  })
})

describe('createAccessTokens: verified tokens are remembered, expiry still holds', () => {
  const SECRET = 'remembered-token-secret-that-is-long-enough-012345'
  const claims = {
    sub: '7f0c5d8e-0000-4000-8000-000000000002',
    user_id: 7,
    organisation_id: null,
    organisation_owner_id: null,
    owner_id: null,
    preferred_locale: null,
  }

  afterEach(() => {
    vi.useRealTimers()
  })

  it('refuses a remembered token once it has expired, and renew still reads it', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z'), toFake: ['Date'] })
    const tokens = createAccessTokens(SECRET, 60)
    const { token } = await tokens.sign(claims)
    expect((await tokens.verify(token)).user_id).toBe(7)
    expect((await tokens.verify(token)).user_id).toBe(7)

    vi.setSystemTime(new Date('2026-11-21T10:01:00Z'))
    await expect(tokens.verify(token)).rejects.toMatchObject({
      statusCode: 401,
      code: CommonCodes.TOKEN_EXPIRED,
    })
    expect((await tokens.verify(token, { allowExpired: true })).user_id).toBe(7)
  })

  it.each([
    { name: 'signed with another secret', secret: `${SECRET}-other` },
    { name: 'signed with the same secret by another verifier', secret: SECRET },
  ])('verifies a token $name on its own signature, every time', async ({ secret }) => {
    const tokens = createAccessTokens(SECRET, 600)
    const { token } = await createAccessTokens(secret, 600).sign(claims)
    const outcome = (attempt: Promise<unknown>) =>
      attempt.then(
        () => 'accepted',
        () => 'refused',
      )
    const expected = secret === SECRET ? 'accepted' : 'refused'
    expect(await outcome(tokens.verify(token))).toBe(expected)
    expect(await outcome(tokens.verify(token))).toBe(expected)
  })
})

describe('issuedBeforeRevocation', () => {
  const change = new Date('2026-11-21T10:00:05.600Z')
  const second = Math.floor(change.getTime() / 1000)
  it.each([
    { case: 'no revocation', iat: second - 100, validAfter: null, expected: false },
    { case: 'a token from an earlier second', iat: second - 1, validAfter: change, expected: true },
    // The device that changed the password may renew within the same second: that token passes.
    { case: 'a token from the same second', iat: second, validAfter: change, expected: false },
    { case: 'a later token', iat: second + 1, validAfter: change, expected: false },
    { case: 'a token without iat', iat: 0, validAfter: change, expected: true },
  ])('$case → $expected', ({ iat, validAfter, expected }) => {
    expect(issuedBeforeRevocation(iat, validAfter)).toBe(expected)
  })
})

describe('revoked access tokens (tokens_valid_after)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    vi.useRealTimers()
    await t.close()
  })
  const grantsOf = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/myGrants', headers: bearer(token) })
  const userId = async (account: string) => {
    const [row] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `${account}@example.com`))
    return row?.id ?? 0
  }

  it('refuses at once a token revoked by this process (tokensRevoked)', async () => {
    const pair = await signIn(t.app, 'analyst')
    expect((await grantsOf(pair.accessToken.token)).statusCode).toBe(200)
    const later = new Date(Date.now() + 2000)
    await t.db
      .update(users)
      .set({ tokensValidAfter: later })
      .where(eq(users.email, 'analyst@example.com'))
    tokensRevoked(t.db, await userId('analyst'), later)
    const refused = await grantsOf(pair.accessToken.token)
    expect(refused.statusCode).toBe(401)
    expect(errorBody(refused)).toEqual({ code: CommonCodes.TOKEN_EXPIRED })
  })

  it('sees a revocation written by another instance within TOKENS_VALID_AFTER_TTL_MS', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    // lru-cache takes a start time of 0 for "no expiry": begin the fake clock later.
    vi.advanceTimersByTime(1000)
    const pair = await signIn(t.app, 'engineer')
    expect((await grantsOf(pair.accessToken.token)).statusCode).toBe(200)
    await t.db
      .update(users)
      .set({ tokensValidAfter: new Date(Date.now() + 2000) })
      .where(eq(users.email, 'engineer@example.com'))
    // Kept: the write is not seen yet (one query fewer on every request).
    expect((await grantsOf(pair.accessToken.token)).statusCode).toBe(200)
    vi.advanceTimersByTime(TOKENS_VALID_AFTER_TTL_MS + 1)
    expect((await grantsOf(pair.accessToken.token)).statusCode).toBe(401)
    vi.useRealTimers()
  })
})
