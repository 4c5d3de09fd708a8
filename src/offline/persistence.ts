import { openDB, type IDBPDatabase } from 'idb'
import type { Mutation, Query, QueryClient } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client'
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

/** A persister that keeps one user's cache under that user's key in IndexedDB. */
export function userPersister(userId: number): Persister {
  const key = `user:${userId}`
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

/** Removes every user's persisted cache (logout, deauthentication, user switch). */
export async function wipePersistedCaches(): Promise<void> {
  await (await db()).clear(STORE)
  forgetCachePersisted()
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

/**
 * Keeps the query cache of the signed-in user in IndexedDB. `restoreFor` restores that user's cache and
 * starts saving it; `stop` stops saving. One user at a time: switching users wipes the previous one.
 */
export function createQueryPersistence(queryClient: QueryClient) {
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
      const run = async () => {
        if (previous !== null && previous !== userId) await wipePersistedCaches()
        await persistQueryClientRestore(options(userId))
        if (generation !== mine) {
          // Signed out meanwhile: what the restore brought back is not left in memory.
          if (currentUser === null) queryClient.clear()
          return
        }
        unsubscribe = persistQueryClientSubscribe(options(userId))
        markCachePersisted()
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
    /** Stops saving and removes every persisted cache (logout). */
    async wipe(): Promise<void> {
      unsubscribe?.()
      unsubscribe = undefined
      currentUser = null
      generation += 1
      await wipePersistedCaches()
    },
  }
}
export type QueryPersistence = ReturnType<typeof createQueryPersistence>
