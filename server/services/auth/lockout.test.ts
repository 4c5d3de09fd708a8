import { describe, expect, it } from 'vitest'
import {
  activeLock,
  applyFailure,
  lockBeforePassword,
  NO_FAILURES,
  passwordExpired,
  sourceKey,
  type LockoutSettings,
  type LockState,
} from './lockout.ts'

const now = new Date('2026-01-01T12:00:00Z')
const settings = { maxAttempts: 5, lockoutSeconds: 900, lockoutsBeforePermanent: 3 }
const clean: LockState = NO_FAILURES
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000)

describe('activeLock', () => {
  it.each([
    { state: clean, expected: null },
    { state: { ...clean, lockedUntil: at(-1) }, expected: null },
    { state: { ...clean, lockedUntil: at(0) }, expected: null },
    {
      state: { ...clean, lockedUntil: at(0.2) },
      expected: { until: at(0.2), remainingSeconds: 1 },
    },
    {
      state: { ...clean, lockedUntil: at(600) },
      expected: { until: at(600), remainingSeconds: 600 },
    },
    {
      state: { ...clean, permanentlyLocked: true },
      expected: { until: null, remainingSeconds: null },
    },
    {
      state: { ...clean, permanentlyLocked: true, lockedUntil: at(600) },
      expected: { until: null, remainingSeconds: null },
    },
  ])('$state → $expected', ({ state, expected }) => {
    expect(activeLock(state, now)).toEqual(expected)
  })
})

describe('applyFailure', () => {
  it.each([
    {
      state: clean,
      outcome: { kind: 'failed', remainingAttempts: 4, lockoutSeconds: 900 },
      next: { ...clean, failedAttempts: 1 },
    },
    {
      state: { ...clean, failedAttempts: 3 },
      outcome: { kind: 'failed', remainingAttempts: 1, lockoutSeconds: 900 },
      next: { ...clean, failedAttempts: 4 },
    },
    {
      state: { ...clean, failedAttempts: 4 },
      outcome: { kind: 'locked', lock: { until: at(900), remainingSeconds: 900 } },
      next: { failedAttempts: 0, lockedUntil: at(900), lockoutCount: 1, permanentlyLocked: false },
    },
    {
      state: { ...clean, failedAttempts: 1, lockoutCount: 2 },
      outcome: { kind: 'failed', remainingAttempts: 3, lockoutSeconds: null },
      next: { ...clean, failedAttempts: 2, lockoutCount: 2 },
    },
    {
      state: { ...clean, failedAttempts: 4, lockoutCount: 2, lockedUntil: at(-60) },
      outcome: { kind: 'locked', lock: { until: null, remainingSeconds: null } },
      next: { failedAttempts: 0, lockedUntil: null, lockoutCount: 3, permanentlyLocked: true },
    },
  ])(
    'after $state.failedAttempts failures and $state.lockoutCount lockouts',
    ({ state, outcome, next }) => {
      expect(applyFailure(state, settings, now)).toEqual({ outcome, next })
    },
  )

  it('locks for good at once when a single lockout is the permanent one', () => {
    const result = applyFailure(
      { ...clean, failedAttempts: 0 },
      { maxAttempts: 1, lockoutSeconds: 60, lockoutsBeforePermanent: 1 },
      now,
    )
    expect(result.outcome).toEqual({
      kind: 'locked',
      lock: { until: null, remainingSeconds: null },
    })
  })
})

describe('sourceKey', () => {
  it.each([
    { source: { kind: 'address', ip: '10.0.0.1' }, expected: 'ip:10.0.0.1' },
    { source: { kind: 'address', ip: '2001:db8::1' }, expected: 'ip:2001:db8::1' },
    { source: { kind: 'login', family: 'f7e0' }, expected: 'login:f7e0' },
  ] as const)('$source → $expected', ({ source, expected }) => {
    expect(sourceKey(source)).toBe(expected)
  })
})

