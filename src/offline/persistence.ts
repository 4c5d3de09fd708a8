import { openDB, type IDBPDatabase } from 'idb'
import type { Mutation, MutationState, Query, QueryClient } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client'
import { forgetKeptChanges, keepChanges, readKeptChanges, type KeptChange } from './kept-changes'
import { forgetCachePersisted, markCachePersisted } from './persisted-flag'

const DB_NAME = 'whitebox'
const STORE = 'query-cache'
const DAY = 24 * 60 * 60 * 1000

/** How long each class of data may be shown from the device's cache (seeds: consumer results 30 days). */
export const PERSIST_MAX_AGE = {
  results: 30 * DAY,
  unit: 30 * DAY,
  reference: 7 * DAY,
  profile: 7 * DAY,
  default: DAY,
} as const
export type PersistClass = keyof typeof PERSIST_MAX_AGE

/** The longest of the classes: the whole persisted client is dropped past it, and gcTime must cover it. */
export const MAX_PERSIST_AGE = Math.max(...Object.values(PERSIST_MAX_AGE))

/** Query meta read by the persister: `meta: { persist: 'results' }`, or `persist: false` to keep a query out. */
export type PersistMeta = { persist?: PersistClass | false }

let dbPromise: Promise<IDBPDatabase> | undefined
function db(): Promise<IDBPDatabase> {
  dbPromise ??= openDB(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE)
    },
  })
  return dbPromise
}

const USER_KEY_PREFIX = 'user:'

/** A persister that keeps one user's cache under that user's key in IndexedDB. */
export function userPersister(userId: number): Persister {
  const key = `${USER_KEY_PREFIX}${userId}`
  return {
    async persistClient(client: PersistedClient) {
      const tx = (await db()).transaction(STORE, 'readwrite')
      await tx.store.put(asResumable(client), key)
      // Resolve only once committed: a reload right after an uncommitted put can lose it.
      await tx.done
    },
    async restoreClient() {
      return (await (await db()).get(STORE, key)) as PersistedClient | undefined
    },
    async removeClient() {
      await (await db()).delete(STORE, key)
    },
  }
}

/**
 * A change still in flight when the cache is written (the page is closing, the answer is lost) is
 * stored as paused, so that it resumes after the next start instead of vanishing. The changes that
 * are persisted replace a whole value (preferences, locale), so sending one twice is harmless.
 */
function asResumable(client: PersistedClient): PersistedClient {
  const mutations = client.clientState.mutations.map((m) =>
    m.state.status === 'pending' && !m.state.isPaused
      ? { ...m, state: { ...m.state, isPaused: true } }
      : m,
  )
  return { ...client, clientState: { ...client.clientState, mutations } }
}

/** Whether a wipe keeps the queued changes for their users (the default) or drops them. */
export type WipeOptions = { keepQueued?: boolean }

/** The queued changes (paused, or pending at unload) of a persisted or dehydrated client. */
function queuedOf(mutations: readonly { mutationKey?: unknown; state: MutationState }[]) {
  const queued: KeptChange[] = []
  for (const { mutationKey, state } of mutations) {
    if (state.status !== 'pending' && !state.isPaused) continue
    if (!Array.isArray(mutationKey) || !mutationKey.every((part) => typeof part === 'string')) {
      continue
    }
    queued.push({
      mutationKey,
      variables: state.variables,
      submittedAt: state.submittedAt,
    })
  }
  return queued
}

const userIdOfKey = (key: IDBValidKey) => {
  if (typeof key !== 'string' || !key.startsWith(USER_KEY_PREFIX)) return null
  const id = Number(key.slice(USER_KEY_PREFIX.length))
  return Number.isInteger(id) ? id : null
}

// One wipe at a time: a second deauthentication (the /logout page's) must not read what the
// first is clearing, nor keep changes the first was told to discard.
let wiping: Promise<void> = Promise.resolve()

