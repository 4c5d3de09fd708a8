/**
 * The lock columns of one source's failures (login_failures). The account's own lock (users
 * locked_until / permanently_locked) is an administrator's and has only the last two.
 */
export type LockState = {
  failedAttempts: number
  lockedUntil: Date | null
  lockoutCount: number
  permanentlyLocked: boolean
}

/** A lock that an account or a source may be under. */
export type LockColumns = Pick<LockState, 'lockedUntil' | 'permanentlyLocked'>

/** A source that never failed. */
export const NO_FAILURES: LockState = {
  failedAttempts: 0,
  lockedUntil: null,
  lockoutCount: 0,
  permanentlyLocked: false,
}

export type LockoutSettings = {
  maxAttempts: number
  lockoutSeconds: number
  lockoutsBeforePermanent: number
}

/** A lock in force: until when (null = permanent) and the seconds left (null = permanent). */
export type ActiveLock = { until: Date | null; remainingSeconds: number | null }

/** The lock in force at `now`, or null when the user may try a password. */
export function activeLock(state: LockColumns, now: Date): ActiveLock | null {
  if (state.permanentlyLocked) return { until: null, remainingSeconds: null }
  if (state.lockedUntil && state.lockedUntil.getTime() > now.getTime()) {
    const remainingSeconds = Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 1000)
    return { until: state.lockedUntil, remainingSeconds }
  }
  return null
}

export type FailureOutcome =
  | {
      kind: 'failed'
      remainingAttempts: number
      /** How long the lock that the last attempt would trigger lasts; null when it is permanent. */
      lockoutSeconds: number | null
    }
  | { kind: 'locked'; lock: ActiveLock }

/**
 * One wrong password from a source (seeds 4.3): count it; the attempt that reaches the maximum
 * locks the account from that source for the lockout duration, and the lockout that reaches
 * LOCKOUTS_BEFORE_PERMANENT (from that same source) locks it from there until a password reset.
 */
export function applyFailure(
  state: LockState,
  settings: LockoutSettings,
  now: Date,
): { next: LockState; outcome: FailureOutcome } {
  const failedAttempts = state.failedAttempts + 1
  const nextIsPermanent = state.lockoutCount + 1 >= settings.lockoutsBeforePermanent
  if (failedAttempts < settings.maxAttempts) {
    return {
      next: { ...state, failedAttempts },
      outcome: {
        kind: 'failed',
        remainingAttempts: settings.maxAttempts - failedAttempts,
        lockoutSeconds: nextIsPermanent ? null : settings.lockoutSeconds,
      },
    }
  }
  const lockoutCount = state.lockoutCount + 1
  if (nextIsPermanent) {
    return {
      next: { failedAttempts: 0, lockedUntil: null, lockoutCount, permanentlyLocked: true },
      outcome: { kind: 'locked', lock: { until: null, remainingSeconds: null } },
    }
  }
  const until = new Date(now.getTime() + settings.lockoutSeconds * 1000)
  return {
    next: { failedAttempts: 0, lockedUntil: until, lockoutCount, permanentlyLocked: false },
    outcome: { kind: 'locked', lock: { until, remainingSeconds: settings.lockoutSeconds } },
  }
}

/**
 * Where a sign-in attempt counts its wrong passwords: the client address; or, when the attempt
 * presents the live refresh token of a login of that account, that login; or, when the browser
 * holds the account's device cookie (it signed in to this account before: device-cookie.ts), that
 * device. A login or a device proved this way is not locked out by others at its address.
 */
export type LoginSource =
  | { kind: 'address'; ip: string }
  | { kind: 'login'; family: string }
  | { kind: 'device'; deviceId: string }

/** The login_failures.source of a source. */
export function sourceKey(source: LoginSource): string {
  switch (source.kind) {
    case 'address':
      return `ip:${source.ip}`
    case 'login':
      return `login:${source.family}`
    case 'device':
      return `device:${source.deviceId}`
  }
}

/**
 * The lock that refuses an attempt before its password is checked (seeds 4.3, per source): the
 * account's own lock, set by an administrator, applies from everywhere; otherwise only the lock
 * that this very source earned. Locks earned from other sources never apply.
 */
export function lockBeforePassword(
  account: LockColumns,
  source: LockState | null,
  now: Date,
): ActiveLock | null {
  return activeLock(account, now) ?? (source ? activeLock(source, now) : null)
}

/** Whether the password, last changed at `changedAt`, has expired at `now`. */
export function passwordExpired(changedAt: Date, expiryDays: number, now: Date): boolean {
  return now.getTime() - changedAt.getTime() > expiryDays * 86_400_000
}
