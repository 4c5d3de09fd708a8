import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  isOnline,
  reportNetworkFailure,
  reportNetworkSuccess,
  resetOnlineStateForTests,
  startOnlineTracking,
  subscribeOnline,
} from './online-state'

describe('online state', () => {
  let stop: () => void
  beforeEach(() => {
    vi.useFakeTimers()
    resetOnlineStateForTests()
    stop = startOnlineTracking()
  })
  afterEach(() => {
    stop()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('goes offline on a failed request and back online when the probe reaches the server', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(new Response('{}'))
    vi.stubGlobal('fetch', fetchMock)
    const changes: boolean[] = []
    const unsubscribe = subscribeOnline(() => changes.push(isOnline()))

    reportNetworkFailure()
    expect(isOnline()).toBe(false)
    await vi.advanceTimersByTimeAsync(2_000) // first probe fails
    expect(isOnline()).toBe(false)
    await vi.advanceTimersByTimeAsync(5_000) // second probe answers
    expect(isOnline()).toBe(true)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(changes).toEqual([false, true])
    unsubscribe()
  })

  it('follows the browser offline and online events', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const changes: boolean[] = []
    const unsubscribe = subscribeOnline(() => changes.push(isOnline()))
    window.dispatchEvent(new Event('offline'))
    expect(isOnline()).toBe(false)
    onLine.mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
    expect(isOnline()).toBe(true)
    expect(changes).toEqual([false, true])
    unsubscribe()
    onLine.mockRestore()
  })

  it('a successful answer clears a failure at once', () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}')))
    reportNetworkFailure()
    reportNetworkSuccess()
    expect(isOnline()).toBe(true)
  })
})

describe('a page that loads offline', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('announces the first return online', () => {
    // No reset here: the state is as the module left it online, like a real page load offline.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const stop = startOnlineTracking()
    const changes: boolean[] = []
    const unsubscribe = subscribeOnline(() => changes.push(isOnline()))
    expect(isOnline()).toBe(false)
    onLine.mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
    expect(changes).toEqual([true])
    unsubscribe()
    stop()
  })
})
