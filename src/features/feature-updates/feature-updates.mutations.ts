import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import type { FeatureUpdate } from '#contracts/feature-updates.ts'
import { putFeatureUpdateRead } from '../../api/feature-updates.api'
import {
  defineQueueableMutation,
  queueChange,
  type QueueOutcome,
  type RegisteredMutation,
} from '../../offline/mutations'
import {
  FEATURE_UPDATES_KEY,
  unreadFeatureUpdatesQueryOptions,
  type FeatureUpdatesScope,
} from './feature-updates.queries'

/** Key of the read mark PUT (seeds 000 §7.2). */
export const FEATURE_UPDATE_READ_KEY = ['feature-updates', 'read'] as const

const featureUpdateRead = defineQueueableMutation({
  mutationKey: FEATURE_UPDATE_READ_KEY,
  label: msg`Feature update read`,
  variables: v.object({
    userId: v.number(),
    updateId: v.number(),
    lastReadDate: v.number(),
    /** For the pending-changes panel only. */
    title: v.optional(v.string()),
  }),
  mutationFn: ({ userId, updateId, lastReadDate }) =>
    putFeatureUpdateRead(userId, updateId, lastReadDate),
  summarize: ({ updateId, title }) => [{ label: msg`Update`, value: title ?? `#${updateId}` }],
  invalidates: () => [[...FEATURE_UPDATES_KEY]],
})

/** The queueable changes of this feature, registered with the others before the restore (src/offline/start-data-layer.ts). */
export const FEATURE_UPDATE_MUTATIONS: readonly RegisteredMutation[] = [featureUpdateRead]

/**
 * Seeds 000 §4.5: marks every given update read now. Each mark is a queued change (sent at once
 * online, kept and replayed when offline); the unread list empties at once so the badge clears.
 */
export async function markUpdatesRead(
  queryClient: QueryClient,
  scope: FeatureUpdatesScope,
  updates: readonly FeatureUpdate[],
  now = Date.now(),
): Promise<QueueOutcome[]> {
  if (updates.length === 0) return []
  const marked = new Set(updates.map((update) => update.id))
  queryClient.setQueryData(unreadFeatureUpdatesQueryOptions(scope).queryKey, (list) =>
    list?.filter((update) => !marked.has(update.id)),
  )
  const lastReadDate = Math.floor(now / 1000)
  // One after another in the queue's scope anyway; started together so all are queued at once.
  return Promise.all(
    updates.map((update) =>
      queueChange(FEATURE_UPDATE_READ_KEY, {
        userId: scope.userId,
        updateId: update.id,
        lastReadDate,
        title: update.title,
      }),
    ),
  )
}