async function wipeNow({ keepQueued = true }: WipeOptions): Promise<void> {
  const tx = (await db()).transaction(STORE, 'readwrite')
  if (keepQueued) {
    let cursor = await tx.store.openCursor()
    while (cursor) {
      const userId = userIdOfKey(cursor.key)
      const client = cursor.value as PersistedClient | undefined
      const queued = userId === null || !client ? [] : queuedOf(client.clientState.mutations)
      try {
        if (userId !== null) keepChanges(userId, queued)
        await cursor.delete()
      } catch {
        // Could not be kept aside (storage full): the changes stay in place, without the
        // cached data, and come back with that user's next restore.
        if (client) {
          await cursor.update({
            ...client,
            clientState: { mutations: client.clientState.mutations, queries: [] },
          })
        }
      }
      cursor = await cursor.continue()
    }
  } else {
    await tx.store.clear()
  }
  await tx.done
  forgetCachePersisted()
}

/**
 * Removes every user's persisted cache (logout, deauthentication, user switch). The changes
 * still queued in it are kept for their user (src/offline/kept-changes.ts) unless `keepQueued`
 * is false (a sign-out whose user chose to discard them).
 */
export function wipePersistedCaches(options: WipeOptions = {}): Promise<void> {
  const run = wiping.then(() => wipeNow(options))
  wiping = run.catch(() => undefined)
  return run
}

/** Only successful queries within their class's age are written; a query can opt out with `persist: false`. */
export function shouldPersistQuery(query: Query, now = Date.now()): boolean {
  if (query.state.status !== 'success') return false
  const persist = (query.meta as PersistMeta | undefined)?.persist
  if (persist === false) return false
  return now - query.state.dataUpdatedAt < PERSIST_MAX_AGE[persist ?? 'default']
}

/** The buster: a cache written by another app version is discarded rather than misread. */
export const CACHE_BUSTER = `whitebox-${__APP_VERSION__}`

/**
 * The one set of options for reading and writing a user's persisted cache. Mutations: the paused
 * ones, and pending ones that have registered defaults (queueable changes) so a change in flight at
 * unload is not lost; anything unregistered (sign-in, password) is never written.
 */
export function persistOptionsFor(queryClient: QueryClient, userId: number) {
  return {
    queryClient,
    persister: userPersister(userId),
    buster: CACHE_BUSTER,
    maxAge: MAX_PERSIST_AGE,
    dehydrateOptions: {
      shouldDehydrateQuery: (q: Query) => shouldPersistQuery(q),
      shouldDehydrateMutation: (m: Mutation) =>
        m.state.isPaused ||
        (m.state.status === 'pending' &&
          m.options.mutationKey !== undefined &&
          queryClient.getMutationDefaults(m.options.mutationKey).mutationFn !== undefined),
    },
  }
}

/** The changes queued in the client now (paused, or on their way), as kept changes. */
function queuedInMemory(queryClient: QueryClient): KeptChange[] {
  const mutations = queryClient
    .getMutationCache()
    .getAll()
    .filter((m) => m.options.mutationKey !== undefined)
  return queuedOf(mutations.map((m) => ({ mutationKey: m.options.mutationKey, state: m.state })))
}

/** Takes the queued changes out of the client (they belong to a user who is gone). */
function removeQueued(queryClient: QueryClient): void {
  const cache = queryClient.getMutationCache()
  for (const mutation of cache.getAll()) {
    if (mutation.state.status === 'pending' || mutation.state.isPaused) cache.remove(mutation)
  }
}

/**
 * Puts the changes kept for `userId` back in the client's queue, paused (the replay sends them),
 * writes them to the user's saved cache, and only then forgets them. Returns how many.
 */
