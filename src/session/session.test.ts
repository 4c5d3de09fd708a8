import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { TokenPairResponseSchema } from '#contracts/auth.ts'
import { OrganisationResponseSchema } from '#contracts/accounts.ts'
import { getOrganisation } from '../api/zeus.api'
import {
  apiErrorResponse,
  apiUrl,
  contractJson,
  makeAccessToken,
  signInHandlers,
  tokenPairBody,
} from '../api/testing/contract-handlers'
import {
  connectNavigator,
  deauthenticate,
  FLAG_KEYS,
  getSession,
  isAuthenticated,
  logout,
  onDeauthenticate,
  refreshSession,
  saveDefaultLocale,
  savePreferences,
  subscribeSession,
  switchView,
  type Session,
} from './index'
import { renewNow, startSession } from './session'
import { loadFromStorage } from './store'
import { AUTH_COOKIE, writeTokens, type TokenPair } from './tokens'

const server = setupServer()
let navigations: string[] = []

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  navigations = []
  connectNavigator((href) => navigations.push(href))
})
afterEach(() => {
  server.resetHandlers()
  deauthenticate()
  connectNavigator(null)
  history.replaceState(null, '', '/')
})
afterAll(() => {
  server.close()
})

const now = () => Math.floor(Date.now() / 1000)

const session: Session = {
  userId: 7,
  sub: 'sub-7',
  email: 'multi@example.com',
  firstName: 'Mo',
  lastName: 'Multi',
  organisation: { id: 10, name: 'Org' },
  grants: { Apollo: { analytics_ui: [{ panel: 3 }] } },
  accessibles: {
    apollo: [{ pid: 3, front_name: 'Panel 3' }],
    units: [{ unitId: 42 }],
    volunteer: null,
    administration: null,
  },
  preferences: { theme: 'light' },
  view: { type: 'enterprise', panelId: 3 },
  isStaff: false,
  hasGlobalAccess: false,
  ownerId: null,
  organisationOwnerId: null,
  migrated: false,
}

function tokens(accessIn: number, refreshIn = 86_400, userId = 7): TokenPair {
  return {
    accessToken: {
      token: makeAccessToken({ user_id: userId, sub: 'sub-7' }),
      expiresAt: now() + accessIn,
    },
    refreshToken: { token: 'refresh-7', expiresAt: now() + refreshIn },
  }
}

/** A signed-in browser as left by an earlier visit: auth cookie + persisted session. */
function signedIn(pair: TokenPair = tokens(900), data: Session = session): void {
  writeTokens(pair)
  localStorage.setItem(FLAG_KEYS.session, JSON.stringify(data))
  loadFromStorage()
}

describe('restoring a session', () => {
  it('restores from the auth cookie and the persisted session', () => {
    signedIn()
    expect(isAuthenticated()).toBe(true)
    expect(getSession()).toEqual(session)
  })

  it('ignores persisted data of another user than the token', () => {
    signedIn(tokens(900, 86_400, 99))
    expect(isAuthenticated()).toBe(true)
    expect(getSession()).toBeNull()
  })

  it('is not authenticated once the refresh token has expired', () => {
    signedIn(tokens(-120, -60))
    expect(isAuthenticated()).toBe(false)
    expect(getSession()).toBeNull()
  })

  it('ignores a tampered persisted session', () => {
    signedIn(tokens(900), { ...session, view: { type: 'enterprise' } } as unknown as Session)
    expect(getSession()).toBeNull()
  })
})

