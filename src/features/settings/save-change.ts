import { onlineManager, type QueryClient } from '@tanstack/react-query'
import { NetworkError } from '../../api/http'
import { queueChange, type QueueOutcome, type RegisteredMutation } from '../../offline/mutations'
import {
  discardFailedChange,
  queuedChanges,
  readFailedChanges,
} from '../../offline/pending-changes'
import { getSession } from '../../session'

const sameKey = (a: readonly string[], b: readonly string[]) =>
  JSON.stringify(a) === JSON.stringify(b)

/**
 * Saves a queueable settings change. Online, with nothing waiting in the queue, it is sent at once
 * so that a refusal comes back to the form (errors under the fields) rather than to the pending
 * changes panel. Offline, or when the connection drops on the way, it is queued: replayed after
 * reconnect, in order, and shown in the panel meanwhile. Never rejects.
 */
export async function sendOrQueue(
  queryClient: QueryClient,
  change: RegisteredMutation,
  variables: unknown,
): Promise<QueueOutcome> {
  const waiting = queuedChanges(queryClient).length > 0
  if (!onlineManager.isOnline() || waiting) return queueChange(change.mutationKey, variables)
  const startedAt = Date.now()
  try {
    await change.run(variables)
  } catch (error) {
    if (error instanceof NetworkError) return queueChange(change.mutationKey, variables)
    return { status: 'failed', error }
  }
  for (const queryKey of change.invalidates(variables)) {
    void queryClient.invalidateQueries({ queryKey })
  }
  // As a replayed whole-object save does: older refused saves of the same thing are moot now.
  const userId = getSession()?.userId
  if (change.replacesEarlier && userId !== undefined) {
    for (const failed of readFailedChanges(userId)) {
      if (sameKey(failed.mutationKey, change.mutationKey) && failed.submittedAt < startedAt) {
        discardFailedChange(failed.id)
      }
    }
  }
  return { status: 'sent' }
}
