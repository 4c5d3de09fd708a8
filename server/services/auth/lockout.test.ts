import { describe, expect, it } from 'vitest'
import { activeLock, applyFailure, passwordExpired, type LockState } from './lockout.ts'

const now = new Date('2026-01-01T12:00:00Z')
const settings = { maxAttempts: 5, lockoutSeconds: 900, lockoutsBeforePermanent: 3 }
const clean: LockState = {
  failedAttempts: 0,
  lockedUntil: null,
  lockoutCount: 0,
  permanentlyLocked: false,
}
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
