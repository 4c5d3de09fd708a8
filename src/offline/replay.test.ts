import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { onlineManager, QueryObserver, type QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiUrl } from '../api/testing/contract-handlers'
import { clearStore, getSession } from '../session/store'
import {
  defineQueueableMutation,
  LOCALE_SAVE_KEY,
  PREFERENCES_SAVE_KEY,
  queueChange,
  registerQueueableMutations,
} from './mutations'
import { readFailedChanges } from './pending-changes'
import { startReplay, type Replay } from './replay'
import { queueTestClient, resetQueueTest, signInForTest, USER } from './testing/queue-test-utils'

const server = setupServer()
let replay: Replay | null = null
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(async () => {
  replay?.stop()
  replay = null
  server.resetHandlers()
  await resetQueueTest()
})
afterAll(() => {
  server.close()
})

/** A fake connection and session around a real client; `events` records what happened in order. */
function harness(client: QueryClient, renewal: 'ok' | 'refused' = 'ok') {
  const events: string[] = []
  let online = false
  const listeners = new Set<() => void>()
  server.use(
    http.put(apiUrl('zeus', `/users/${USER.userId}/preferences`), () => {
      events.push('PUT preferences')
      return HttpResponse.json({ data: {} })
    }),
    http.put(apiUrl('zeus', `/users/${USER.sub}/personal_information`), async ({ request }) => {
      const body = (await request.json()) as { default_locale: string }
      events.push(`PUT locale ${body.default_locale}`)
      return HttpResponse.json({ data: {} })
    }),
  )
  const renewNow = vi.fn(async () => {
    events.push('renew start')
    await new Promise((resolve) => setTimeout(resolve, 30))
    events.push('renew end')
    if (renewal === 'refused') {
      clearStore() // what the session does when the server refuses: log out
      return null
    }
    return { accessToken: 'new' }
  })
  replay = startReplay(client, {
    isOnline: () => online,
    subscribeOnline: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    renewNow,
    isSignedIn: () => getSession() !== null,
  })
  const setOnline = (next: boolean) => {
    online = next
    onlineManager.setOnline(next)
    for (const listener of listeners) listener()
  }
  return { events, renewNow, setOnline, replay }
}

const settled = (client: QueryClient) => () => {
  expect(
    client
      .getMutationCache()
      .getAll()
      .every((m) => m.state.status !== 'pending'),
  ).toBe(true)
}

