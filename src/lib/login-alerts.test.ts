import { describe, expect, it } from 'vitest'
import type { LoginErrorData } from '#contracts/auth.ts'
import { loginAlert, lockoutMinutes, type LoginAlert } from './login-alerts'

const NOW = Date.parse('2026-11-21T12:00:00Z')
const failed = { kind: 'failed', remainingAttempts: null, lockoutMinutes: null } as const

describe('loginAlert (seeds 8.1)', () => {
  it.each<{ code: string; data: LoginErrorData; expected: LoginAlert }>([
    { code: 'LOGIN_FAILED', data: {}, expected: failed },
    { code: 'LOGIN_FAILED', data: { REMAINING_LOGIN_ATTEMPTS: 4 }, expected: failed },
    {
      code: 'LOGIN_FAILED',
      data: { REMAINING_LOGIN_ATTEMPTS: 3 },
      expected: { kind: 'failed', remainingAttempts: 3, lockoutMinutes: null },
    },
    {
      code: 'LOGIN_FAILED',
      data: { REMAINING_LOGIN_ATTEMPTS: 1, LOCKOUT_DURATION_SECONDS: 900 },
      expected: { kind: 'failed', remainingAttempts: 1, lockoutMinutes: 15 },
    },
    {
      code: 'LOGIN_FAILED',
      data: { REMAINING_LOGIN_ATTEMPTS: 5, LOCKOUT_DURATION_SECONDS: 900 },
      expected: failed,
    },
    {
      code: 'OVER_LOCKOUT_ATTEMPTS',
      data: { LOCKED_UNTIL: '2026-11-21T12:15:00Z', LOCKOUT_DURATION_SECONDS: 900 },
      expected: { kind: 'locked', minutes: 15, permanent: false },
    },
    {
      code: 'LOCKED_STATE_ACCOUNT',
      data: { LOCKOUT_DURATION_SECONDS: 150 },
      expected: { kind: 'locked', minutes: 3, permanent: false },
    },
    {
      code: 'LOCKED_STATE_ACCOUNT',
      data: { LOCKED_UNTIL: '2026-11-21T12:10:00Z' },
      expected: { kind: 'locked', minutes: 10, permanent: false },
    },
    {
      code: 'LOCKED_STATE_ACCOUNT',
      data: { LOCKED_UNTIL: null, LOCKOUT_DURATION_SECONDS: null },
      expected: { kind: 'locked', minutes: null, permanent: true },
    },
    { code: 'DISABLED_ACCOUNT', data: {}, expected: { kind: 'disabled' } },
    { code: 'USER_MIGRATED', data: {}, expected: { kind: 'migrated' } },
    { code: 'AUTH_FAILED', data: {}, expected: { kind: 'authFailed' } },
    {
      code: 'PASSWORD_EXPIRED_ACCOUNT',
      data: { USER_ID: 12, RESET_TOKEN: 'abc/def', PASS_EXPIRY_PERIOD_DAYS: 90 },
      expected: { kind: 'expired', to: '/expired-password/12/abc%2Fdef?days=90' },
    },
    { code: 'PASSWORD_EXPIRED_ACCOUNT', data: { USER_ID: 12 }, expected: failed },
    { code: 'RATE_LIMITED', data: {}, expected: failed },
    { code: 'NETWORK', data: {}, expected: failed },
    { code: 'INTERNAL', data: {}, expected: failed },
  ])('$code $data', ({ code, data, expected }) => {
    expect(loginAlert(code, data, NOW)).toEqual(expected)
  })
})

describe('lockoutMinutes (seeds 9: rounded from seconds)', () => {
  it.each([
    { seconds: 900, expected: 15 },
    { seconds: 89, expected: 1 },
    { seconds: 90, expected: 2 },
    { seconds: 20, expected: 1 },
    { seconds: 3600, expected: 60 },
    { seconds: 0, expected: null },
    { seconds: -5, expected: null },
    { seconds: null, expected: null },
    { seconds: undefined, expected: null },
  ])('$seconds s → $expected', ({ seconds, expected }) => {
    expect(lockoutMinutes(seconds)).toBe(expected)
  })
})
