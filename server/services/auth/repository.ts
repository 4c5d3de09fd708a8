import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  loginFailures,
  organisations,
  panels,
  passwordResetTokens,
  refreshTokens,
  userUnits,
  users,
  volunteerSignups,
} from '../../db/schema.ts'
import {
  activeLock,
  applyFailure,
  NO_FAILURES,
  type ActiveLock,
  type FailureOutcome,
  type LockoutSettings,
  type LockState,
} from './lockout.ts'

const userColumns = {
  id: users.id,
  sub: users.sub,
  email: users.email,
  firstName: users.firstName,
  passwordHash: users.passwordHash,
  status: users.status,
  lockedUntil: users.lockedUntil,
  permanentlyLocked: users.permanentlyLocked,
  passwordChangedAt: users.passwordChangedAt,
  migration: users.migration,
  defaultLocale: users.defaultLocale,
  organisationId: users.organisationId,
  ownerId: users.ownerId,
  organisationOwnerId: organisations.ownerId,
}

/** A user as the authentication service sees one. */
export type AuthUserRow = {
  id: number
  sub: string
  email: string
  firstName: string
  passwordHash: string
  status: 'enabled' | 'disabled'
  /** The administrator's lock (every source); locks earned by wrong passwords are per source. */
  lockedUntil: Date | null
  permanentlyLocked: boolean
  passwordChangedAt: Date
  migration: 'none' | 'notice' | 'moved'
  defaultLocale: 'en_GB' | 'ar_SA' | 'fr_CA' | null
  organisationId: number | null
  ownerId: number | null
  organisationOwnerId: number | null
}

function selectUsers(db: Db) {
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
}

/** The user with this email, whatever its case. */
export async function findUserByEmail(db: Db, email: string): Promise<AuthUserRow | null> {
  const [row] = await selectUsers(db)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1)
  return row ?? null
}

/** The user with this id, or null. */
export async function findUserById(db: Db, id: number): Promise<AuthUserRow | null> {
  const [row] = await selectUsers(db).where(eq(users.id, id)).limit(1)
  return row ?? null
}

const failureColumns = {
  failedAttempts: loginFailures.failedAttempts,
  lockedUntil: loginFailures.lockedUntil,
  lockoutCount: loginFailures.lockoutCount,
  permanentlyLocked: loginFailures.permanentlyLocked,
}

/** The wrong passwords and lock of the account from one source, or null when it never failed. */
export async function findSourceFailures(
  db: Db,
  userId: number,
  source: string,
): Promise<LockState | null> {
  const [row] = await db
    .select(failureColumns)
    .from(loginFailures)
    .where(and(eq(loginFailures.userId, userId), eq(loginFailures.source, source)))
    .limit(1)
  return row ?? null
}

/**
 * Counts a wrong password of the account from one source under a row lock, so concurrent
 * attempts cannot slip past the maximum; answers 'already-locked' with the lock in force when
 * another request locked the account from that source meanwhile.
 */
export async function recordFailedLogin(
  db: Db,
  input: { userId: number; source: string },
  settings: LockoutSettings,
  now: Date,
): Promise<FailureOutcome | { kind: 'already-locked'; lock: ActiveLock }> {
  return db.transaction(async (tx) => {
    const key = and(eq(loginFailures.userId, input.userId), eq(loginFailures.source, input.source))
    await tx
      .insert(loginFailures)
      .values({ userId: input.userId, source: input.source, updatedAt: now })
      .onConflictDoNothing()
    const [state] = await tx.select(failureColumns).from(loginFailures).where(key).for('update')
    const current = state ?? NO_FAILURES
    const lock = activeLock(current, now)
    if (lock) return { kind: 'already-locked', lock } as const
    const { next, outcome } = applyFailure(current, settings, now)
    await tx
      .update(loginFailures)
      .set({ ...next, updatedAt: now })
      .where(key)
    return outcome
  })
}

/**
 * A correct password: the failures and past lockouts of that source are forgotten (other sources
 * keep theirs); optionally store a fresher hash.
 */
