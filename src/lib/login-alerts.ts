import type { LoginErrorData } from '#contracts/auth.ts'

/** Seeds 9: the lockout warning shows from this many remaining attempts down. */
export const LOCKOUT_WARNING_ATTEMPTS = 3

/** What the login screen shows for a refused login (texts are chosen by the screen). */
export type LoginAlert =
  | {
      kind: 'failed'
      /** Set when the lockout warning applies (remaining attempts ≤ 3). */
      remainingAttempts: number | null
      /** Lockout duration in minutes for the warning, when the server gave one. */
      lockoutMinutes: number | null
    }
  | { kind: 'locked'; minutes: number | null; permanent: boolean }
  | { kind: 'disabled' }
  | { kind: 'migrated' }
  | { kind: 'authFailed' }
  | { kind: 'expired'; to: string }

/** Seeds 9: seconds rounded to minutes, never "0 minutes" for a lock that is still running. */
export function lockoutMinutes(seconds: number | null | undefined): number | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    return null
  }
  return Math.max(1, Math.round(seconds / 60))
}

function lockSeconds(data: LoginErrorData, now: number): number | null {
  if (typeof data.LOCKOUT_DURATION_SECONDS === 'number') return data.LOCKOUT_DURATION_SECONDS
  if (typeof data.LOCKED_UNTIL === 'string') {
    const until = Date.parse(data.LOCKED_UNTIL)
    return Number.isNaN(until) ? null : (until - now) / 1000
  }
  return null
}

/**
 * Seeds 8.1: the alert for a login refusal code and its data. Unknown codes (and network
 * errors, passed as any other code) give the plain login-failed alert.
 */
export function loginAlert(
  code: string,
  data: LoginErrorData = {},
  now: number = Date.now(),
): LoginAlert {
  switch (code) {
    case 'LOGIN_FAILED': {
      const remaining = data.REMAINING_LOGIN_ATTEMPTS
      const warn = typeof remaining === 'number' && remaining <= LOCKOUT_WARNING_ATTEMPTS
      return {
        kind: 'failed',
        remainingAttempts: warn ? remaining : null,
        lockoutMinutes: warn ? lockoutMinutes(data.LOCKOUT_DURATION_SECONDS) : null,
      }
    }
    case 'LOCKED_STATE_ACCOUNT':
    case 'OVER_LOCKOUT_ATTEMPTS': {
      const permanent = data.LOCKED_UNTIL === null
      return {
        kind: 'locked',
        permanent,
        minutes: permanent ? null : lockoutMinutes(lockSeconds(data, now)),
      }
    }
    case 'DISABLED_ACCOUNT':
      return { kind: 'disabled' }
    case 'USER_MIGRATED':
      return { kind: 'migrated' }
    case 'AUTH_FAILED':
      return { kind: 'authFailed' }
    case 'PASSWORD_EXPIRED_ACCOUNT': {
      const { USER_ID: userId, RESET_TOKEN: token, PASS_EXPIRY_PERIOD_DAYS: days } = data
      if (userId === undefined || token === undefined || token === '') {
        return { kind: 'failed', remainingAttempts: null, lockoutMinutes: null }
      }
      const query = days === undefined ? '' : `?days=${days}`
      return {
        kind: 'expired',
        to: `/expired-password/${userId}/${encodeURIComponent(token)}${query}`,
      }
    }
    default:
      return { kind: 'failed', remainingAttempts: null, lockoutMinutes: null }
  }
}
