import { useSyncExternalStore } from 'react'
import * as v from 'valibot'
import { FLAG_KEYS } from '../session/local-flags'

/*
 * The changes a user queued (made offline, not yet sent) when their session ended: the server
 * refused a renewal, the refresh token expired, or they signed out choosing "Send when back
 * online". The deauthentication wipes the query cache where the queue lives (src/offline/
 * persistence.ts), so the changes are moved here first, under that user's id, and go back into
 * the queue once the same user signs in again (`createQueryPersistence().restoreFor`). Another
 * user of the device never sees nor sends them. Kept in localStorage (small JSON values, as the
 * refused changes of pending-changes.ts): the sign-in page reads the count without IndexedDB.
 */

const KeptChangeSchema = v.object({
  mutationKey: v.array(v.string()),
  variables: v.unknown(),
  submittedAt: v.number(),
})
/** A queued change kept for its user while nobody (or someone else) is signed in. */
export type KeptChange = v.InferOutput<typeof KeptChangeSchema>
const KeptChangesSchema = v.array(KeptChangeSchema)

const STORAGE_PREFIX = 'wb.kept-changes.'
const storageKey = (userId: number) => `${STORAGE_PREFIX}${userId}`

const listeners = new Set<() => void>()
function notify(): void {
  for (const listener of listeners) listener()
}

/** The changes kept for `userId`, oldest first. */
export function readKeptChanges(userId: number): KeptChange[] {
  try {
    const raw = localStorage.getItem(storageKey(userId))
    if (raw === null) return []
    const parsed = v.safeParse(KeptChangesSchema, JSON.parse(raw))
    return parsed.success ? parsed.output : []
  } catch {
    return []
  }
}

// One change can be kept twice (from memory and from its saved copy): it is the same change.
const identity = (change: KeptChange) =>
  JSON.stringify([change.mutationKey, change.submittedAt, change.variables])

/** Adds changes to what is kept for `userId` (duplicates once), in the order they were made. */
export function keepChanges(userId: number, changes: readonly KeptChange[]): void {
  if (changes.length === 0) return
  const kept = readKeptChanges(userId)
  const seen = new Set(kept.map(identity))
  for (const change of changes) {
    const id = identity(change)
    if (seen.has(id)) continue
    seen.add(id)
    kept.push(change)
  }
  kept.sort((a, b) => a.submittedAt - b.submittedAt)
  // Not caught: a change that cannot be kept must not be reported kept (the wipe then stops).
  localStorage.setItem(storageKey(userId), JSON.stringify(kept))
  notify()
}

/** Forgets what is kept for `userId` (they are back in the queue). */
export function forgetKeptChanges(userId: number): void {
  try {
    localStorage.removeItem(storageKey(userId))
  } catch {
    return
  }
  notify()
}

/** The user this device last had signed in (the seeds' `wb.userId` flag outlives the session). */
function lastUserId(): number | null {
  try {
    const id = Number(localStorage.getItem(FLAG_KEYS.userId) ?? NaN)
    return Number.isInteger(id) ? id : null
  } catch {
    return null
  }
}

/** How many changes wait for the last signed-in user of this device to sign in again. */
export function keptChangeCount(): number {
  const userId = lastUserId()
  return userId === null ? 0 : readKeptChanges(userId).length
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const handleStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(STORAGE_PREFIX)) listener()
  }
  globalThis.addEventListener('storage', handleStorage)
  return () => {
    listeners.delete(listener)
    globalThis.removeEventListener('storage', handleStorage)
  }
}

/** React: how many changes wait for the last signed-in user to sign in again. */
export function useKeptChangeCount(): number {
  return useSyncExternalStore(subscribe, keptChangeCount, () => 0)
}