describe('replay on reconnect', () => {
  it('sends nothing and renews nothing while offline', async () => {
    signInForTest()
    const client = queueTestClient()
    onlineManager.setOnline(false)
    const { events, renewNow, replay } = harness(client)
    await queueChange(LOCALE_SAVE_KEY, { sub: USER.sub, locale: 'ar_SA' })

    await replay.replayNow()
    await client.resumePausedMutations() // TanStack's own guard: a no-op offline too
    await new Promise((resolve) => setTimeout(resolve, 50))

    expect(events).toEqual([])
    expect(renewNow).not.toHaveBeenCalled()
    expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true)
  })

  it('renews the token first, then replays the changes in the order they were made', async () => {
    signInForTest()
    const client = queueTestClient()
    onlineManager.setOnline(false)
    const { events, setOnline } = harness(client)
    await queueChange(LOCALE_SAVE_KEY, { sub: USER.sub, locale: 'ar_SA' })
    await queueChange(PREFERENCES_SAVE_KEY, { userId: USER.userId, preferences: { a: 1 } })
    await queueChange(LOCALE_SAVE_KEY, { sub: USER.sub, locale: 'fr_CA' })

    setOnline(true)

    await vi.waitFor(settled(client))
    expect(events).toEqual([
      'renew start',
      'renew end',
      'PUT locale ar_SA',
      'PUT preferences',
      'PUT locale fr_CA',
    ])
  })

  it('still renews first when TanStack Query resumes the changes by itself', async () => {
    signInForTest()
    const client = queueTestClient()
    client.mount() // what QueryClientProvider does: resume paused mutations on reconnect
    onlineManager.setOnline(false)
    const { events, setOnline, renewNow } = harness(client)
    await queueChange(LOCALE_SAVE_KEY, { sub: USER.sub, locale: 'ar_SA' })

    setOnline(true)

    await vi.waitFor(settled(client))
    expect(events).toEqual(['renew start', 'renew end', 'PUT locale ar_SA'])
    expect(renewNow).toHaveBeenCalledTimes(1)
    client.unmount()
  })

  it('replays restored changes after the restore, renewing first', async () => {
    signInForTest()
    const client = queueTestClient()
    onlineManager.setOnline(false)
    await queueChange(LOCALE_SAVE_KEY, { sub: USER.sub, locale: 'ar_SA' })
    onlineManager.setOnline(true)
    // Started with a paused change already in the cache (as after a restore) and online.
    const { events, setOnline } = harness(client)
    setOnline(true)

    await vi.waitFor(settled(client))
    expect(events).toEqual(['renew start', 'renew end', 'PUT locale ar_SA'])
  })

  it('does not replay when the renewal is refused (the session logged out)', async () => {
    signInForTest()
    const client = queueTestClient()
    onlineManager.setOnline(false)
    const { events, setOnline } = harness(client, 'refused')
    await queueChange(LOCALE_SAVE_KEY, { sub: USER.sub, locale: 'ar_SA' })

    setOnline(true)
    // The renewal alone takes 30 ms: wait for its end, not a fixed time a busy machine can miss,
    // then give a wrongly replayed PUT every chance to go out before checking that none did.
    await vi.waitFor(() => {
      expect(events).toContain('renew end')
    })
    await new Promise((resolve) => setTimeout(resolve, 50))

    expect(events).toEqual(['renew start', 'renew end'])
    expect(readFailedChanges(USER.userId)).toEqual([])
  })

  it.each([
    { name: 'signed in', signedIn: true, renewal: 'ok', sent: ['public a', 'PUT locale ar_SA'] },
    // A visitor (the help centre's request): the renewal fails, the public change still goes out.
    { name: 'a visitor', signedIn: false, renewal: 'refused', sent: ['public a'] },
  ] as const)(
    '$name: a public change is sent without waiting for the renewal, the others after it',
    async ({ signedIn, renewal, sent }) => {
      if (signedIn) signInForTest()
      const client = queueTestClient()
      client.mount() // TanStack Query resumes paused changes on reconnect by itself
      const PUBLIC_KEY = ['test', 'public']
      const { events, setOnline, renewNow } = harness(client, renewal)
      registerQueueableMutations(client, [
        defineQueueableMutation({
          mutationKey: PUBLIC_KEY,
          label: { id: 'Public change' },
          variables: v.object({ note: v.string() }),
          mutationFn: ({ note }) => {
            events.push(`public ${note}`)
            return Promise.resolve()
          },
          summarize: () => [],
          public: true,
        }),
      ])
      onlineManager.setOnline(false)
      await queueChange(PUBLIC_KEY, { note: 'a' })
      await queueChange(LOCALE_SAVE_KEY, { sub: USER.sub, locale: 'ar_SA' })

      setOnline(true)

      await vi.waitFor(settled(client))
      expect(renewNow).toHaveBeenCalled()
      // The renewal's start races the public send; its end is what the other changes wait for.
      const sends = events.filter((event) => event !== 'renew start')
      expect(sends).toEqual([sent[0], 'renew end', ...sent.slice(1)])
      client.unmount()
    },
  )

  it('revalidates the stale queries on screen after the replay, not the fresh ones', async () => {
    signInForTest()
    const client = queueTestClient()
    const fetched: string[] = []
    const watch = (key: string, updatedAt: number) => {
      client.setQueryData([key], 0, { updatedAt })
      const observer = new QueryObserver(client, {
        queryKey: [key],
        queryFn: () => {
          fetched.push(key)
          return 1
        },
        refetchOnMount: false,
        refetchOnReconnect: false,
      })
      return observer.subscribe(() => undefined)
    }
    const stops = [watch('old', Date.now() - 10 * 60_000), watch('fresh', Date.now())]
    const { setOnline } = harness(client)

    setOnline(true)

    await vi.waitFor(() => {
      expect(fetched).toEqual(['old'])
    })
    for (const stop of stops) stop()
  })
})
