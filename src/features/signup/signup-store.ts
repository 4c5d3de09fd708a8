import { openDB, type IDBPDatabase } from 'idb'

/**
 * The sign-up pages' own IndexedDB database: the applicant's drafts and the last study metadata and
 * country data seen. Separate from the signed-in user's query cache (which a visitor does not have,
 * and which an app update or a logout wipes), so a reload offline still shows the form with what
 * was typed.
 */
const DB_NAME = 'whitebox-signup'
export const STORES = { drafts: 'drafts', reference: 'reference' } as const
export type SignupStore = (typeof STORES)[keyof typeof STORES]

let dbPromise: Promise<IDBPDatabase> | undefined
function db(): Promise<IDBPDatabase> {
  dbPromise ??= openDB(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORES.drafts)
      database.createObjectStore(STORES.reference)
    },
  }).catch((error: unknown) => {
    // Private mode or a blocked upgrade: try again next time rather than keep a failed promise.
    dbPromise = undefined
    throw error
  })
  return dbPromise
}

/** The stored value (unparsed: callers parse it), or undefined when absent or storage fails. */
export async function readStored(store: SignupStore, key: string): Promise<unknown> {
  try {
    return await (await db()).get(store, key)
  } catch {
    return undefined
  }
}

/** Stores a value; storage failing only means it is not kept. */
export async function writeStored(store: SignupStore, key: string, value: unknown): Promise<void> {
  try {
    const tx = (await db()).transaction(store, 'readwrite')
    await tx.store.put(value, key)
    // Resolve once committed: a reload right after an uncommitted put can lose it.
    await tx.done
  } catch {
    // Quota or a blocked database: the form still works, only this is not kept.
  }
}

/** Removes a value. */
export async function deleteStored(store: SignupStore, key: string): Promise<void> {
  try {
    await (await db()).delete(store, key)
  } catch {
    // Nothing stored, or storage unavailable: nothing to remove.
  }
}
