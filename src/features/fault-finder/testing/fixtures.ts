import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { cleanup } from '@testing-library/react'
import { http } from 'msw'
import type { SetupServer } from 'msw/node'
import type { Anomaly, AnomalyCollection, AnomalyCollectionList } from '#contracts/anomalies.ts'
import { FEATURE_FLAGS, MyFlagsSchema, type FeatureFlag } from '#contracts/flags.ts'
import {
  apiUrl,
  contractJson,
  makeAccessToken,
  signInHandlers,
} from '../../../api/testing/contract-handlers'
import { FLAG_KEYS } from '../../../session/local-flags'
import type { Session } from '../../../session/session.types'
import { deauthenticate } from '../../../session'
import { loadFromStorage } from '../../../session/store'
import { writeTokens } from '../../../session/tokens'

// Test support for the fault finder: the demo's panel, an analyst signed in on it, and
// collections shaped as the anomaly service sends them.

export const PANEL = 6

const PAYLOAD = { user_id: 9, sub: 'sub-9' }

export const analystSession: Session = {
  userId: 9,
  sub: 'sub-9',
  email: 'analyst@example.com',
  firstName: 'Ana',
  lastName: 'Lyst',
  organisation: { id: 2, name: 'Demo Org' },
  grants: { 'anomaly-detection': { view: [{ panel: PANEL }] } },
  accessibles: {
    apollo: [{ pid: PANEL, front_name: 'Southern Cross Regional Benchmark' }],
    units: [],
    volunteer: null,
    administration: null,
  },
  preferences: {},
  view: { type: 'enterprise', panelId: PANEL },
  isStaff: false,
  hasGlobalAccess: false,
  ownerId: 10,
  organisationOwnerId: 20,
  migrated: false,
}

/** Signs the analyst in on the demo panel (tokens and session as a restored start finds them). */
export function signInAnalyst(session: Session = analystSession): void {
  const now = Math.floor(Date.now() / 1000)
  writeTokens({
    accessToken: { token: makeAccessToken(PAYLOAD), expiresAt: now + 900 },
    refreshToken: { token: 'refresh-9', expiresAt: now + 86_400 },
  })
  localStorage.setItem(FLAG_KEYS.session, JSON.stringify(session))
  loadFromStorage()
}

/** What a restored session asks for again (grants, accessibles, profile) and the flags, all off. */
export function analystHandlers() {
  return [
    ...signInHandlers({
      payload: PAYLOAD,
      grants: analystSession.grants,
      accessibles: analystSession.accessibles,
    }),
    flagsHandler(),
  ]
}

/** GET /api/flags answering with `on` switched on and every other flag off. */
export function flagsHandler(on: readonly FeatureFlag[] = []) {
  return http.get(apiUrl('flags', ''), () =>
    contractJson(MyFlagsSchema, {
      data: {
        organisation_id: 2,
        panel_id: PANEL,
        flags: Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, on.includes(flag)])) as Record<
          FeatureFlag,
          boolean
        >,
      },
    }),
  )
}

/** An ongoing slow download at a hub site (the demo's LON-HUB-02). */
export function anomaly(overrides: Partial<Anomaly> = {}): Anomaly {
  return {
    id: 5,
    type: 'measurement',
    metric: 'download',
    state: 'ongoing',
    first_seen: '2026-11-28T00:00:00.000Z',
    last_seen: '2026-11-29T00:00:00.000Z',
    closed_at: null,
    value: 41,
    baseline: 92,
    unit: 'Mbps',
    ...overrides,
  }
}

export function collection(overrides: Partial<AnomalyCollection> = {}): AnomalyCollection {
  return {
    id: 5,
    panel_id: PANEL,
    state: 'ongoing',
    first_seen: '2026-11-28T00:00:00.000Z',
    last_seen: '2026-11-29T00:00:00.000Z',
    closed_at: null,
    metadata: { hub_site: 'LON-HUB-02', cmts_name: null, mac_domain: null },
    units: 43,
    anomalies: [anomaly()],
    ...overrides,
  }
}

/** `count` collections with ids from `firstId`, at hub sites HUB-<id>. */
export function collections(count: number, firstId = 100): AnomalyCollection[] {
  return Array.from({ length: count }, (_, i) =>
    collection({
      id: firstId + i,
      metadata: { hub_site: `HUB-${firstId + i}`, cmts_name: null, mac_domain: null },
      anomalies: [anomaly({ id: firstId + i })],
    }),
  )
}

/** Page `page` (of 20) of `all`, as the list endpoint answers. */
export function pageOf(all: readonly AnomalyCollection[], page: number): AnomalyCollectionList {
  const perPage = 20
  const data = all.slice((page - 1) * perPage, page * perPage)
  return {
    data,
    meta: {
      pagination: {
        total: all.length,
        count: data.length,
        per_page: perPage,
        current_page: page,
        total_pages: Math.max(1, Math.ceil(all.length / perPage)),
      },
    },
  }
}

/**
 * A suite's lifecycle: `server` listening (unhandled requests fail), the analyst signed in before
 * each test (then `beforeEachTest`), and after each everything reset: the query clients made by the
 * returned function emptied (a paused request must not resume later), online again, mocks, handlers,
 * session and storage.
 */
export function setUpFaultFinderSuite(
  server: SetupServer,
  beforeEachTest: () => void = () => undefined,
): () => QueryClient {
  const clients: QueryClient[] = []
  beforeAll(() => {
    server.listen({ onUnhandledFrame: 'error' })
  })
  beforeEach(() => {
    signInAnalyst()
    beforeEachTest()
  })
  afterEach(() => {
    cleanup()
    for (const client of clients.splice(0)) client.clear()
    onlineManager.setOnline(true)
    vi.restoreAllMocks()
    server.resetHandlers()
    deauthenticate()
    localStorage.clear()
  })
  afterAll(() => {
    server.close()
  })
  return () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    clients.push(client)
    return client
  }
}
