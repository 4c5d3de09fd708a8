import { describe, expect, it } from 'vitest'
import { isAccessExpired, renewalDelay } from './renewal-schedule'

const NOW = 1_800_000_000_000
const s = NOW / 1000

describe('renewalDelay (seeds 4.1)', () => {
  it.each([
    { name: '15 s before access expiry', access: s + 900, refresh: s + 86_400, expected: 885_000 },
    { name: 'inside the margin: at once', access: s + 10, refresh: s + 86_400, expected: 0 },
    { name: 'access already expired: at once', access: s - 60, refresh: s + 86_400, expected: 0 },
    {
      name: 'refresh not later than access: never',
      access: s + 900,
      refresh: s + 900,
      expected: null,
    },
    { name: 'refresh expired', access: s - 60, refresh: s - 1, expected: 'expired' },
    { name: 'refresh expiring exactly now', access: s - 60, refresh: s, expected: 'expired' },
  ])('$name', ({ access, refresh, expected }) => {
    expect(renewalDelay({ accessExpiresAt: access, refreshExpiresAt: refresh }, NOW)).toBe(expected)
  })
})

describe('isAccessExpired', () => {
  it.each([
    { at: s - 1, expected: true },
    { at: s, expected: true },
    { at: s + 1, expected: false },
  ])('expiresAt now$at → $expected', ({ at, expected }) => {
    expect(isAccessExpired(at, NOW)).toBe(expected)
  })
})
