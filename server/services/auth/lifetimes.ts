/** How long logins and their tokens live (seeds 4.1, issue 20): pure rules, table-tested. */

/** When a login that begins at `now` ends whatever its renewals (LOGIN_MAX_AGE_SECONDS). */
export function familyExpiry(now: Date, maxAgeSeconds: number): Date {
  return new Date(now.getTime() + maxAgeSeconds * 1000)
}

/**
 * When a refresh token issued at `now` expires: REFRESH_TOKEN_TTL_SECONDS later (sliding, each
 * renewal issues a new one), never after the end of its login. Epoch seconds.
 */
export function refreshExpiry(now: Date, ttlSeconds: number, familyExpiresAt: Date): number {
  const sliding = Math.floor(now.getTime() / 1000) + ttlSeconds
  return Math.min(sliding, Math.floor(familyExpiresAt.getTime() / 1000))
}

/**
 * Whether an access token (expiry `exp`, epoch seconds) is too old to renew at `now`: expired for
 * longer than a refresh token lives. Its client cannot have renewed since, so the refresh token
 * sent with it is not that client's latest.
 */
export function accessTooOldToRenew(exp: number, now: Date, refreshTtlSeconds: number): boolean {
  return now.getTime() / 1000 - exp > refreshTtlSeconds
}

/** A stored refresh token as far as its liveness goes. */
export type RefreshTokenState = {
  expiresAt: Date
  familyExpiresAt: Date
  rotatedAt: Date | null
  revokedAt: Date | null
}

/**
 * Whether a refresh token is the current, usable one of its login at `now`: not revoked, not
 * rotated (a successor replaced it), not expired, its login not over. What a device must present
 * to prove it holds that login.
 */
export function isLiveRefreshToken(token: RefreshTokenState, now: Date): boolean {
  return (
    token.revokedAt === null &&
    token.rotatedAt === null &&
    token.expiresAt.getTime() > now.getTime() &&
    token.familyExpiresAt.getTime() > now.getTime()
  )
}
