/** Seeds 9: renew this long before the access token expires. */
export const RENEWAL_MARGIN_MS = 15_000

/** The expiry times (epoch seconds) of a token pair. */
export type TokenExpiries = {
  accessExpiresAt: number
  refreshExpiresAt: number
}

/**
 * Seeds 4.1: how long to wait before renewing. 'expired' when the refresh token is already dead
 * (log out), null when renewing would not help (refresh expires no later than access), 0 when the
 * renewal time has passed, else the milliseconds until 15 s before the access expiry.
 */
export function renewalDelay(tokens: TokenExpiries, nowMs: number): number | 'expired' | null {
  const accessMs = tokens.accessExpiresAt * 1000
  const refreshMs = tokens.refreshExpiresAt * 1000
  if (refreshMs <= nowMs) return 'expired'
  if (refreshMs <= accessMs) return null
  return Math.max(0, accessMs - RENEWAL_MARGIN_MS - nowMs)
}

/** Whether the access token is past its expiry (a request with it would be refused). */
export function isAccessExpired(accessExpiresAt: number, nowMs: number): boolean {
  return accessExpiresAt * 1000 <= nowMs
}
