import { ApiError, isTransientError } from '../api/http'
import { isAccessExpired, renewalDelay } from '../lib/renewal-schedule'
import type { TokenPair } from './tokens'

// setTimeout overflows above 2^31-1 ms (about 24.8 days).
const MAX_TIMER_MS = 2_147_483_647

export type RenewalDeps = {
  getTokens(): TokenPair | null
  /** The renew call: POST /renew with the pair's tokens. */
  renew(tokens: TokenPair): Promise<TokenPair>
  saveTokens(tokens: TokenPair): void
  /** A server refusal of the renewal (not a network failure): the session decides what follows. */
  onRefused(error: ApiError): void
  /** The refresh token has expired: log out. */
  onExpired(): void
  now(): number
  /** Where `online` is listened for (window in the app). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>
}

export type Renewal = {
  /** Renews now; concurrent callers share one request. Resolves to the new pair or null. */
  renewNow(): Promise<TokenPair | null>
  /** (Re)schedules the renewal from the stored tokens. */
  schedule(): void
  /** The access token to send, renewed first when already expired (stale if renewal was impossible). */
  freshAccessToken(): Promise<string | null>
  /** Cancels the timer and the online listener. */
  stop(): void
}

/**
 * Seeds 4.1 renewal: 15 s before access expiry when the refresh token outlives it, at once when
 * that time has passed. A failure for lack of network keeps the session and retries on `online`
 * and on the next use; only a server refusal ends it.
 */
export function createRenewal(deps: RenewalDeps): Renewal {
  let inFlight: Promise<TokenPair | null> | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  let waitingForOnline = false

  const handleOnline = (): void => {
    waitingForOnline = false
    void renewNow()
  }

  function waitForOnline(): void {
    if (waitingForOnline || !deps.events) return
    waitingForOnline = true
    deps.events.addEventListener('online', handleOnline, { once: true })
  }

  function clearTimer(): void {
    if (timer !== null) clearTimeout(timer)
    timer = null
  }

  function schedule(): void {
    clearTimer()
    const tokens = deps.getTokens()
    if (!tokens) return
    const delay = renewalDelay(
      {
        accessExpiresAt: tokens.accessToken.expiresAt,
        refreshExpiresAt: tokens.refreshToken.expiresAt,
      },
      deps.now(),
    )
    if (delay === 'expired') {
      deps.onExpired()
      return
    }
    if (delay === null) return
    timer = setTimeout(
      () => {
        timer = null
        void renewNow()
      },
      Math.min(delay, MAX_TIMER_MS),
    )
  }

  async function run(tokens: TokenPair): Promise<TokenPair | null> {
    try {
      const next = await deps.renew(tokens)
      deps.saveTokens(next)
      schedule()
      return next
    } catch (error) {
      if (isTransientError(error)) {
        waitForOnline()
        return null
      }
      if (error instanceof ApiError) {
        clearTimer()
        deps.onRefused(error)
        return null
      }
      throw error
    }
  }

  function renewNow(): Promise<TokenPair | null> {
    if (inFlight) return inFlight
    const tokens = deps.getTokens()
    if (!tokens) return Promise.resolve(null)
    if (tokens.refreshToken.expiresAt * 1000 <= deps.now()) {
      clearTimer()
      deps.onExpired()
      return Promise.resolve(null)
    }
    inFlight = run(tokens).finally(() => {
      inFlight = null
    })
    return inFlight
  }

  async function freshAccessToken(): Promise<string | null> {
    const tokens = deps.getTokens()
    if (!tokens) return null
    if (!isAccessExpired(tokens.accessToken.expiresAt, deps.now())) return tokens.accessToken.token
    const renewed = await renewNow()
    if (renewed) return renewed.accessToken.token
    return deps.getTokens()?.accessToken.token ?? null
  }

  function stop(): void {
    clearTimer()
    if (waitingForOnline) deps.events?.removeEventListener('online', handleOnline)
    waitingForOnline = false
  }

  return { renewNow, schedule, freshAccessToken, stop }
}
