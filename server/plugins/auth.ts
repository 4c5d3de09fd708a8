import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose'
import { LRUCache } from 'lru-cache'
import * as v from 'valibot'
import {
  AccessTokenPayloadSchema,
  type AccessTokenPayload,
  type Grants,
  type Token,
} from '../../contracts/auth.ts'
import { CommonCodes } from '../../contracts/errors.ts'
import type { Db } from '../db/client.ts'
import { grants as grantsTable, users } from '../db/schema.ts'
import { HttpError } from '../errors.ts'
import { shared } from './shared.ts'

/** The caller, from a verified access token. */
export type AuthUser = {
  userId: number
  sub: string
  organisationId: number | null
}

/** A verified access token's payload with its issue time (`iat`, epoch seconds; 0 when absent). */
export type VerifiedAccessToken = AccessTokenPayload & { iat: number }

/** Signs and verifies access tokens (HS256). */
export type AccessTokens = {
  sign: (claims: Omit<AccessTokenPayload, 'exp'>) => Promise<Token>
  /** The payload of a token whose signature holds; `allowExpired` accepts an expired one (renew). */
  verify: (token: string, options?: { allowExpired?: boolean }) => Promise<VerifiedAccessToken>
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens
  }
  interface FastifyRequest {
    user: AuthUser | null
  }
}

const ALGORITHM = 'HS256'

function unauthenticated(): HttpError {
  return new HttpError(401, CommonCodes.UNAUTHENTICATED)
}

/** Verified tokens kept per verifier: a signed-in client sends the same token with every request. */
const VERIFIED_CACHE_SIZE = 2_000

/**
 * An access-token signer/verifier over a shared secret with a lifetime in seconds. A token whose
 * signature held is remembered (least recently used out) with its payload, so the HMAC and the
 * claims parsing run once per token rather than once per request; its expiry is checked on
 * every use, as jose would.
 */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret)
  const verified = new Map<string, VerifiedAccessToken>()
  const parse = (payload: JWTPayload): VerifiedAccessToken => {
    const result = v.safeParse(AccessTokenPayloadSchema, payload)
    if (!result.success) throw unauthenticated()
    return { ...result.output, iat: typeof payload.iat === 'number' ? payload.iat : 0 }
  }
  const remember = (token: string, payload: VerifiedAccessToken) => {
    verified.delete(token)
    verified.set(token, payload)
    if (verified.size > VERIFIED_CACHE_SIZE) {
      const oldest = verified.keys().next()
      if (!oldest.done) verified.delete(oldest.value)
    }
  }
  const fromCache = (token: string, allowExpired: boolean): VerifiedAccessToken | null => {
    const payload = verified.get(token)
    if (!payload) return null
    remember(token, payload)
    // jose's rule with no clock tolerance: expired once `exp` is not after now.
    if (payload.exp <= Math.floor(Date.now() / 1000) && !allowExpired) {
      throw new HttpError(401, CommonCodes.TOKEN_EXPIRED)
    }
    return payload
  }
  return {
    async sign(claims) {
      const now = Math.floor(Date.now() / 1000)
      const expiresAt = now + ttlSeconds
      const token = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .sign(key)
      return { token, expiresAt }
    },
    async verify(token, options = {}) {
      const allowExpired = options.allowExpired === true
      const cached = fromCache(token, allowExpired)
      if (cached) return cached
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] })
        const parsed = parse(payload)
        remember(token, parsed)
        return parsed
      } catch (error) {
        // jose checks the signature before the claims, so an expired token's payload is genuine.
        if (error instanceof joseErrors.JWTExpired) {
          if (allowExpired) return parse(error.payload)
          throw new HttpError(401, CommonCodes.TOKEN_EXPIRED)
        }
        if (error instanceof HttpError) throw error
        throw unauthenticated()
      }
    },
  }
}

/** The bearer token of a request, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
  return match?.[1] ?? null
}

function userOf(payload: AccessTokenPayload): AuthUser {
  return { userId: payload.user_id, sub: payload.sub, organisationId: payload.organisation_id }
}

/**
 * Whether an access token issued at `iat` (epoch seconds) was revoked by a password change or
 * reset at `validAfter`. Token times are whole seconds: a token issued in the same second as the
 * change passes, so the window left open is under a second.
 */
export function issuedBeforeRevocation(iat: number, validAfter: Date | null): boolean {
  return validAfter !== null && iat < Math.floor(validAfter.getTime() / 1000)
}

/**
 * How long a user's tokens_valid_after is kept. Every signed-in request checks it; a change made
 * by this process is seen at once (tokensRevoked), one made by another instance within this time.
 */
export const TOKENS_VALID_AFTER_TTL_MS = 5_000

/** Kept tokens_valid_after per database (each test app has its own), by user id. */
const keptValidAfter = new WeakMap<Db, LRUCache<number, { at: Promise<Date | null> }>>()

function validAfterCache(db: Db): LRUCache<number, { at: Promise<Date | null> }> {
  let kept = keptValidAfter.get(db)
  if (!kept) {
    kept = new LRUCache<number, { at: Promise<Date | null> }>({
      max: 10_000,
      ttl: TOKENS_VALID_AFTER_TTL_MS,
      ttlResolution: 0,
      // Read the clock through the global at each call (tests fake it).
      perf: { now: () => performance.now() },
    })
    keptValidAfter.set(db, kept)
  }
  return kept
}

async function loadValidAfter(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: users.tokensValidAfter })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return row?.at ?? null
}

