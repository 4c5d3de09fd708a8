import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { persistQueryClientSave } from '@tanstack/react-query-persist-client'
import { TokenPairResponseSchema } from '#contracts/auth.ts'
import {
  apiErrorResponse,
  apiUrl,
  contractJson,
  makeAccessToken,
  tokenPairBody,
} from '../api/testing/contract-handlers'
import { connectNavigator, deauthenticate, FLAG_KEYS } from '../session'
import type { Session } from '../session/session.types'
import { loadFromStorage } from '../session/store'
import { writeTokens } from '../session/tokens'
import { keepChanges, keptChangeCount, readKeptChanges, type KeptChange } from './kept-changes'
import { reportNetworkFailure, reportNetworkSuccess } from './online-state'
import { LOCALE_SAVE_KEY, PREFERENCES_SAVE_KEY, queueChange } from './mutations'
import {
  createQueryPersistence,
  persistOptionsFor,
  userPersister,
  wipePersistedCaches,
} from './persistence'
import { queueTestClient, resetQueueTest, signInForTest, USER } from './testing/queue-test-utils'

const OTHER = { userId: 8, sub: 'sub-8' } as const

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(async () => {
  server.resetHandlers()
  onlineManager.setOnline(true)
  await resetQueueTest()
  localStorage.clear()
})
afterAll(() => {
  server.close()
})

const change = (submittedAt: number, locale = 'fr_CA'): KeptChange => ({
  mutationKey: [...LOCALE_SAVE_KEY],
  variables: { sub: USER.sub, locale },
  submittedAt,
})

/** Lets the persister's IndexedDB writes land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

/** Signs `user` in on this browser (auth cookie, session data, the seeds' `wb.userId` flag). */
function signInAs(user: { userId: number; sub: string }): void {
  const now = Math.floor(Date.now() / 1000)
  writeTokens({
    accessToken: {
      token: makeAccessToken({ user_id: user.userId, sub: user.sub }),
      expiresAt: now + 900,
    },
    refreshToken: { token: `refresh-${String(user.userId)}`, expiresAt: now + 86_400 },
  })
  const session: Session = {
    ...user,
    email: `${user.sub}@example.com`,
    firstName: '',
    lastName: '',
    organisation: null,
    grants: {},
    accessibles: { apollo: [], units: [], volunteer: null, administration: null },
    preferences: {},
    view: { type: 'consumer', unitId: 11 },
    isStaff: false,
    hasGlobalAccess: false,
    ownerId: null,
    organisationOwnerId: null,
    migrated: false,
  }
  localStorage.setItem(FLAG_KEYS.session, JSON.stringify(session))
  localStorage.setItem(FLAG_KEYS.userId, String(user.userId))
  loadFromStorage()
}

/** A change made offline by the signed-in user, queued (paused) and written to IndexedDB. */
async function queueOffline(locale: string): Promise<void> {
  onlineManager.setOnline(false)
  const outcome = await queueChange(LOCALE_SAVE_KEY, { sub: USER.sub, locale })
  expect(outcome).toEqual({ status: 'queued' })
}

describe('keepChanges', () => {
  it('keeps per user, once per change, in the order they were made', () => {
    keepChanges(USER.userId, [change(2), change(1)])
    keepChanges(USER.userId, [change(1)])
    keepChanges(OTHER.userId, [change(5, 'ar_SA')])
    expect(readKeptChanges(USER.userId).map((c) => c.submittedAt)).toEqual([1, 2])
    expect(readKeptChanges(OTHER.userId)).toHaveLength(1)
  })

  it.each([
    { last: String(USER.userId), expected: 2 },
    { last: String(OTHER.userId), expected: 0 },
    { last: null, expected: 0 },
  ])('counts for the last signed-in user only ($last → $expected)', ({ last, expected }) => {
    keepChanges(USER.userId, [change(1), change(2)])
    if (last !== null) localStorage.setItem(FLAG_KEYS.userId, last)
    expect(keptChangeCount()).toBe(expected)
  })
})

describe('the wipe of the saved caches', () => {
  async function savedQueue(userId: number): Promise<void> {
    const client = new QueryClient()
    client.getMutationCache().build(
      client,
      { mutationKey: [...LOCALE_SAVE_KEY] },
      {
        context: undefined,
        data: undefined,
        error: null,
        failureCount: 0,
        failureReason: null,
        isPaused: true,
        status: 'pending',
        variables: { sub: `sub-${String(userId)}`, locale: 'fr_CA' },
        submittedAt: 100 + userId,
      },
    )
    client.setQueryData(['unit', 1], { name: 'Living room' })
    await persistQueryClientSave(persistOptionsFor(client, userId))
  }

  it('keeps each user’s queued changes for that user, and removes the cached data', async () => {
    await savedQueue(USER.userId)
    await savedQueue(OTHER.userId)
    await wipePersistedCaches()
    expect(await userPersister(USER.userId).restoreClient()).toBeUndefined()
    expect(await userPersister(OTHER.userId).restoreClient()).toBeUndefined()
    expect(readKeptChanges(USER.userId)).toEqual([
      {
        mutationKey: [...LOCALE_SAVE_KEY],
        variables: { sub: 'sub-7', locale: 'fr_CA' },
        submittedAt: 107,
      },
    ])
    expect(readKeptChanges(OTHER.userId).map((c) => c.submittedAt)).toEqual([108])
  })

  it('drops them when told to (a sign-out whose user chose Discard)', async () => {
    await savedQueue(USER.userId)
    await wipePersistedCaches({ keepQueued: false })
    expect(await userPersister(USER.userId).restoreClient()).toBeUndefined()
    expect(readKeptChanges(USER.userId)).toEqual([])
  })

  it('keeps the changes queued in memory that were not yet written', async () => {
    signInForTest()
    const client = queueTestClient()
    const persistence = createQueryPersistence(client)
    await persistence.restoreFor(USER.userId)
    onlineManager.setOnline(false)
    // Queued but not waited for: the wipe comes before it is written to IndexedDB.
    void queueChange(PREFERENCES_SAVE_KEY, { userId: USER.userId, preferences: { a: 1 } })
    await persistence.wipe()
    client.clear()
    expect(readKeptChanges(USER.userId).map((c) => c.variables)).toEqual([
      { userId: USER.userId, preferences: { a: 1 } },
    ])
  })
})

