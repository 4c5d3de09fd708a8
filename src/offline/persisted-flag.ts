/**
 * Whether this device may hold a user's saved data (IndexedDB, src/offline/persistence.ts): set
 * when a user's cache starts being saved, cleared by the wipe. A sign-out on a page that never
 * loaded the data layer (a visitor's /logout) then has nothing to wipe and loads nothing for it.
 */
const KEY = 'wb.cachePersisted'

export function markCachePersisted(): void {
  try {
    localStorage.setItem(KEY, '1')
  } catch {
    // Storage blocked: the next sign-out wipes anyway (cacheMayBePersisted says yes).
  }
}

export function forgetCachePersisted(): void {
  try {
    localStorage.removeItem(KEY)
  } catch {
    // Storage blocked: nothing was remembered.
  }
}

/** True unless this device is known to hold no saved data. */
export function cacheMayBePersisted(): boolean {
  try {
    return localStorage.getItem(KEY) !== null
  } catch {
    return true
  }
}