describe('lockBeforePassword', () => {
  const open = { lockedUntil: null, permanentlyLocked: false }
  const temporary = { until: at(600), remainingSeconds: 600 }
  const permanent = { until: null, remainingSeconds: null }
  it.each([
    { case: 'nothing anywhere', account: open, source: null, expected: null },
    {
      case: 'failures below the maximum',
      account: open,
      source: { ...clean, failedAttempts: 4 },
      expected: null,
    },
    {
      case: 'a lock of this source',
      account: open,
      source: { ...clean, lockedUntil: at(600) },
      expected: temporary,
    },
    {
      case: 'a lock of this source that ran out',
      account: open,
      source: { ...clean, lockedUntil: at(-1), lockoutCount: 2 },
      expected: null,
    },
    {
      case: 'a permanent lock of this source',
      account: open,
      source: { ...clean, permanentlyLocked: true },
      expected: permanent,
    },
    {
      case: "the administrator's permanent lock",
      account: { ...open, permanentlyLocked: true },
      source: null,
      expected: permanent,
    },
    {
      case: "the administrator's lock over a source's",
      account: { ...open, lockedUntil: at(600) },
      source: { ...clean, permanentlyLocked: true },
      expected: temporary,
    },
  ])('$case → $expected', ({ account, source, expected }) => {
    expect(lockBeforePassword(account, source, now)).toEqual(expected)
  })
})

describe('the policy over several sources', () => {
  /** A password check that goes through lockBeforePassword and applyFailure, as the route does. */
  function simulate(settings: LockoutSettings) {
    const rows = new Map<string, LockState>()
    const open = { lockedUntil: null, permanentlyLocked: false }
    return {
      attempt(source: string, right: boolean, when: Date) {
        const row = rows.get(source) ?? null
        const lock = lockBeforePassword(open, row, when)
        if (lock) return lock.until === null ? 'permanently locked' : 'locked'
        if (right) {
          rows.delete(source)
          return 'signed in'
        }
        const { next, outcome } = applyFailure(row ?? NO_FAILURES, settings, when)
        rows.set(source, next)
        return outcome.kind
      },
    }
  }

  it('an attacker locks only their own source, and only their lockouts make it permanent', () => {
    const policy = simulate(settings)
    let when = now
    for (let lockout = 1; lockout <= 3; lockout += 1) {
      for (let i = 1; i < settings.maxAttempts; i += 1) {
        expect(policy.attempt('ip:A', false, when)).toBe('failed')
      }
      expect(policy.attempt('ip:A', false, when)).toBe('locked')
      expect(policy.attempt('ip:A', true, when)).toBe(lockout < 3 ? 'locked' : 'permanently locked')
      // The owner elsewhere is never stopped.
      expect(policy.attempt('ip:B', true, when)).toBe('signed in')
      when = at(lockout * (settings.lockoutSeconds + 1))
    }
    expect(policy.attempt('ip:A', true, when)).toBe('permanently locked')
    expect(policy.attempt('ip:B', true, when)).toBe('signed in')
  })

  it('lockouts from different sources do not add up to a permanent lock', () => {
    const policy = simulate(settings)
    let when = now
    for (const source of ['ip:A', 'ip:C', 'ip:A', 'ip:C']) {
      for (let i = 1; i <= settings.maxAttempts; i += 1) policy.attempt(source, false, when)
      when = new Date(when.getTime() + (settings.lockoutSeconds + 1) * 1000)
    }
    // Two lockouts from each: none is permanent.
    expect(policy.attempt('ip:A', true, when)).toBe('signed in')
    expect(policy.attempt('ip:C', true, when)).toBe('signed in')
  })
})

describe('passwordExpired', () => {
  const day = 86_400_000
  it.each([
    { ageDays: 0, expected: false },
    { ageDays: 89.9, expected: false },
    { ageDays: 90, expected: false },
    { ageDays: 90.01, expected: true },
    { ageDays: 400, expected: true },
  ])('a password $ageDays days old → $expected', ({ ageDays, expected }) => {
    expect(passwordExpired(new Date(now.getTime() - ageDays * day), 90, now)).toBe(expected)
  })
})
