import { afterEach, describe, expect, it } from 'vitest'
import { isNotFound, isRedirect } from '@tanstack/react-router'
import { makeAccessToken } from '../api/testing/contract-handlers'
import { requirePermission, requireSession, redirectFromIndex, redirectSignedIn } from './guards'
import { FLAG_KEYS } from './local-flags'
import { deauthenticate } from './session'
import type { Session } from './session.types'
import { loadFromStorage } from './store'
import { writeTokens } from './tokens'

afterEach(() => {
  deauthenticate()
  history.replaceState(null, '', '/')
})

const session: Session = {
  userId: 3,
  sub: 'sub-3',
  email: 'engineer@example.com',
  firstName: 'E',
  lastName: 'Engineer',
  organisation: null,
  grants: { Unit: { search: [{ panel: 3 }], test_view: [{ panel: 3 }] } },
  accessibles: {
    apollo: [{ pid: 3, front_name: 'Panel 3' }],
    units: [],
    volunteer: null,
    administration: null,
  },
  preferences: {},
  view: { type: 'enterprise', panelId: 3 },
  isStaff: false,
  hasGlobalAccess: false,
  ownerId: null,
  organisationOwnerId: null,
  migrated: false,
}

function signIn(data: Session | null): void {
  const now = Math.floor(Date.now() / 1000)
  writeTokens({
    accessToken: { token: makeAccessToken({ user_id: 3 }), expiresAt: now + 900 },
    refreshToken: { token: 'r', expiresAt: now + 86_400 },
  })
  if (data) localStorage.setItem(FLAG_KEYS.session, JSON.stringify(data))
  loadFromStorage()
}

/** What a guard did: 'pass', 'notFound' or the redirect target. */
function outcome(guard: () => unknown): string {
  try {
    guard()
    return 'pass'
  } catch (thrown) {
    if (isNotFound(thrown)) return 'notFound'
    if (isRedirect(thrown)) return thrown.options.href ?? '?'
    throw thrown
  }
}

const at = { href: '/units/search?q=1' }

describe('route guards (seeds 4.1)', () => {
  it.each([
    { name: 'signed out', state: 'none', expected: '/login?continue=%2Funits%2Fsearch%3Fq%3D1' },
    { name: 'tokens but no session data', state: 'tokens', expected: '/logout' },
    { name: 'complete session', state: 'session', expected: 'pass' },
    {
      name: 'undecided view',
      state: 'redirect',
      expected: '/redirect?continue=%2Funits%2Fsearch%3Fq%3D1',
    },
  ])('_authed: $name → $expected', ({ state, expected }) => {
    if (state === 'tokens') signIn(null)
    if (state === 'session') signIn(session)
    if (state === 'redirect') signIn({ ...session, view: { type: 'redirect' } })
    expect(outcome(() => requireSession(at))).toBe(expected)
  })

  it.each([
    { failure: 'notFound' as const, allowed: true, expected: 'pass' },
    { failure: 'notFound' as const, allowed: false, expected: 'notFound' },
    { failure: 'defaultPath' as const, allowed: false, expected: '/units' },
  ])(
    'requirePermission($failure), allowed $allowed → $expected',
    ({ failure, allowed, expected }) => {
      signIn(session)
      expect(outcome(requirePermission(() => allowed, failure))).toBe(expected)
    },
  )

  it.each([
    { signedIn: false, expected: '/login' },
    { signedIn: true, expected: '/units' },
  ])('/ always redirects (signed in $signedIn → $expected)', ({ signedIn, expected }) => {
    if (signedIn) signIn(session)
    expect(outcome(redirectFromIndex)).toBe(expected)
  })

  it.each([
    { signedIn: false, expected: 'pass' },
    { signedIn: true, expected: '/units' },
  ])('sign-in screens (signed in $signedIn → $expected)', ({ signedIn, expected }) => {
    if (signedIn) signIn(session)
    expect(outcome(redirectSignedIn)).toBe(expected)
  })
})
