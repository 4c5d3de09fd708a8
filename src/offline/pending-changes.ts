import { useSyncExternalStore } from 'react'
import type { MutationCacheNotifyEvent, QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { ApiError } from '../api/http'
import { getSession, subscribe as subscribeSession } from '../session/store'
import {
  findQueueableMutation,
  isQueueable,
  queueChange,
  queueClient,
  SignedOutError,
  type QueueOutcome,
} from './mutations'

/** What the server said when it refused a change (status, stable code, field errors). */
const RefusalSchema = v.object({
  status: v.number(),
  code: v.string(),
  errors: v.optional(v.record(v.string(), v.union([v.string(), v.array(v.string())]))),
})
export type Refusal = v.InferOutput<typeof RefusalSchema>

const FailedChangeSchema = v.object({
  id: v.string(),
  mutationKey: v.array(v.string()),
  variables: v.unknown(),
  submittedAt: v.number(),
  failedAt: v.number(),
  refusal: RefusalSchema,
})
/** A change the server refused during or after replay, kept until the user retries or discards it. */
export type FailedChange = v.InferOutput<typeof FailedChangeSchema>
const FailedChangesSchema = v.array(FailedChangeSchema)

/** A change waiting to be sent (paused offline, or on its way). */
export type QueuedChange = {
  id: number
  mutationKey: readonly string[]
  variables: unknown
  submittedAt: number
  /** True while it waits for a connection; false while it is being sent. */
  waiting: boolean
}

export type PendingChanges = { queued: QueuedChange[]; failed: FailedChange[] }

const STORAGE_PREFIX = 'wb.failed-changes.'
const storageKey = (userId: number) => `${STORAGE_PREFIX}${userId}`

const listeners = new Set<() => void>()
function notify(): void {
  for (const listener of listeners) listener()
}

/** The refused changes of a user, kept in localStorage per user (they survive reloads and sign-outs). */
export function readFailedChanges(userId: number): FailedChange[] {
  try {
    const raw = localStorage.getItem(storageKey(userId))
    if (raw === null) return []
    const parsed = v.safeParse(FailedChangesSchema, JSON.parse(raw))
    return parsed.success ? parsed.output : []
  } catch {
    return []
  }
}

function writeFailedChanges(userId: number, changes: FailedChange[]): void {
  if (changes.length === 0) localStorage.removeItem(storageKey(userId))
  else localStorage.setItem(storageKey(userId), JSON.stringify(changes))
  notify()
}

/** What to keep of an error: the server's status, code and field errors; anything else as a 0 status. */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiError) {
    return error.errors === undefined
      ? { status: error.status, code: error.code }
      : { status: error.status, code: error.code, errors: error.errors }
  }
  return { status: 0, code: error instanceof Error ? error.name : 'UNKNOWN' }
}

function newId(): string {
  return globalThis.crypto.randomUUID()
}

/** Keeps a refused change for the signed-in user (nothing is dropped silently). */
export function recordFailedChange(
  change: Omit<FailedChange, 'id' | 'failedAt'>,
  now = Date.now(),
): void {
  const userId = getSession()?.userId
  if (userId === undefined) return
  const entry: FailedChange = { ...change, id: newId(), failedAt: now }
  writeFailedChanges(userId, [...readFailedChanges(userId), entry])
}

/** Forgets one refused change (the user's Discard). */
export function discardFailedChange(id: string): void {
  const userId = getSession()?.userId
  if (userId === undefined) return
  writeFailedChanges(
    userId,
    readFailedChanges(userId).filter((change) => change.id !== id),
  )
}

/** Sends a refused change again; if it is refused again it comes back as a new entry. */
export async function retryFailedChange(id: string): Promise<QueueOutcome | null> {
  const userId = getSession()?.userId
  if (userId === undefined) return null
  const change = readFailedChanges(userId).find((c) => c.id === id)
  if (!change) return null
  discardFailedChange(id)
  return queueChange(change.mutationKey, change.variables)
}

