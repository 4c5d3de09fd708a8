import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { onlineManager } from '@tanstack/react-query'
import { ApiError, NetworkError } from '../api/http'
import { apiErrorResponse, apiUrl } from '../api/testing/contract-handlers'
import { getSession } from '../session/store'
import { LOCALE_SAVE_KEY, queueChange } from './mutations'
import { startOnlineTracking } from './online-state'
import {
  discardFailedChange,
  pendingChanges,
  readFailedChanges,
  recordFailedChange,
  refusalOf,
  retryFailedChange,
} from './pending-changes'
import { startReplay, type Replay } from './replay'
import { queueTestClient, resetQueueTest, signInForTest, USER } from './testing/queue-test-utils'

const server = setupServer()
const LOCALE_PATH = `/users/${USER.sub}/personal_information`
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

function startTestReplay(client: ReturnType<typeof queueTestClient>) {
  replay = startReplay(client, {
    isOnline: () => onlineManager.isOnline(),
    subscribeOnline: () => () => undefined,
    renewNow: () => Promise.resolve({}),
    isSignedIn: () => getSession() !== null,
  })
  return replay
}

describe('failure surfacing', () => {
  it('a replay the server refuses lands in the failed changes with what was sent', async () => {
    signInForTest()
    const client = queueTestClient()
    onlineManager.setOnline(false)
    const replay = startTestReplay(client)
    await queueChange(LOCALE_SAVE_KEY, { sub: USER.sub, locale: 'ar_SA' })
    server.use(
      http.put(apiUrl('zeus', LOCALE_PATH), () =>
        apiErrorResponse(422, { code: 'VALIDATION_FAIL', errors: { default_locale: 'INVALID' } }),
      ),
    )

    onlineManager.setOnline(true)
    await replay.replayNow()

    await vi.waitFor(() => {
      expect(readFailedChanges(USER.userId)).toMatchObject([
        {
          mutationKey: ['locale', 'save'],
          variables: { sub: USER.sub, locale: 'ar_SA' },
          refusal: { status: 422, code: 'VALIDATION_FAIL', errors: { default_locale: 'INVALID' } },
        },
      ])
    })
    expect(pendingChanges(client).queued).toEqual([])
    expect(pendingChanges(client).failed).toHaveLength(1)
  })

  it('a network failure during the replay keeps the change queued (paused), not failed', async () => {
    signInForTest()
    const client = queueTestClient()
    const stopOnline = startOnlineTracking()
    startTestReplay(client)
    server.use(
      http.put(apiUrl('zeus', LOCALE_PATH), () => HttpResponse.error()),
      // The connection probe keeps failing: the app stays offline.
      http.get('/api/health', () => HttpResponse.error()),
    )

    const outcome = await queueChange(LOCALE_SAVE_KEY, { sub: USER.sub, locale: 'fr_CA' })

    expect(outcome).toEqual({ status: 'queued' })
    expect(pendingChanges(client).queued).toMatchObject([
      { mutationKey: ['locale', 'save'], variables: { locale: 'fr_CA' }, waiting: true },
    ])
    expect(readFailedChanges(USER.userId)).toEqual([])
    stopOnline()
  })

  it('Retry sends a failed change again and clears it once accepted', async () => {
    signInForTest()
    const client = queueTestClient()
    startTestReplay(client)
    recordFailedChange({
      mutationKey: ['locale', 'save'],
      variables: { sub: USER.sub, locale: 'ar_SA' },
      submittedAt: 1,
      refusal: { status: 409, code: 'CONFLICT' },
    })
    const sent: unknown[] = []
    server.use(
      http.put(apiUrl('zeus', LOCALE_PATH), async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ data: {} })
      }),
    )
    const [failed] = readFailedChanges(USER.userId)

    await expect(retryFailedChange(failed?.id ?? '')).resolves.toEqual({ status: 'sent' })

    expect(sent).toEqual([{ default_locale: 'ar_SA' }])
    expect(readFailedChanges(USER.userId)).toEqual([])
  })

  it('Retry refused again comes back as a failed change (never dropped)', async () => {
    signInForTest()
    const client = queueTestClient()
    startTestReplay(client)
    recordFailedChange({
      mutationKey: ['locale', 'save'],
      variables: { sub: USER.sub, locale: 'ar_SA' },
      submittedAt: 1,
      refusal: { status: 403, code: 'FORBIDDEN' },
    })
    server.use(
      http.put(apiUrl('zeus', LOCALE_PATH), () => apiErrorResponse(403, { code: 'FORBIDDEN' })),
    )
    const [failed] = readFailedChanges(USER.userId)

    await retryFailedChange(failed?.id ?? '')

    await vi.waitFor(() => {
      expect(readFailedChanges(USER.userId)).toMatchObject([
        { variables: { locale: 'ar_SA' }, refusal: { status: 403, code: 'FORBIDDEN' } },
      ])
    })
    expect(readFailedChanges(USER.userId)[0]?.id).not.toBe(failed?.id)
  })

  it('a later successful save of the same whole object clears the older refused one', async () => {
    signInForTest()
    const client = queueTestClient()
    startTestReplay(client)
    recordFailedChange({
      mutationKey: ['locale', 'save'],
      variables: { sub: USER.sub, locale: 'ar_SA' },
      submittedAt: Date.now() - 60_000,
      refusal: { status: 422, code: 'VALIDATION_FAIL' },
    })
    server.use(http.put(apiUrl('zeus', LOCALE_PATH), () => HttpResponse.json({ data: {} })))

    await queueChange(LOCALE_SAVE_KEY, { sub: USER.sub, locale: 'fr_CA' })

    await vi.waitFor(() => {
      expect(readFailedChanges(USER.userId)).toEqual([])
    })
  })

  it('Discard forgets one failed change; they are kept per user', () => {
    signInForTest()
    const entry = {
      mutationKey: ['locale', 'save'],
      variables: { sub: USER.sub, locale: 'ar_SA' },
      submittedAt: 1,
      refusal: { status: 422, code: 'VALIDATION_FAIL' },
    }
    recordFailedChange(entry)
    recordFailedChange({ ...entry, submittedAt: 2 })
    const [first, second] = readFailedChanges(USER.userId)

    discardFailedChange(first?.id ?? '')

    expect(readFailedChanges(USER.userId).map((c) => c.id)).toEqual([second?.id])
    expect(readFailedChanges(USER.userId + 1)).toEqual([])
  })
})

describe('refusalOf', () => {
  it.each([
    {
      error: new ApiError(422, 'VALIDATION_FAIL', { errors: { name: 'MISSING' } }),
      expected: { status: 422, code: 'VALIDATION_FAIL', errors: { name: 'MISSING' } },
    },
    { error: new ApiError(409, 'CONFLICT'), expected: { status: 409, code: 'CONFLICT' } },
    { error: new NetworkError(), expected: { status: 0, code: 'NetworkError' } },
    { error: 'odd', expected: { status: 0, code: 'UNKNOWN' } },
  ])('$expected.code', ({ error, expected }) => {
    expect(refusalOf(error)).toEqual(expected)
  })
})
