import type { Query, QueryClient } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client'
import { CACHE_BUSTER, PERSIST_MAX_AGE, shouldPersistQuery } from '../../offline/persistence'
import { CACHE_STORE, helpCentreDb } from './hc-db'
import { HC_KEY_ROOT, HC_PERSIST_CLASS } from './help-centre.queries'

const CACHE_KEY = 'queries'
/** Writes are gathered: one fetch notifies the cache many times. */
const WRITE_DELAY_MS = 250
/** IndexedDB can stall (private mode, a blocked upgrade): the page opens without saved data then. */
const RESTORE_TIMEOUT_MS = 2_000

/** Help-centre queries only (key root `hc`), each within its persist class's age. */
export function isHelpCentreQuery(query: Query): boolean {
  return query.queryKey[0] === HC_KEY_ROOT && shouldPersistQuery(query)
}

function helpCentrePersister(): Persister {
  let pending: PersistedClient | null = null
  let timer: ReturnType<typeof setTimeout> | undefined

  const flush = async () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    const client = pending
    pending = null
    if (!client) return
    try {
      const tx = (await helpCentreDb()).transaction(CACHE_STORE, 'readwrite')
      await tx.store.put(client, CACHE_KEY)
      await tx.done
    } catch {
      // Not saved this time; the next change writes the whole set again.
    }
  }
  // A page closed right after an article loaded still keeps it.
  globalThis.addEventListener('pagehide', () => void flush())

  return {
    persistClient(client) {
      pending = client
      timer ??= setTimeout(() => void flush(), WRITE_DELAY_MS)
      return Promise.resolve()
    },
    async restoreClient() {
      return (await (await helpCentreDb()).get(CACHE_STORE, CACHE_KEY)) as
        PersistedClient | undefined
    },
    async removeClient() {
      await (await helpCentreDb()).delete(CACHE_STORE, CACHE_KEY)
    },
  }
}

function optionsFor(queryClient: QueryClient, persister: Persister) {
  return {
    queryClient,
    persister,
    buster: CACHE_BUSTER,
    maxAge: PERSIST_MAX_AGE[HC_PERSIST_CLASS],
    dehydrateOptions: {
      shouldDehydrateQuery: isHelpCentreQuery,
      shouldDehydrateMutation: () => false,
    },
  }
}

const started = new WeakMap<QueryClient, Promise<void>>()
const restored = new WeakSet<QueryClient>()

/**
 * Restores the help centre's saved pages into the client (once) and keeps saving them from then on.
 * Resolves when restored, or after a short wait when IndexedDB does not answer.
 */
export function restoreHelpCentreCache(queryClient: QueryClient): Promise<void> {
  let work = started.get(queryClient)
  if (!work) {
    const persister = helpCentrePersister()
    work = persistQueryClientRestore(optionsFor(queryClient, persister))
      .catch(() => undefined)
      .then(() => {
        restored.add(queryClient)
        persistQueryClientSubscribe(optionsFor(queryClient, persister))
      })
    started.set(queryClient, work)
  }
  // Every page of the help centre passes here: after the first, there is nothing to wait for.
  if (restored.has(queryClient)) return Promise.resolve()
  return Promise.race([
    work,
    new Promise<void>((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS)),
  ])
}