describe('renewal outcomes (seeds 4.1)', () => {
  function renewAnswers(response: () => Response) {
    server.use(http.post(apiUrl('auth', '/renew'), response))
  }

  it('stores the renewed pair and sends the old access token as Bearer', async () => {
    signedIn(tokens(-5))
    let bearer: string | null = null
    let body: unknown = null
    server.use(
      http.post(apiUrl('auth', '/renew'), async ({ request }) => {
        bearer = request.headers.get('authorization')
        body = await request.json()
        return contractJson(TokenPairResponseSchema, tokenPairBody({ user_id: 7 }))
      }),
    )
    const old = tokens(-5).accessToken.token
    await renewNow()
    expect(bearer).toBe(`Bearer ${old}`)
    expect(body).toEqual({ refreshToken: 'refresh-7' })
    expect(getSession()?.userId).toBe(7)
    expect(document.cookie).toContain(AUTH_COOKIE)
    expect(navigations).toEqual([])
  })

  it.each([
    {
      name: 'lockout → /locked with the duration',
      answer: () =>
        apiErrorResponse(423, {
          code: 'LOCKED_STATE_ACCOUNT',
          data: { LOCKOUT_DURATION_SECONDS: 600 },
        }),
      to: ['/locked?duration=600'],
    },
    {
      name: 'permanent lockout → /locked',
      answer: () =>
        apiErrorResponse(423, {
          code: 'OVER_LOCKOUT_ATTEMPTS',
          data: { LOCKED_UNTIL: null, LOCKOUT_DURATION_SECONDS: null },
        }),
      to: ['/locked'],
    },
    {
      name: 'USER_MIGRATED → logout with accountMigrated',
      answer: () =>
        apiErrorResponse(403, { code: 'USER_MIGRATED' }, { 'x-te-user-migrated': 'true' }),
      to: ['/logout?accountMigrated=true'],
    },
    {
      name: 'INVALID_REFRESH_TOKEN → logout',
      answer: () => apiErrorResponse(401, { code: 'INVALID_REFRESH_TOKEN' }),
      to: ['/logout'],
    },
    {
      name: 'DISABLED_ACCOUNT → logout',
      answer: () => apiErrorResponse(403, { code: 'DISABLED_ACCOUNT' }),
      to: ['/logout'],
    },
  ])('$name', async ({ answer, to }) => {
    signedIn(tokens(-5))
    renewAnswers(answer)
    await renewNow()
    expect(navigations).toEqual(to)
    expect(getSession()).toBeNull()
    expect(isAuthenticated()).toBe(false)
    expect(localStorage.getItem(FLAG_KEYS.session)).toBeNull()
  })

  it('deauthenticates without leaving /login on a lockout there', async () => {
    history.replaceState(null, '', '/login')
    signedIn(tokens(-5))
    renewAnswers(() => apiErrorResponse(423, { code: 'LOCKED_STATE_ACCOUNT', data: {} }))
    await renewNow()
    expect(navigations).toEqual([])
    expect(isAuthenticated()).toBe(false)
  })

  it('keeps the session when the network is down', async () => {
    signedIn(tokens(-5))
    renewAnswers(() => HttpResponse.error())
    await renewNow()
    expect(navigations).toEqual([])
    expect(getSession()).toEqual(session)
  })

  it('renews an expired access token before a request and sends the new one', async () => {
    signedIn(tokens(-5))
    const fresh = tokenPairBody({ user_id: 7 })
    let renewals = 0
    let bearer: string | null = null
    server.use(
      http.post(apiUrl('auth', '/renew'), () => {
        renewals += 1
        return contractJson(TokenPairResponseSchema, fresh)
      }),
      http.get(apiUrl('zeus', '/organisations/10'), ({ request }) => {
        bearer = request.headers.get('authorization')
        return contractJson(OrganisationResponseSchema, { data: { id: 10, name: 'Org' } })
      }),
    )
    await Promise.all([getOrganisation(10), getOrganisation(10)])
    expect(renewals).toBe(1)
    expect(bearer).toBe(`Bearer ${fresh.accessToken.token}`)
  })
})