function dropReplacedBy(mutationKey: readonly string[], before: number): void {
  const userId = getSession()?.userId
  if (userId === undefined) return
  const key = JSON.stringify(mutationKey)
  const all = readFailedChanges(userId)
  const kept = all.filter((c) => JSON.stringify(c.mutationKey) !== key || c.submittedAt > before)
  if (kept.length !== all.length) writeFailedChanges(userId, kept)
}

/**
 * Watches the mutation cache: a queued change that finally fails is moved to the failed changes
 * (its mutation would otherwise be garbage-collected with the error); a whole-object save that
 * succeeds clears older refused saves of the same key.
 */
export function trackFailedChanges(queryClient: QueryClient): () => void {
  return queryClient.getMutationCache().subscribe((event: MutationCacheNotifyEvent) => {
    if (event.type !== 'updated') return
    const mutation = event.mutation
    if (!isQueueable(mutation)) return
    const key = mutation.options.mutationKey as readonly string[]
    if (event.action.type === 'error') {
      const error: unknown = event.action.error
      if (error instanceof SignedOutError) return
      recordFailedChange({
        mutationKey: [...key],
        variables: mutation.state.variables,
        submittedAt: mutation.state.submittedAt,
        refusal: refusalOf(error),
      })
    } else if (event.action.type === 'success') {
      if (findQueueableMutation(key)?.replacesEarlier === true) {
        dropReplacedBy(key, mutation.state.submittedAt)
      }
    }
  })
}

/** The queueable changes still in the cache and not settled, oldest first. */
export function queuedChanges(queryClient: QueryClient): QueuedChange[] {
  return queryClient
    .getMutationCache()
    .getAll()
    .filter((m) => isQueueable(m) && m.state.status === 'pending')
    .map((m) => ({
      id: m.mutationId,
      mutationKey: m.options.mutationKey as readonly string[],
      variables: m.state.variables,
      submittedAt: m.state.submittedAt,
      waiting: m.state.isPaused,
    }))
}

let snapshot: { signature: string; value: PendingChanges } = {
  signature: '',
  value: { queued: [], failed: [] },
}

/** Queued and failed changes of the signed-in user, as one snapshot (stable while nothing changes). */
export function pendingChanges(queryClient: QueryClient | null = queueClient()): PendingChanges {
  const userId = getSession()?.userId
  const queued = queryClient ? queuedChanges(queryClient) : []
  const failed = userId === undefined ? [] : readFailedChanges(userId)
  const signature = JSON.stringify([
    userId,
    queued.map((q) => [q.id, q.waiting]),
    failed.map((f) => f.id),
  ])
  if (signature !== snapshot.signature) snapshot = { signature, value: { queued, failed } }
  return snapshot.value
}

/** Subscribes to changes of `pendingChanges()`. */
export function subscribePendingChanges(
  listener: () => void,
  queryClient: QueryClient | null = queueClient(),
): () => void {
  listeners.add(listener)
  const unsubscribeCache = queryClient?.getMutationCache().subscribe(listener)
  const unsubscribeSession = subscribeSession(listener)
  const handleStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(STORAGE_PREFIX)) listener()
  }
  globalThis.addEventListener('storage', handleStorage)
  return () => {
    listeners.delete(listener)
    unsubscribeCache?.()
    unsubscribeSession()
    globalThis.removeEventListener('storage', handleStorage)
  }
}

/** React: the queued and failed changes of the signed-in user. */
export function usePendingChanges(): PendingChanges {
  return useSyncExternalStore(
    subscribePendingChanges,
    () => pendingChanges(),
    () => pendingChanges(),
  )
}

/** React: how many changes are queued or failed. */
export function usePendingChangeCount(): number {
  const { queued, failed } = usePendingChanges()
  return queued.length + failed.length
}

// The panel is opened from the account menu and the indicator; one small store keeps it in sync.
let panelOpen = false
const panelListeners = new Set<() => void>()

/** Opens or closes the pending changes panel. */
export function setPendingChangesOpen(open: boolean): void {
  if (panelOpen === open) return
  panelOpen = open
  for (const listener of panelListeners) listener()
}

/** React: whether the pending changes panel is open. */
export function usePendingChangesOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      panelListeners.add(listener)
      return () => panelListeners.delete(listener)
    },
    () => panelOpen,
    () => false,
  )
}
