import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { ApiError, NetworkError } from '../api/http'
import { apiUrl, tokenPairBody } from '../api/testing/contract-handlers'
import { LOCALE_SAVE_KEY, PREFERENCES_SAVE_KEY, queueChange, shouldRetryChange } from './mutations'
import { createQueryPersistence, userPersister } from './persistence'
import { startDataLayer } from './start-data-layer'
import { queueTestClient, resetQueueTest, signInForTest, USER } from './testing/queue-test-utils'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(async () => {
  server.resetHandlers()
  await resetQueueTest()
})
afterAll(() => {
  server.close()
})

/** A signed-in visit that changed the language offline: the change is saved, paused. */
async function localeChangeQueuedInAnEarlierVisit(): Promise<void> {
  signInForTest()
  const before = queueTestClient()
  await createQueryPersistence(before).restoreFor(USER.userId)
  onlineManager.setOnline(false)
  await queueChange(LOCALE_SAVE_KEY, { sub: USER.sub, locale: 'fr_CA' })
}

/** Records the bodies PUT to a zeus path. */
function recordPuts(path: string): unknown[] {
  const bodies: unknown[] = []
  server.use(
    http.put(apiUrl('zeus', path), async ({ request }) => {
      bodies.push(await request.json())
      return HttpResponse.json({ data: {} })
    }),
  )
  return bodies
}

const CHANGES = [
  {
    name: 'preferences',
    key: PREFERENCES_SAVE_KEY,
    variables: { userId: USER.userId, preferences: { theme: 'dark', staffWarning: true } },
    path: `/users/${USER.userId}/preferences`,
    body: { theme: 'dark', staffWarning: true },
  },
  {
    name: 'locale',
    key: LOCALE_SAVE_KEY,
    variables: { sub: USER.sub, locale: 'ar_SA' },
    path: `/users/${USER.sub}/personal_information`,
    body: { default_locale: 'ar_SA' },
  },
] as const

describe('the queueable mutation registry', () => {
  it.each(CHANGES)(
    '$name: made offline, persisted, restored into a new client and resumed with its function',
    async ({ key, variables, path, body }) => {
      signInForTest()
      const before = queueTestClient()
      await createQueryPersistence(before).restoreFor(USER.userId)
      onlineManager.setOnline(false)

      await expect(queueChange(key, variables)).resolves.toEqual({ status: 'queued' })
      const stored = await userPersister(USER.userId).restoreClient()
      expect(stored?.clientState.mutations).toMatchObject([
        { mutationKey: [...key], state: { isPaused: true, status: 'pending', variables } },
      ])

      // The reload: a new client, registered before the restore as main.tsx does.
      const after = queueTestClient()
      await createQueryPersistence(after).restoreFor(USER.userId)
      const sent = recordPuts(path)
      onlineManager.setOnline(true)
      await after.resumePausedMutations()

      expect(sent).toEqual([body])
      expect(
        after
          .getMutationCache()
          .getAll()
          .map((m) => m.state.status),
      ).toEqual(['success'])
    },
  )

  it('without the registration a restored change has no function (TanStack/query #3460)', async () => {
    await localeChangeQueuedInAnEarlierVisit()

    const unregistered = new QueryClient()
    await createQueryPersistence(unregistered).restoreFor(USER.userId)
    onlineManager.setOnline(true)
    await unregistered.resumePausedMutations()

    const [mutation] = unregistered.getMutationCache().getAll()
    expect(mutation?.state.error).toEqual(new Error('No mutationFn found'))
  })

  it('a session change during the restore joins it: a saved change comes back once', async () => {
    await localeChangeQueuedInAnEarlierVisit()

    const after = queueTestClient()
    const persistence = createQueryPersistence(after)
    // The boot's restore, and a renewal's session notification while it runs.
    await Promise.all([persistence.restoreFor(USER.userId), persistence.restoreFor(USER.userId)])
    expect(after.getMutationCache().getAll()).toHaveLength(1)
  })

  it('the data layer registers the changes before its restore and replays them after it, renewal first', async () => {
    await localeChangeQueuedInAnEarlierVisit()
    onlineManager.setOnline(true)

    const order: string[] = []
    server.use(
      http.post(apiUrl('auth', '/renew'), () => {
        order.push('renew')
        return HttpResponse.json(tokenPairBody({ user_id: USER.userId, sub: USER.sub }))
      }),
      http.put(apiUrl('zeus', `/users/${USER.sub}/personal_information`), async ({ request }) => {
        order.push(`put ${JSON.stringify(await request.json())}`)
        return HttpResponse.json({ data: {} })
      }),
    )
    // The reload: the app's own start of the data layer.
    const layer = startDataLayer()
    await layer.restored
    await vi.waitFor(() => {
      expect(order).toEqual(['renew', 'put {"default_locale":"fr_CA"}'])
    })
    expect(
      layer.queryClient
        .getMutationCache()
        .getAll()
        .map((m) => m.state.status),
    ).toEqual(['success'])
    layer.signOut()
  })

  it('sends at once when online and reports it sent', async () => {
    signInForTest()
    queueTestClient()
    const sent = recordPuts(`/users/${USER.sub}/personal_information`)
    await expect(queueChange(LOCALE_SAVE_KEY, { sub: USER.sub, locale: 'fr_CA' })).resolves.toEqual(
      { status: 'sent' },
    )
    expect(sent).toEqual([{ default_locale: 'fr_CA' }])
  })

  it('refuses variables that do not match the registered schema instead of sending them', async () => {
    signInForTest()
    queueTestClient()
    const outcome = await queueChange(LOCALE_SAVE_KEY, { sub: USER.sub, locale: 'de_DE' })
    expect(outcome.status).toBe('failed')
  })
})

describe('shouldRetryChange', () => {
  it.each<{ error: Error; failures: number; expected: boolean }>([
    { error: new NetworkError(), failures: 0, expected: true },
    { error: new NetworkError(), failures: 50, expected: true },
    { error: new ApiError(503, 'INTERNAL'), failures: 0, expected: true },
    { error: new ApiError(429, 'RATE_LIMITED'), failures: 2, expected: true },
    { error: new ApiError(500, 'INTERNAL'), failures: 3, expected: false },
    { error: new ApiError(422, 'VALIDATION_FAIL'), failures: 0, expected: false },
    { error: new ApiError(403, 'FORBIDDEN'), failures: 0, expected: false },
    { error: new ApiError(409, 'CONFLICT'), failures: 0, expected: false },
  ])(
    '$error.name $error.message after $failures failures → $expected',
    ({ error, failures, expected }) => {
      expect(shouldRetryChange(failures, error)).toBe(expected)
    },
  )
})