describe('the restore of a user', () => {
  it('puts back only that user’s kept changes, writes them, then forgets them', async () => {
    keepChanges(USER.userId, [change(1)])
    keepChanges(OTHER.userId, [change(2, 'ar_SA')])
    onlineManager.setOnline(false)
    const client = queueTestClient()
    const onAdopted = vi.fn()
    signInForTest()
    await createQueryPersistence(client, { onAdopted }).restoreFor(USER.userId)

    const queued = client.getMutationCache().getAll()
    expect(queued.map((m) => [m.state.variables, m.state.isPaused])).toEqual([
      [{ sub: USER.sub, locale: 'fr_CA' }, true],
    ])
    expect(onAdopted).toHaveBeenCalledTimes(1)
    expect(readKeptChanges(USER.userId)).toEqual([])
    expect(readKeptChanges(OTHER.userId)).toHaveLength(1)
    // Written with the user's cache: a reload right after still has it.
    const saved = await userPersister(USER.userId).restoreClient()
    expect(saved?.clientState.mutations).toHaveLength(1)
  })

  it('another user signing in (another tab) keeps the previous one’s queued changes for them', async () => {
    signInForTest()
    const client = queueTestClient()
    const persistence = createQueryPersistence(client)
    await persistence.restoreFor(USER.userId)
    await queueOffline('fr_CA')
    signInAs(OTHER)
    await persistence.restoreFor(OTHER.userId)
    expect(client.getMutationCache().getAll()).toEqual([])
    expect(readKeptChanges(USER.userId).map((c) => c.variables)).toEqual([
      { sub: USER.sub, locale: 'fr_CA' },
    ])
  })
})

// The issue 22 journey through the real session and data layer: the session ends by itself
// while a change is queued; it is kept for that user, never sent for another, and sent once
// the same user signs in again.
describe('a session that ends while a change is queued', () => {
  it('keeps the change for its user and sends it after that user signs in again', async () => {
    const { dataLayer, wipeDataOnDeauthentication } = await import('./data-layer')
    const stopWiping = wipeDataOnDeauthentication()
    connectNavigator(() => undefined)
    const puts: string[] = []
    server.use(
      http.put(apiUrl('zeus', '/users/:sub/personal_information'), async ({ params, request }) => {
        const body = (await request.json()) as { default_locale: string }
        puts.push(`${String(params.sub)} ${body.default_locale}`)
        return HttpResponse.json({ data: {} })
      }),
      // The refresh token expired on the server while the device was offline.
      http.post(apiUrl('auth', '/renew'), () =>
        apiErrorResponse(401, { code: 'INVALID_REFRESH_TOKEN' }),
      ),
    )
    signInAs(USER)
    const layer = await dataLayer.load()
    await layer.restored
    // The connection drops (requests fail), a change is queued.
    reportNetworkFailure()
    await queueOffline('fr_CA')

    // Back online: the replay renews first, the server refuses, the session ends.
    reportNetworkSuccess()
    onlineManager.setOnline(true)
    await vi.waitFor(() => {
      expect(readKeptChanges(USER.userId)).toHaveLength(1)
    })
    await settle()
    expect(puts).toEqual([])
    expect(keptChangeCount()).toBe(1)

    // Another user of the device signs in: the change is neither shown nor sent.
    signInAs(OTHER)
    await settle()
    await layer.queryClient.resumePausedMutations()
    expect(layer.queryClient.getMutationCache().getAll()).toEqual([])
    expect(puts).toEqual([])
    expect(readKeptChanges(USER.userId)).toHaveLength(1)
    deauthenticate()
    await settle()

    // The same user signs in again: the change is back in the queue and reaches the server.
    server.use(
      http.post(apiUrl('auth', '/renew'), () =>
        contractJson(
          TokenPairResponseSchema,
          tokenPairBody({ user_id: USER.userId, sub: USER.sub }),
        ),
      ),
    )
    signInAs(USER)
    await vi.waitFor(() => {
      expect(puts).toEqual([`${USER.sub} fr_CA`])
    })
    expect(readKeptChanges(USER.userId)).toEqual([])
    deauthenticate()
    stopWiping()
    connectNavigator(null)
  })

  it('a sign-out that discards the queued changes keeps nothing', async () => {
    const { dataLayer, wipeDataOnDeauthentication } = await import('./data-layer')
    const stopWiping = wipeDataOnDeauthentication()
    signInAs(USER)
    const layer = await dataLayer.load()
    await queueOffline('fr_CA')
    deauthenticate({ queuedChanges: 'discard' })
    // The /logout page deauthenticates again, keeping by default: nothing is left to keep.
    deauthenticate()
    await settle()
    await wipePersistedCaches()
    expect(readKeptChanges(USER.userId)).toEqual([])
    expect(layer.queryClient.getMutationCache().getAll()).toEqual([])
    stopWiping()
  })
})