describe('session actions', () => {
  it('logout clears tokens, session and migrated flag, keeping the device id', async () => {
    signedIn()
    localStorage.setItem(FLAG_KEYS.device, 'device-1')
    let wiped = 0
    const stop = onDeauthenticate(() => (wiped += 1))
    await logout({ migrated: true })
    stop()
    expect(wiped).toBe(1)
    expect(navigations).toEqual(['/logout?accountMigrated=true'])
    expect(document.cookie).not.toContain(AUTH_COOKIE)
    expect(localStorage.getItem(FLAG_KEYS.session)).toBeNull()
    expect(localStorage.getItem(FLAG_KEYS.device)).toBe('device-1')
  })

  it('switchView remembers the choice and goes to the new default path', () => {
    signedIn()
    switchView({ type: 'consumer', unitId: 42 }, true)
    expect(getSession()?.view).toEqual({ type: 'consumer', unitId: 42 })
    expect(JSON.parse(localStorage.getItem(FLAG_KEYS.remember) ?? 'null')).toEqual({
      userId: 7,
      view: { type: 'consumer', unitId: 42 },
    })
    expect(navigations).toEqual(['/dashboard'])
  })

  it('switchView without remember forgets an earlier choice', () => {
    signedIn()
    localStorage.setItem(
      FLAG_KEYS.remember,
      JSON.stringify({ userId: 7, view: { type: 'consumer', unitId: 42 } }),
    )
    switchView({ type: 'enterprise', panelId: 3 }, false, { navigate: false })
    expect(localStorage.getItem(FLAG_KEYS.remember)).toBeNull()
    expect(JSON.parse(localStorage.getItem(FLAG_KEYS.panel) ?? 'null')).toEqual({
      userId: 7,
      panelId: 3,
    })
    expect(navigations).toEqual([])
  })

  it('savePreferences PUTs the whole object and swallows a failure', async () => {
    signedIn()
    let sent: unknown = null
    server.use(
      http.put(apiUrl('zeus', '/users/7/preferences'), async ({ request }) => {
        sent = await request.json()
        return apiErrorResponse(500, { code: 'INTERNAL' })
      }),
    )
    await expect(savePreferences({ theme: 'dark', staffWarning: true })).resolves.toBeUndefined()
    expect(sent).toEqual({ theme: 'dark', staffWarning: true })
    expect(getSession()?.preferences).toEqual({ theme: 'dark', staffWarning: true })
  })

  it('saveDefaultLocale PUTs personal_information when signed in', async () => {
    signedIn()
    let sent: unknown = null
    server.use(
      http.put(apiUrl('zeus', '/users/sub-7/personal_information'), async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json({ code: 'OK' })
      }),
    )
    await saveDefaultLocale('ar_SA')
    expect(sent).toEqual({ default_locale: 'ar_SA' })
  })

  it('saveDefaultLocale sends nothing when signed out', async () => {
    // An unexpected request would fail this test (onUnhandledFrame: 'error').
    await expect(saveDefaultLocale('fr_CA')).resolves.toBeUndefined()
  })
})

describe('background refresh', () => {
  it('stores a session that changed, and leaves an unchanged one alone (nothing renders again)', async () => {
    server.use(...signInHandlers())
    const pair: TokenPair = {
      accessToken: {
        token: makeAccessToken({ user_id: 1, sub: 'user-sub-1', organisation_id: 10 }),
        expiresAt: now() + 900,
      },
      refreshToken: { token: 'refresh-1', expiresAt: now() + 86_400 },
    }
    signedIn(pair, { ...session, userId: 1, sub: 'user-sub-1', firstName: 'Old' })
    let notified = 0
    const stop = subscribeSession(() => {
      notified += 1
    })
    await refreshSession()
    expect(getSession()?.firstName).toBe('Casey')
    expect(notified).toBe(1)
    const refreshed = getSession()
    await refreshSession()
    expect(notified).toBe(1)
    expect(getSession()).toBe(refreshed)
    // As on the next page load: the stored copy, read back through its schema (another key order).
    loadFromStorage()
    const reloaded = getSession()
    notified = 0
    await refreshSession()
    stop()
    expect(notified).toBe(0)
    expect(getSession()).toBe(reloaded)
  })

  it('waits for the page to go idle before refreshing a restored session in the background', async () => {
    server.use(...signInHandlers())
    const requested: string[] = []
    const listen = ({ request }: { request: Request }) => {
      requested.push(new URL(request.url).pathname)
    }
    server.events.on('request:start', listen)
    const idle: Array<() => void> = []
    vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work))
    try {
      signedIn(
        {
          accessToken: {
            token: makeAccessToken({ user_id: 1, sub: 'user-sub-1' }),
            expiresAt: now() + 900,
          },
          refreshToken: { token: 'refresh-1', expiresAt: now() + 86_400 },
        },
        { ...session, userId: 1, sub: 'user-sub-1', firstName: 'Old' },
      )
      startSession()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(requested).toEqual([])
      expect(idle).toHaveLength(1)
      idle[0]?.()
      await vi.waitFor(() => {
        expect(getSession()?.firstName).toBe('Casey')
      })
      expect(requested).toContain('/api/auth/myGrants')
    } finally {
      server.events.removeListener('request:start', listen)
      vi.unstubAllGlobals()
    }
  })
})