/** The time before which a user's access tokens are refused, kept a few seconds (a failed read is not kept). */
export function tokensValidAfter(db: Db, userId: number): Promise<Date | null> {
  const kept = validAfterCache(db)
  const hit = kept.get(userId)
  if (hit) return hit.at
  const entry = { at: loadValidAfter(db, userId) }
  kept.set(userId, entry)
  entry.at.catch(() => {
    if (kept.peek(userId) === entry) kept.delete(userId)
  })
  return entry.at
}

/**
 * Records, for this process at once, that the user's access tokens issued before `at` are
 * refused: call it after writing users.tokens_valid_after (a password change or reset).
 */
export function tokensRevoked(db: Db, userId: number, at: Date): void {
  validAfterCache(db).set(userId, { at: Promise.resolve(at) })
}

/**
 * The caller of a verified token, unless a password change or reset revoked it: then 401
 * TOKEN_EXPIRED, so that the client renews — the login that changed the password keeps its
 * refresh token and goes on, every other login's renewal is refused.
 */
async function currentUser(app: FastifyInstance, payload: VerifiedAccessToken): Promise<AuthUser> {
  // An app without a database (unit tests of the token plumbing) has no revocations.
  if (app.hasDecorator('db')) {
    const validAfter = await tokensValidAfter(app.db, payload.user_id)
    if (issuedBeforeRevocation(payload.iat, validAfter)) {
      throw new HttpError(401, CommonCodes.TOKEN_EXPIRED)
    }
  }
  return userOf(payload)
}

/**
 * Verifies the access token: 401 UNAUTHENTICATED when missing or forged, TOKEN_EXPIRED when
 * expired or issued before the user's last password change or reset.
 */
export function authenticate(app: FastifyInstance): onRequestAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request)
    if (!token) throw unauthenticated()
    request.user = await currentUser(app, await app.accessTokens.verify(token))
  }
}

/**
 * The caller of a public route when a valid access token came along, else null: on such a route
 * a missing, expired or forged token just means an anonymous caller, never a 401.
 */
export async function optionalUser(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AuthUser | null> {
  const token = bearerToken(request)
  if (!token) return null
  try {
    return await currentUser(app, await app.accessTokens.verify(token))
  } catch {
    return null
  }
}

/** Every grant of a user in the myGrants shape: resource → permission → true | scopes. */
export async function loadGrants(db: Db, userId: number): Promise<Grants> {
  const rows = await db
    .select({
      resource: grantsTable.resource,
      permission: grantsTable.permission,
      scope: grantsTable.scope,
    })
    .from(grantsTable)
    .where(eq(grantsTable.userId, userId))
    .orderBy(grantsTable.id)
  const result: Grants = {}
  for (const { resource, permission, scope } of rows) {
    const permissions = (result[resource] ??= {})
    const current = permissions[permission]
    if (current === true) continue
    if (scope === null) permissions[permission] = true
    else permissions[permission] = [...(current ?? []), scope]
  }
  return result
}

const grantCache = new WeakMap<FastifyRequest, Promise<Grants>>()

/**
 * How long a user's grants are kept: every signed-in API request checks them, and reading them
 * was one query of every request (a unit search is two). A grant written by this process is seen
 * at once (grantsChanged); one written by another process (the CLI's reseed) within this time.
 */
export const GRANTS_TTL_MS = 5_000

/** Bumped by every grants write made here: kept grants of an older generation are read again. */
let grantsGeneration = 0

/** Marks every user's grants changed: call it after writing grants (a seed, a test, an admin change). */
export function grantsChanged(): void {
  grantsGeneration += 1
}

type KeptGrants = { generation: number; grants: Promise<Grants> }

/** Kept grants per database (each test app has its own), by user id. */
const keptGrants = new WeakMap<Db, LRUCache<number, KeptGrants>>()

/** A user's grants, kept GRANTS_TTL_MS (a failed read is not kept). */
function grantsOf(db: Db, userId: number): Promise<Grants> {
  let kept = keptGrants.get(db)
  if (!kept) {
    kept = new LRUCache<number, KeptGrants>({
      max: 10_000,
      ttl: GRANTS_TTL_MS,
      ttlResolution: 0,
      // Read the clock through the global at each call (tests fake it).
      perf: { now: () => performance.now() },
    })
    keptGrants.set(db, kept)
  }
  const hit = kept.get(userId)
  if (hit?.generation === grantsGeneration) return hit.grants
  const entry = { generation: grantsGeneration, grants: loadGrants(db, userId) }
  kept.set(userId, entry)
  const cache = kept
  entry.grants.catch(() => {
    if (cache.peek(userId) === entry) cache.delete(userId)
  })
  return entry.grants
}

/** The caller's grants: once per request, from grants kept a few seconds (GRANTS_TTL_MS). */
export function requestGrants(app: FastifyInstance, request: FastifyRequest): Promise<Grants> {
  const user = request.user
  if (!user) return Promise.reject(unauthenticated())
  let grants = grantCache.get(request)
  if (!grants) {
    grants = grantsOf(app.db, user.userId)
    grantCache.set(request, grants)
  }
  return grants
}

/** Decorates the app with the access-token service and every request with `user`. */
export const auth = shared(
  (app: FastifyInstance, options: { jwtSecret: string; accessTokenTtlSeconds: number }) => {
    app.decorate(
      'accessTokens',
      createAccessTokens(options.jwtSecret, options.accessTokenTtlSeconds),
    )
    app.decorateRequest('user', null)
    return Promise.resolve()
  },
)
