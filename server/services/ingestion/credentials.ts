/**
 * Unit credentials (issue 23 §1): a unit authenticates its results with its own token, never a
 * user's. The token is `wbu_<unitId>_<secret>` (32 random bytes, base64url); the store keeps its
 * SHA-256 only (a random secret needs no slow hash), so a database leak gives no token away.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CommonCodes } from '../../../contracts/errors.ts'
import { IngestionCodes } from '../../../contracts/ingestion.ts'
import type { Db } from '../../db/client.ts'
import { unitCredentials } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'

const TOKEN = /^wbu_(\d{1,9})_([A-Za-z0-9_-]{43})$/
/** The scheme of the Authorization header: `Unit <token>`. */
export const UNIT_SCHEME = 'Unit'

export function hashUnitToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Issues (or replaces) a unit's credential; returns the token, shown once. */
export async function issueUnitCredential(db: Db, unitId: number): Promise<string> {
  const token = `wbu_${unitId}_${randomBytes(32).toString('base64url')}`
  const tokenHash = hashUnitToken(token)
  await db
    .insert(unitCredentials)
    .values({ unitId, tokenHash })
    .onConflictDoUpdate({
      target: unitCredentials.unitId,
      set: { tokenHash, rotatedAt: sql`now()` },
    })
  return token
}

/** The unit a token names, when its hash is the one stored for that unit; else null. */
export async function unitOfToken(db: Db, token: string): Promise<number | null> {
  const match = TOKEN.exec(token)
  if (!match) return null
  const unitId = Number(match[1])
  const [row] = await db
    .select({ tokenHash: unitCredentials.tokenHash })
    .from(unitCredentials)
    .where(eq(unitCredentials.unitId, unitId))
  if (!row) return null
  const given = Buffer.from(hashUnitToken(token), 'hex')
  const stored = Buffer.from(row.tokenHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored) ? unitId : null
}

/**
 * The `'unit-credential'` access rule (contracts/access.ts), run by the access plugin before the
 * body is read: 401 UNAUTHENTICATED without a `Unit` credential, 401 UNIT_CREDENTIAL_INVALID for a
 * token that is not a unit's current one, 403 FORBIDDEN for a valid one of another unit than the
 * route's `:unitId`.
 */
export async function verifyUnitCredential(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<void> {
  const header = request.headers.authorization ?? ''
  const [scheme, token, ...rest] = header.trim().split(/\s+/)
  if (scheme !== UNIT_SCHEME || token === undefined || rest.length > 0) {
    throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
  }
  const unitId = await unitOfToken(app.db, token)
  if (unitId === null) throw new HttpError(401, IngestionCodes.UNIT_CREDENTIAL_INVALID)
  const param = (request.params as Record<string, unknown> | undefined)?.unitId
  if (String(unitId) !== param) throw new HttpError(403, CommonCodes.FORBIDDEN)
}