async function adoptKeptChanges(queryClient: QueryClient, userId: number): Promise<number> {
  const kept = readKeptChanges(userId)
  if (kept.length === 0) return 0
  const cache = queryClient.getMutationCache()
  const alreadyQueued = new Set(
    queuedInMemory(queryClient).map((c) => JSON.stringify([c.mutationKey, c.submittedAt])),
  )
  for (const change of kept) {
    // Only a registered change can be sent (its function is found by key).
    if (queryClient.getMutationDefaults(change.mutationKey).mutationFn === undefined) continue
    if (alreadyQueued.has(JSON.stringify([change.mutationKey, change.submittedAt]))) continue
    cache.build(
      queryClient,
      { mutationKey: change.mutationKey },
      {
        context: undefined,
        data: undefined,
        error: null,
        failureCount: 0,
        failureReason: null,
        isPaused: true,
        status: 'pending',
        variables: change.variables,
        submittedAt: change.submittedAt,
      },
    )
  }
  await persistQueryClientSave(persistOptionsFor(queryClient, userId))
  forgetKeptChanges(userId)
  return kept.length
}

/**
 * Keeps the query cache of the signed-in user in IndexedDB. `restoreFor` restores that user's cache and
 * starts saving it; `stop` stops saving. One user at a time: switching users wipes the previous one.
 * `onAdopted` runs when a restore put changes kept for that user back in the queue (to send them).
 */
export function createQueryPersistence(
  queryClient: QueryClient,
  { onAdopted }: { onAdopted?: () => void } = {},
) {
  let unsubscribe: (() => void) | undefined
  let currentUser: number | null = null
  // The restore under way: a second call for the same user (the session changes while it runs)
  // joins it instead of hydrating the saved changes a second time.
  let restoring: Promise<void> | null = null
  // Bumped by every restore and wipe: a restore overtaken by one of them does not start saving.
  let generation = 0

  const options = (userId: number) => persistOptionsFor(queryClient, userId)

  return {
    /** Restores the user's cached data into the client and saves it from now on. */
    restoreFor(userId: number): Promise<void> {
      if (currentUser === userId && (unsubscribe || restoring)) {
        return restoring ?? Promise.resolve()
      }
      unsubscribe?.()
      unsubscribe = undefined
      const previous = currentUser
      currentUser = userId
      generation += 1
      const mine = generation
      if (previous !== null && previous !== userId) {
        // Another user signed in without a sign-out (another tab): the previous one's queued
        // changes are kept for them, never sent with the new user's token.
        try {
          keepChanges(previous, queuedInMemory(queryClient))
        } catch {
          // Storage full: they stay in the saved copy, which the wipe below keeps aside.
        }
        removeQueued(queryClient)
      }
      const run = async () => {
        if (previous !== null && previous !== userId) await wipePersistedCaches()
        await persistQueryClientRestore(options(userId))
        if (generation !== mine) {
          // Signed out meanwhile: what the restore brought back is not left in memory.
          if (currentUser === null) queryClient.clear()
          return
        }
        const adopted = await adoptKeptChanges(queryClient, userId)
        if (generation !== mine) return
        unsubscribe = persistQueryClientSubscribe(options(userId))
        markCachePersisted()
        if (adopted > 0) onAdopted?.()
      }
      const tracked: Promise<void> = run().then(
        () => {
          if (restoring === tracked) restoring = null
        },
        (error: unknown) => {
          if (restoring === tracked) restoring = null
          // Not restored: the next call tries again.
          if (generation === mine) currentUser = null
          throw error
        },
      )
      restoring = tracked
      return tracked
    },
    /**
     * Stops saving and removes every persisted cache (logout). The changes queued in the client
     * are kept for the user first (before the caller clears the client), unless `keepQueued` is
     * false.
     */
    wipe(wipeOptions: WipeOptions = {}): Promise<void> {
      unsubscribe?.()
      unsubscribe = undefined
      const user = currentUser
      currentUser = null
      generation += 1
      try {
        if (wipeOptions.keepQueued !== false && user !== null) {
          keepChanges(user, queuedInMemory(queryClient))
        }
      } catch {
        // Storage full: the saved copy's changes are still kept by the wipe below, or left.
      }
      return wipePersistedCaches(wipeOptions)
    },
  }
}
export type QueryPersistence = ReturnType<typeof createQueryPersistence>
