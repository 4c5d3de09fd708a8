import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetQueueTest, signInForTest } from './testing/queue-test-utils'

// The order the start keeps: changes registered, then the restore, then (restored or not after
// RESTORE_TIMEOUT_MS) the replay and the client's mount. The restore and the replay are stood in
// for, so the order is what is seen.
const seen = vi.hoisted(() => ({
  events: [] as string[],
  finishRestore: undefined as (() => void) | undefined,
}))

vi.mock('./persistence', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./persistence')>()),
  createQueryPersistence: () => ({
    restoreFor: (userId: number) => {
      seen.events.push(`restore ${String(userId)}`)
      return new Promise<void>((resolve) => {
        seen.finishRestore = resolve
      })
    },
    wipe: () => Promise.resolve(),
  }),
}))

vi.mock('./replay', () => ({
  startAppReplay: () => {
    seen.events.push('replay')
    return { replayNow: () => Promise.resolve(), stop: () => undefined }
  },
}))

vi.mock('./mutations', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./mutations')>()
  return {
    ...actual,
    registerQueueableMutations: (...args: Parameters<typeof actual.registerQueueableMutations>) => {
      seen.events.push('register')
      actual.registerQueueableMutations(...args)
    },
  }
})

const { RESTORE_TIMEOUT_MS, startDataLayer } = await import('./start-data-layer')

afterEach(async () => {
  vi.useRealTimers()
  seen.events = []
  await resetQueueTest()
})

describe('startDataLayer', () => {
  it('registers the changes, restores, and only then replays and follows the connection', async () => {
    signInForTest()
    const layer = startDataLayer()
    const mount = vi.spyOn(layer.queryClient, 'mount')
    expect(seen.events).toEqual(['register', 'restore 7'])
    seen.finishRestore?.()
    await layer.restored
    await vi.waitFor(() => {
      expect(seen.events).toEqual(['register', 'restore 7', 'replay'])
    })
    expect(mount).toHaveBeenCalledTimes(1)
  })

  it('goes on without the saved data when IndexedDB stalls: the replay still starts', async () => {
    vi.useFakeTimers()
    signInForTest()
    // The earlier test's layer restores for the sign-in too (its session listener): not this one's.
    seen.events = []
    const layer = startDataLayer()
    await vi.advanceTimersByTimeAsync(RESTORE_TIMEOUT_MS - 1)
    expect(seen.events).toEqual(['register', 'restore 7'])
    await vi.advanceTimersByTimeAsync(1)
    await layer.restored
    expect(seen.events).toEqual(['register', 'restore 7', 'replay'])
  })

  it('restores nothing for nobody, and replays at once', async () => {
    const layer = startDataLayer()
    await layer.restored
    await vi.waitFor(() => {
      expect(seen.events).toEqual(['register', 'replay'])
    })
  })
})
