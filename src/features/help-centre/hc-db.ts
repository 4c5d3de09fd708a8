import { openDB, type IDBPDatabase } from 'idb'

/**
 * The help centre's own IndexedDB: its saved pages and the request draft. Apart from the signed-in
 * user's cache (offline/persistence.ts) because the help centre is public: a visitor who never
 * signed in reads saved articles offline and keeps a draft too.
 */
const DB_NAME = 'whitebox-help-centre'
export const CACHE_STORE = 'cache'
export const DRAFT_STORE = 'drafts'

let dbPromise: Promise<IDBPDatabase> | undefined

/** The opened database (one connection for the page's life). */
export function helpCentreDb(): Promise<IDBPDatabase> {
  dbPromise ??= openDB(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(CACHE_STORE)
      database.createObjectStore(DRAFT_STORE)
    },
  }).catch((error: unknown) => {
    // Let a later call try again (a blocked upgrade can clear up).
    dbPromise = undefined
    throw error
  })
  return dbPromise
}
