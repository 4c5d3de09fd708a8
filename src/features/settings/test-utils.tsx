import type { ReactNode } from 'react'
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { RequestHandler } from 'msw'
import { setupServer, type SetupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { Grants } from '#contracts/auth.ts'
import { createQueryClient } from '../../api/query-client'
import { makeAccessToken, signInHandlers } from '../../api/testing/contract-handlers'
import { registerQueueableMutations } from '../../offline/mutations'
import { wipePersistedCaches } from '../../offline/persistence'
import { FLAG_KEYS } from '../../session/local-flags'
import type { Session } from '../../session/session.types'
import { clearStore, loadFromStorage } from '../../session/store'
import { writeTokens } from '../../session/tokens'
import { SETTINGS_MUTATIONS } from './queue'
import { renderInTestRouter } from '../../testing/router'
import { ToastProvider } from '../../ui/Toast'

/** The consumer the settings tests sign in as: unit 11, Agent unit_manage on it. */
export const CONSUMER = { userId: 7, sub: 'sub-7', unitId: 11 } as const

const CONSUMER_GRANTS: Grants = {
  Agent: {
    trigger_testing: [{ unit: CONSUMER.unitId }],
    unit_manage: [{ unit: CONSUMER.unitId }],
  },
}

/** The session's background refresh (useSession starts it once): answered so it stays quiet. */
export function sessionHandlers() {
  return signInHandlers({
    payload: { user_id: CONSUMER.userId, sub: CONSUMER.sub },
    grants: CONSUMER_GRANTS,
    accessibles: {
      apollo: [],
      units: [{ unitId: CONSUMER.unitId }],
      volunteer: null,
      administration: null,
    },
    personal: {
      first_name: 'Aroha',
      last_name: 'Wilson',
      email: 'consumer@example.com',
      default_locale: 'en_GB',
    },
  })
}

/**
 * The msw server of a settings page test file: the session handlers and `handlers`, listening for
 * the file's tests (an unhandled request fails the test), its handlers reset and the settings state
 * wiped after each test.
 */
export function settingsTestServer(...handlers: RequestHandler[]): SetupServer {
  const server = setupServer(...sessionHandlers(), ...handlers)
  beforeAll(() => {
    server.listen({ onUnhandledFrame: 'error' })
  })
  afterEach(async () => {
    server.resetHandlers()
    await resetSettingsTest()
  })
  afterAll(() => {
    server.close()
  })
  return server
}

/** A browser signed in as the test consumer (auth cookie + persisted session). */
export function signInConsumer(overrides: Partial<Session> = {}, grants?: Grants): Session {
  const now = Math.floor(Date.now() / 1000)
  writeTokens({
    accessToken: {
      token: makeAccessToken({ user_id: CONSUMER.userId, sub: CONSUMER.sub }),
      expiresAt: now + 900,
    },
    refreshToken: { token: 'refresh-of-this-login', expiresAt: now + 86_400 },
  })
  const session: Session = {
    userId: CONSUMER.userId,
    sub: CONSUMER.sub,
    email: 'consumer@example.com',
    firstName: 'Aroha',
    lastName: 'Wilson',
    organisation: null,
    grants: grants ?? CONSUMER_GRANTS,
    accessibles: {
      apollo: [],
      units: [{ unitId: CONSUMER.unitId }],
      volunteer: null,
      administration: null,
    },
    preferences: {},
    view: { type: 'consumer', unitId: CONSUMER.unitId },
    isStaff: false,
    hasGlobalAccess: false,
    ownerId: null,
    organisationOwnerId: null,
    migrated: false,
    ...overrides,
  }
  localStorage.setItem(FLAG_KEYS.session, JSON.stringify(session))
  loadFromStorage()
  return session
}

/** The app's query client with the settings changes registered, as src/offline/start-data-layer.ts makes it. */
export function settingsTestClient(): QueryClient {
  const client = createQueryClient()
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  })
  registerQueueableMutations(client, SETTINGS_MUTATIONS)
  return client
}

/** Back to a signed-out, online browser with no persisted cache. */
export async function resetSettingsTest(): Promise<void> {
  onlineManager.setOnline(true)
  clearStore()
  await wipePersistedCaches()
}

/**
 * Renders `page` at `path` in a small router (with stand-ins for the pages it leads to) and the
 * given query client; the current location is in an output labelled "current location".
 */
export async function renderSettingsPage(page: ReactNode, path: string, client: QueryClient) {
  return renderInTestRouter(page, {
    path,
    location: true,
    stubs: [
      '/settings/personal-details',
      '/settings/broadband-details',
      '/settings/contact',
      '/hc',
    ],
    wrap: (router) => (
      <QueryClientProvider client={client}>
        <ToastProvider>{router}</ToastProvider>
      </QueryClientProvider>
    ),
  })
}
