import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError } from '../api/http'
import { createRenewal, type RenewalDeps } from './renewal'
import type { TokenPair } from './tokens'

const NOW = 1_800_000_000_000
const sec = (ms: number) => Math.floor(ms / 1000)

function pair(accessInMs: number, refreshInMs: number, label = 'a'): TokenPair {
  return {
    accessToken: { token: `access-${label}`, expiresAt: sec(Date.now() + accessInMs) },
    refreshToken: { token: `refresh-${label}`, expiresAt: sec(Date.now() + refreshInMs) },
  }
}

function setup(initial: TokenPair | null, renew: RenewalDeps['renew']) {
  let tokens = initial
  const events = new EventTarget()
  const deps = {
    getTokens: () => tokens,
    renew: vi.fn(renew),
    saveTokens: vi.fn((next: TokenPair) => {
      tokens = next
    }),
    onRefused: vi.fn(),
    onExpired: vi.fn(),
    now: () => Date.now(),
    events,
  }
  const renewal = createRenewal(deps)
  return { renewal, deps, events, tokens: () => tokens }
}

const HOUR = 3_600_000
const fresh = () => Promise.resolve(pair(15 * 60_000, 30 * 24 * HOUR, 'b'))

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(NOW)
})
afterEach(() => {
  vi.useRealTimers()
})

describe('renewal scheduling', () => {
  it('renews 15 s before the access token expires, not earlier', async () => {
    const { renewal, deps } = setup(pair(15 * 60_000, 24 * HOUR), fresh)
    renewal.schedule()
    await vi.advanceTimersByTimeAsync(15 * 60_000 - 15_000 - 1)
    expect(deps.renew).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(deps.renew).toHaveBeenCalledTimes(1)
    expect(deps.saveTokens.mock.calls[0]?.[0].accessToken.token).toBe('access-b')
    renewal.stop()
  })

  it('renews at once when the renewal time has already passed', async () => {
    const { renewal, deps } = setup(pair(5_000, 24 * HOUR), fresh)
    renewal.schedule()
    await vi.advanceTimersByTimeAsync(0)
    expect(deps.renew).toHaveBeenCalledTimes(1)
    renewal.stop()
  })

  it('does not schedule when the refresh token expires no later than the access token', async () => {
    const { renewal, deps } = setup(pair(60_000, 60_000), fresh)
    renewal.schedule()
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(deps.renew).not.toHaveBeenCalled()
  })

  it('logs out instead of renewing when the refresh token has expired', async () => {
    const { renewal, deps } = setup(pair(-60_000, -1_000), fresh)
    renewal.schedule()
    await expect(renewal.renewNow()).resolves.toBeNull()
    expect(deps.onExpired).toHaveBeenCalled()
    expect(deps.renew).not.toHaveBeenCalled()
  })

  it('reschedules after a successful renewal', async () => {
    const { renewal, deps } = setup(pair(20_000, 24 * HOUR), fresh)
    renewal.schedule()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(deps.renew).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(15 * 60_000 - 15_000)
    expect(deps.renew).toHaveBeenCalledTimes(2)
    renewal.stop()
  })
})

describe('renewal failures', () => {
  it('keeps the session when the network is down and retries on `online`', async () => {
    let offline = true
    const { renewal, deps, events, tokens } = setup(pair(-1_000, 24 * HOUR), () =>
      offline ? Promise.reject(new NetworkError(new TypeError('Failed to fetch'))) : fresh(),
    )
    await expect(renewal.renewNow()).resolves.toBeNull()
    expect(deps.onRefused).not.toHaveBeenCalled()
    expect(deps.onExpired).not.toHaveBeenCalled()
    expect(tokens()?.accessToken.token).toBe('access-a')

    offline = false
    events.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    expect(deps.renew).toHaveBeenCalledTimes(2)
    expect(tokens()?.accessToken.token).toBe('access-b')
    renewal.stop()
  })

  it('retries on the next use after a network failure', async () => {
    let offline = true
    const { renewal, deps } = setup(pair(-1_000, 24 * HOUR), () =>
      offline ? Promise.reject(new NetworkError()) : fresh(),
    )
    await expect(renewal.freshAccessToken()).resolves.toBe('access-a')
    offline = false
    await expect(renewal.freshAccessToken()).resolves.toBe('access-b')
    expect(deps.renew).toHaveBeenCalledTimes(2)
    renewal.stop()
  })

  it('treats a 5xx answer as transient, not as a refusal', async () => {
    const { renewal, deps } = setup(pair(-1_000, 24 * HOUR), () =>
      Promise.reject(new ApiError(503, 'INTERNAL')),
    )
    await renewal.renewNow()
    expect(deps.onRefused).not.toHaveBeenCalled()
    renewal.stop()
  })

  it('hands a server refusal to onRefused (which logs out)', async () => {
    const refusal = new ApiError(401, 'INVALID_REFRESH_TOKEN')
    const { renewal, deps } = setup(pair(-1_000, 24 * HOUR), () => Promise.reject(refusal))
    await renewal.renewNow()
    expect(deps.onRefused).toHaveBeenCalledWith(refusal)
    expect(deps.saveTokens).not.toHaveBeenCalled()
  })

  it('runs a single renewal for concurrent callers', async () => {
    let resolve: (value: TokenPair) => void = () => undefined
    const { renewal, deps } = setup(
      pair(-1_000, 24 * HOUR),
      () =>
        new Promise<TokenPair>((r) => {
          resolve = r
        }),
    )
    const calls = [renewal.renewNow(), renewal.freshAccessToken(), renewal.renewNow()]
    resolve(pair(15 * 60_000, 24 * HOUR, 'c'))
    const [first, token, third] = await Promise.all(calls)
    expect(deps.renew).toHaveBeenCalledTimes(1)
    expect(first).toBe(third)
    expect(token).toBe('access-c')
    renewal.stop()
  })

  it('sends an unexpired access token without renewing', async () => {
    const { renewal, deps } = setup(pair(10 * 60_000, 24 * HOUR), fresh)
    await expect(renewal.freshAccessToken()).resolves.toBe('access-a')
    expect(deps.renew).not.toHaveBeenCalled()
  })
})