export async function recordPasswordMatch(
  db: Db,
  input: { userId: number; source: string; newHash: string | null },
): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.userId, input.userId), eq(loginFailures.source, input.source)))
  if (input.newHash) {
    await db.update(users).set({ passwordHash: input.newHash }).where(eq(users.id, input.userId))
  }
}

/** Remembers when the user last signed in (the admin user table shows it). */
export async function recordLogin(db: Db, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId))
}

/** A refresh token to store: its hash, its login (family) and when each ends. */
export type NewRefreshToken = {
  tokenHash: string
  family: string
  userId: number
  device: string | null
  expiresAt: Date
  familyExpiresAt: Date
}

/** Stores a refresh token (by hash) in a login's family. */
export async function insertRefreshToken(db: Db, token: NewRefreshToken): Promise<void> {
  await db.insert(refreshTokens).values(token)
}

/** A new family id: one per login. */
export function newFamily(): string {
  return randomUUID()
}

/** The stored refresh token with this hash, whatever its state, or null. */
export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
  return row ?? null
}

/**
 * Marks a refresh token rotated and stores its successor in one transaction; false when another
 * request rotated it first (a reuse: the caller revokes the family).
 */
export async function rotateRefreshToken(
  db: Db,
  id: number,
  successor: NewRefreshToken,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(
        and(
          eq(refreshTokens.id, id),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ id: refreshTokens.id })
    if (claimed.length === 0) return false
    await tx.insert(refreshTokens).values(successor)
    return true
  })
}

/**
 * Revokes every refresh token of a login (sign-out, reuse detected, the login is over or the
 * account may not renew).
 */
export async function revokeFamily(db: Db, family: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)))
}

/** Stores a password-reset token (by hash) with its expiry. */
export async function insertResetToken(
  db: Db,
  token: { tokenHash: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(token)
}

/** The unused, unexpired reset token with this hash for this user, or null. */
export async function findUsableResetToken(db: Db, userId: number, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1)
  return row ?? null
}

/**
 * Uses a reset token and sets the new password in one transaction: the account is unlocked (its
 * administrator's lock too), its failures and lockouts from every source cleared, every other
 * reset link and every refresh token revoked, and access tokens issued before now refused.
 * False when the token was used meanwhile.
 */
export async function completePasswordReset(
  db: Db,
  input: { tokenId: number; userId: number; passwordHash: string },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.id, input.tokenId),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ id: passwordResetTokens.id })
    if (used.length === 0) return false
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, input.userId), isNull(passwordResetTokens.usedAt)))
    await tx
      .update(users)
      .set({
        passwordHash: input.passwordHash,
        passwordChangedAt: now,
        tokensValidAfter: now,
        lockedUntil: null,
        permanentlyLocked: false,
      })
      .where(eq(users.id, input.userId))
    await tx.delete(loginFailures).where(eq(loginFailures.userId, input.userId))
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, input.userId), isNull(refreshTokens.revokedAt)))
    return true
  })
}

/** Panels named by the user's panel-scoped grants (the data subscriptions). */
export async function findAccessiblePanels(db: Db, userId: number) {
  const result = await db.execute<{ pid: number; front_name: string }>(sql`
    SELECT DISTINCT ${panels.pid} AS pid, ${panels.frontName} AS front_name
    FROM grants g
    JOIN ${panels} ON ${panels.pid}::text = g.scope ->> 'panel'
    WHERE g.user_id = ${userId}
    ORDER BY pid`)
  return result.rows
}

/** The ids of the units the user may see (user_units). */
export async function findUnitIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ unitId: userUnits.unitId })
    .from(userUnits)
    .where(eq(userUnits.userId, userId))
    .orderBy(asc(userUnits.unitId))
  return rows.map((row) => row.unitId)
}

/** The user's latest volunteer sign-up, or null. */
export async function findVolunteerSignup(db: Db, userId: number) {
  const [row] = await db
    .select({ id: volunteerSignups.id, owner: volunteerSignups.owner })
    .from(volunteerSignups)
    .where(eq(volunteerSignups.userId, userId))
    .orderBy(desc(volunteerSignups.id))
    .limit(1)
  return row ?? null
}

/** Every organisation id (what a global-access user administers). */
export async function findAllOrganisationIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .orderBy(asc(organisations.id))
  return rows.map((row) => row.id)
}
