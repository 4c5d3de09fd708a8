/** The lockout columns of a user. */
export type LockState = {
  failedAttempts: number
  lockedUntil: Date | null
  lockoutCount: number
  permanentlyLocked: boolean
}

export type LockoutSettings = {
  maxAttempts: number
  lockoutSeconds: number
  lockoutsBeforePermanent: number
}

/** A lock in force: until when (null = permanent) and the seconds left (null = permanent). */
export type ActiveLock = { until: Date | null; remainingSeconds: number | null }

/** The lock in force at `now`, or null when the user may try a password. */
export function activeLock(state: LockState, now: Date): ActiveLock | null {
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
 * One wrong password (seeds 4.3): count it; the attempt that reaches the maximum locks the account
 * for the lockout duration, and the lockout that reaches LOCKOUTS_BEFORE_PERMANENT locks it for good.
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

/** Whether the password, last changed at `changedAt`, has expired at `now`. */
export function passwordExpired(changedAt: Date, expiryDays: number, now: Date): boolean {
  return now.getTime() - changedAt.getTime() > expiryDays * 86_400_000
}
