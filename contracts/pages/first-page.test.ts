import { describe, expect, it } from 'vitest'
import { opensWithoutRouter, signInAddress } from './first-page.ts'

describe('opensWithoutRouter', () => {
  it.each([
    ['/login', false, true],
    ['/login/', false, true],
    // Seeds 2.3: `/` sends a visitor to /login (the installed app starts there).
    ['/', false, true],
    // Someone signed in is sent on by the guards: the router is needed.
    ['/login', true, false],
    ['/', true, false],
    ['/signup/sa', false, false],
    ['/login/extra', false, false],
    ['/request-password', false, false],
    ['/dashboard', false, false],
  ])('%s (signed in: %s): %s', (pathname, signedIn, expected) => {
    expect(opensWithoutRouter(pathname, signedIn)).toBe(expected)
  })
})

describe('signInAddress', () => {
  it.each([
    ['/login', '?continue=%2Funits%2F12&lang=ar-SA', '/login?continue=%2Funits%2F12&lang=ar-SA'],
    ['/login/', '?accountMigrated=true', '/login?accountMigrated=true'],
    ['/login', '', '/login'],
    ['/', '?utm_source=app', '/login'],
    ['/', '', '/login'],
  ])('%s%s shows as %s', (pathname, search, expected) => {
    expect(signInAddress({ pathname, search })).toBe(expected)
  })
})
