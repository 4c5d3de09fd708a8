import type { QueryClient } from '@tanstack/react-query'
import { createQueryClient } from '../api/query-client'
import { FEATURE_UPDATE_MUTATIONS } from '../features/feature-updates/feature-updates.mutations'
import { HELP_CENTRE_MUTATIONS } from '../features/help-centre/queue'
import { PRESET_MUTATIONS } from '../features/presets/queue'
import { SETTINGS_MUTATIONS } from '../features/settings/queue'
import { settleWithin } from '../lib/settle-within'
import { getSession, renewNow, subscribeSession } from '../session'
import { registerQueueableMutations } from './mutations'
import { createQueryPersistence, type WipeOptions } from './persistence'
import { startAppReplay, type Replay } from './replay'

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
  /**
   * Deauthentication: drops the cached data from memory and from the device; the queued changes
   * are kept for the user (sent after the same user signs in again) unless `keepQueued` is false.
   */
  signOut(options?: WipeOptions): void
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
    ...PRESET_MUTATIONS,
  ])
  let replay: Replay | null = null
  // Changes kept for a user whose session ended are back in the queue once that user signs in
  // again, with the new tokens in place: send them (a start's restore is followed by the replay).
  const persistence = createQueryPersistence(queryClient, {
    onAdopted: () => void replay?.replayNow(),
  })
  const userId = getSession()?.userId
  const restored = settleWithin(
    userId === undefined ? undefined : persistence.restoreFor(userId),
    RESTORE_TIMEOUT_MS,
  )

  void restored.then(() => {
    const started = startAppReplay(queryClient, {
      renewNow,
      isSignedIn: () => getSession() !== null,
    })
    replay = started
    // What QueryClientProvider does as it mounts: refetch on focus, resume paused changes when
    // the connection returns. Only now: a change restored paused must meet the replay's renewal
    // gate and its failure tracking, not resume before they are in place.
    queryClient.mount()
    void started.replayNow()
  })
  subscribeSession(() => {
    const current = getSession()?.userId
    // IndexedDB may be unavailable (a private window): the app goes on without the saved data.
    if (current !== undefined) persistence.restoreFor(current).catch(() => undefined)
  })

  return {
    queryClient,
    restored,
    signOut(options) {
      // The wipe first: it keeps the queued changes aside from the client before it is cleared.
      persistence.wipe(options).catch(() => undefined)
      queryClient.clear()
    },
  }
}
