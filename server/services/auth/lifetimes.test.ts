import { describe, expect, it } from 'vitest'
import {
  accessTooOldToRenew,
  familyExpiry,
  isLiveRefreshToken,
  refreshExpiry,
  type RefreshTokenState,
} from './lifetimes.ts'

const now = new Date('2026-01-01T12:00:00Z')
const nowSeconds = now.getTime() / 1000
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000)
const DAY = 86_400

describe('familyExpiry', () => {
  it('ends a login LOGIN_MAX_AGE_SECONDS after it begins', () => {
    expect(familyExpiry(now, 90 * DAY)).toEqual(at(90 * DAY))
  })
})

describe('refreshExpiry', () => {
  it.each([
    { case: 'a young login', ttl: 30 * DAY, familyEnds: at(90 * DAY), expected: 30 * DAY },
    {
      case: 'a login ending in 10 days',
      ttl: 30 * DAY,
      familyEnds: at(10 * DAY),
      expected: 10 * DAY,
    },
    {
      case: 'a login ending exactly then',
      ttl: 30 * DAY,
      familyEnds: at(30 * DAY),
      expected: 30 * DAY,
    },
  ])(
    'slides by the TTL, never past the end of the login: $case',
    ({ ttl, familyEnds, expected }) => {
      expect(refreshExpiry(now, ttl, familyEnds)).toBe(nowSeconds + expected)
    },
  )
})

describe('accessTooOldToRenew', () => {
  const ttl = 30 * DAY
  it.each([
    { case: 'not expired', exp: nowSeconds + 600, expected: false },
    { case: 'expired a minute ago', exp: nowSeconds - 60, expected: false },
    { case: 'expired exactly the refresh lifetime ago', exp: nowSeconds - ttl, expected: false },
    { case: 'expired a second longer than that', exp: nowSeconds - ttl - 1, expected: true },
    { case: 'expired a year ago', exp: nowSeconds - 365 * DAY, expected: true },
  ])('$case → $expected', ({ exp, expected }) => {
    expect(accessTooOldToRenew(exp, now, ttl)).toBe(expected)
  })
})

describe('isLiveRefreshToken', () => {
  const live: RefreshTokenState = {
    expiresAt: at(DAY),
    familyExpiresAt: at(60 * DAY),
    rotatedAt: null,
    revokedAt: null,
  }
  it.each([
    { case: 'the current token', token: live, expected: true },
    { case: 'a revoked one', token: { ...live, revokedAt: at(-1) }, expected: false },
    { case: 'a rotated one', token: { ...live, rotatedAt: at(-1) }, expected: false },
    { case: 'an expired one', token: { ...live, expiresAt: at(0) }, expected: false },
    {
      case: 'one of a login that is over',
      token: { ...live, familyExpiresAt: at(-1) },
      expected: false,
    },
  ])('$case → $expected', ({ token, expected }) => {
    expect(isLiveRefreshToken(token, now)).toBe(expected)
  })
})
