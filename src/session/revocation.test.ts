import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { OkResponseSchema } from '#contracts/auth.ts'
import { postLogout } from '../api/auth.api'
import {
  apiErrorResponse,
  apiUrl,
  contractJson,
  makeAccessToken,
} from '../api/testing/contract-handlers'
import { connectNavigator, logout, signOut } from './index'
import {
  pendingRevocations,
  revokeRefreshToken,
  sendPendingRevocations,
  startRevocations,
  type RevocationDeps,
} from './revocation'
import { loadFromStorage } from './store'
import { writeTokens } from './tokens'

const server = setupServer()
const sent: string[] = []

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  sent.length = 0
  connectNavigator(() => undefined)
})
afterEach(() => {
  server.resetHandlers()
  localStorage.clear()
  connectNavigator(null)
})
afterAll(() => {
  server.close()
})

const now = () => Math.floor(Date.now() / 1000)
const refresh = (token: string, expiresIn = 86_400) => ({ token, expiresAt: now() + expiresIn })

/** POST /api/auth/logout answering `respond` (200 OK by default); records the tokens sent. */
function logoutEndpoint(
  respond: () => Response = () => contractJson(OkResponseSchema, { code: 'OK' }),
) {
  server.use(
    http.post(apiUrl('auth', '/logout'), async ({ request }) => {
      const body = (await request.json()) as { refreshToken: string }
      expect(request.headers.get('authorization')).toBeNull()
      sent.push(body.refreshToken)
      return respond()
    }),
  )
}

const appLike = (online: () => boolean): RevocationDeps => ({
  send: postLogout,
  isOnline: online,
  now: () => Date.now(),
})

describe('revokeRefreshToken', () => {
  it('online: sends the refresh token without an access token, then forgets it', async () => {
    logoutEndpoint()
    await revokeRefreshToken(
      refresh('r-1'),
      appLike(() => true),
    )
    expect(sent).toEqual(['r-1'])
    expect(pendingRevocations()).toEqual([])
  })

  it('offline: keeps it, and sends it at the next connection', async () => {
    logoutEndpoint()
    let online = false
    await revokeRefreshToken(
      refresh('r-1'),
      appLike(() => online),
    )
    expect(sent).toEqual([])
    expect(pendingRevocations().map((p) => p.token)).toEqual(['r-1'])
    online = true
    await sendPendingRevocations(appLike(() => online))
    expect(sent).toEqual(['r-1'])
    expect(pendingRevocations()).toEqual([])
  })

  it.each([
    { answer: 'no network', respond: () => HttpResponse.error(), kept: true },
    {
      answer: '503',
      respond: () => apiErrorResponse(503, { code: 'INTERNAL' }),
      kept: true,
    },
    {
      answer: '400 (a refusal)',
      respond: () => apiErrorResponse(400, { code: 'VALIDATION_FAIL' }),
      kept: false,
    },
    {
      answer: '404 (a refusal)',
      respond: () => new HttpResponse(null, { status: 404 }),
      kept: false,
    },
  ])('an answer of $answer → kept for later: $kept', async ({ respond, kept }) => {
    logoutEndpoint(respond)
    await revokeRefreshToken(
      refresh('r-1'),
      appLike(() => true),
    )
    expect(sent).toEqual(['r-1'])
    expect(pendingRevocations().map((p) => p.token)).toEqual(kept ? ['r-1'] : [])
  })

  it('drops expired tokens unsent: an expired login renews nothing', async () => {
    logoutEndpoint()
    localStorage.setItem('wb.revoke', JSON.stringify([refresh('old', -10), refresh('live')]))
    await sendPendingRevocations(appLike(() => true))
    expect(sent).toEqual(['live'])
    expect(pendingRevocations()).toEqual([])
  })

  it('sends what earlier sign-outs left at start and on `online`', async () => {
    logoutEndpoint()
    localStorage.setItem('wb.revoke', JSON.stringify([refresh('left')]))
    const events = new EventTarget()
    startRevocations(events)
    await vi.waitFor(() => {
      expect(sent).toEqual(['left'])
    })
    localStorage.setItem('wb.revoke', JSON.stringify([refresh('later')]))
    events.dispatchEvent(new Event('online'))
    await vi.waitFor(() => {
      expect(sent).toEqual(['left', 'later'])
    })
    await vi.waitFor(() => {
      expect(pendingRevocations()).toEqual([])
    })
  })
})

describe('signing out', () => {
  function signedIn(): void {
    writeTokens({
      accessToken: { token: makeAccessToken({ user_id: 7, sub: 'sub-7' }), expiresAt: now() + 900 },
      refreshToken: refresh('refresh-7'),
    })
    loadFromStorage()
  }

  it('a deliberate sign-out revokes the login on the server', async () => {
    logoutEndpoint()
    signedIn()
    signOut()
    await vi.waitFor(() => {
      expect(sent).toEqual(['refresh-7'])
    })
    await vi.waitFor(() => {
      expect(pendingRevocations()).toEqual([])
    })
  })

  it('a session the server ended revokes nothing', async () => {
    logoutEndpoint()
    signedIn()
    await logout()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sent).toEqual([])
    expect(pendingRevocations()).toEqual([])
  })
})
