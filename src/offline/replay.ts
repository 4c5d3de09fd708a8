import type { QueryClient } from '@tanstack/react-query'
import { isQueueable, setReplayGate, SignedOutError } from './mutations'
import { isOnline, subscribeOnline } from './online-state'
import { trackFailedChanges } from './pending-changes'

/** What the replay needs from the rest of the app (injected in tests). */
export type ReplayDeps = {
  isOnline(): boolean
  subscribeOnline(listener: () => void): () => void
  /** The session's single in-flight renewal: the new tokens, or null (offline, refused, signed out). */
  renewNow(): Promise<unknown>
  /** Whether someone is still signed in (a renewal the server refuses logs out). */
  isSignedIn(): boolean
}

export type Replay = {
  /** Renews, replays the paused changes in order, then revalidates stale queries; nothing offline. */
  replayNow(): Promise<void>
  stop(): void
}

function hasPausedChanges(queryClient: QueryClient): boolean {
  return queryClient
    .getMutationCache()
    .getAll()
    .some((m) => m.state.isPaused && isQueueable(m))
}

/**
 * Reconnect orchestration of the offline queue: when the connection returns (and after the cache
 * was restored) the token is renewed first, then the paused changes are resumed in order, then stale
 * queries revalidate. Call it after the persisted cache is restored.
 */
export function startReplay(queryClient: QueryClient, deps: ReplayDeps): Replay {
  // Restored changes were made in an earlier visit, and a start offline means a reconnect is
  // ahead: either way the token may be long expired by the time they are sent.
  let renewalDue = hasPausedChanges(queryClient) || !deps.isOnline()
  let renewing: Promise<void> | null = null

  function renewFirst(): Promise<void> {
    if (!renewalDue) return Promise.resolve()
    renewing ??= deps
      .renewNow()
      .then(
        (tokens) => {
          if (tokens !== null) renewalDue = false
        },
        () => undefined,
      )
      .finally(() => {
        renewing = null
      })
    return renewing
  }

  // TanStack Query also resumes paused mutations by itself when it sees the connection come back,
  // before our listener runs; every queued change therefore waits for the renewal on its own.
  setReplayGate(async () => {
    await renewFirst()
    if (!deps.isSignedIn()) throw new SignedOutError()
  })

  async function replayNow(): Promise<void> {
    // Resuming while offline would start changes that can only fail (TanStack/query #5847).
    if (!deps.isOnline()) return
    if (hasPausedChanges(queryClient)) {
      await renewFirst()
      if (!deps.isSignedIn() || !deps.isOnline()) return
      await queryClient.resumePausedMutations()
    }
    await queryClient.invalidateQueries({ stale: true }, { cancelRefetch: false })
  }

  const unsubscribeOnline = deps.subscribeOnline(() => {
    if (deps.isOnline()) void replayNow()
    else renewalDue = true
  })
  const stopTracking = trackFailedChanges(queryClient)

  return {
    replayNow,
    stop() {
      unsubscribeOnline()
      stopTracking()
      setReplayGate(null)
    },
  }
}

/** The replay wired to the app's online state; the session parts are passed by src/offline/start-data-layer.ts. */
export function startAppReplay(
  queryClient: QueryClient,
  session: Pick<ReplayDeps, 'renewNow' | 'isSignedIn'>,
): Replay {
  return startReplay(queryClient, { isOnline, subscribeOnline, ...session })
}
