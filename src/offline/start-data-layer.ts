import type { QueryClient } from '@tanstack/react-query'
import { createQueryClient } from '../api/query-client'
import { FEATURE_UPDATE_MUTATIONS } from '../features/feature-updates/feature-updates.mutations'
import { HELP_CENTRE_MUTATIONS } from '../features/help-centre/queue'
import { SETTINGS_MUTATIONS } from '../features/settings/queue'
import { settleWithin } from '../lib/settle-within'
import { getSession, renewNow, subscribeSession } from '../session'
import { registerQueueableMutations } from './mutations'
import { createQueryPersistence } from './persistence'
import { startAppReplay } from './replay'

/** IndexedDB can stall (private mode, a blocked upgrade): never let it keep the app from going on. */
export const RESTORE_TIMEOUT_MS = 3_000

/** The query client with its persistence and the offline queue: what the pages' data needs. */
export type DataLayer = {
  queryClient: QueryClient
  /**
   * Settles once the signed-in user's saved data is in the client (at once for nobody), or after
   * RESTORE_TIMEOUT_MS if IndexedDB stalls; never rejects.
   */
  restored: Promise<void>
  /** Deauthentication: drops the cached data from memory and from the device. */
  signOut(): void
}

/**
 * Starts the data layer: the queueable changes are registered before the restore (restored paused
 * changes find their functions by key), the signed-in user's saved data is restored, then the
 * changes queued offline are replayed (renewal first), also if the restore stalls. A later
 * sign-in restores that user's data.
 */
export function startDataLayer(): DataLayer {
  const queryClient = createQueryClient()
  registerQueueableMutations(queryClient, [
    ...FEATURE_UPDATE_MUTATIONS,
    ...SETTINGS_MUTATIONS,
    ...HELP_CENTRE_MUTATIONS,
  ])
  const persistence = createQueryPersistence(queryClient)
  const userId = getSession()?.userId
  const restored = settleWithin(
    userId === undefined ? undefined : persistence.restoreFor(userId),
    RESTORE_TIMEOUT_MS,
  )

  void restored.then(() => {
    const replay = startAppReplay(queryClient, {
      renewNow,
      isSignedIn: () => getSession() !== null,
    })
    // What QueryClientProvider does as it mounts: refetch on focus, resume paused changes when
    // the connection returns. Only now: a change restored paused must meet the replay's renewal
    // gate and its failure tracking, not resume before they are in place.
    queryClient.mount()
    void replay.replayNow()
  })
  subscribeSession(() => {
    const current = getSession()?.userId
    // IndexedDB may be unavailable (a private window): the app goes on without the saved data.
    if (current !== undefined) persistence.restoreFor(current).catch(() => undefined)
  })

  return {
    queryClient,
    restored,
    signOut() {
      queryClient.clear()
      persistence.wipe().catch(() => undefined)
    },
  }
}
