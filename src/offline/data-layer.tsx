import type { ReactNode } from 'react'
import { QueryClientContext, type QueryClient } from '@tanstack/react-query'
import { getSession, onDeauthenticate } from '../session'
import { moduleSlot, useModuleSlot } from './module-slot'
import { cacheMayBePersisted } from './persisted-flag'

export {
  needsDataLayer,
  pageNeedsDataLayer,
  ROUTES_WITHOUT_DATA,
} from '#contracts/pages/data-routes.ts'

/**
 * The data layer (TanStack Query, its IndexedDB persistence, the offline queue) is not in the
 * entry: the sign-in pages do without it, and a visitor's first page is lighter by its ~19.5 KB
 * gzip. It is loaded before the first render of a signed-in start and of any page that needs it
 * (src/routes/__root.tsx), and stays loaded.
 */
export const dataLayer = moduleSlot(() =>
  import('./start-data-layer').then(({ startDataLayer }) => startDataLayer()),
)

/** The query client, loading the data layer first if it is not yet (route loaders). */
export function loadQueryClient(): Promise<QueryClient> {
  return dataLayer.load().then((layer) => layer.queryClient)
}

/**
 * Removes the device's saved data if there may be some (the wipe's code is the data layer's
 * chunk: a device known to hold nothing does not load it for nothing). The changes queued in it
 * are kept for their user (src/offline/kept-changes.ts) unless `keepQueued` is false.
 */
function wipeDeviceCopy(keepQueued: boolean): void {
  if (!cacheMayBePersisted()) return
  import('./persistence')
    .then(({ wipePersistedCaches }) => wipePersistedCaches({ keepQueued }))
    .catch(() => undefined)
}

/**
 * Deauthentication wipes the cached data: in memory if the layer is loaded, on the device always.
 * The queued changes are kept for the user unless the deauthentication discards them.
 */
export function wipeDataOnDeauthentication(): () => void {
  return onDeauthenticate(({ queuedChanges }) => {
    const keepQueued = queuedChanges === 'keep'
    const layer = dataLayer.current()
    if (layer) layer.signOut({ keepQueued })
    else wipeDeviceCopy(keepQueued)
  })
}

/**
 * A start with nobody signed in (the session ended while the app was closed: its tokens expired
 * or were removed) leaves no one's saved data on the device for the next person to sign in; the
 * changes that were queued in it wait for their user to sign in again.
 */
export function wipeDataLeftSignedOut(): void {
  if (getSession() === null) wipeDeviceCopy(true)
}

/** Gives the pages the query client once the data layer is loaded (`useQueryClient`). */
export function DataLayerProvider({ children }: { children: ReactNode }) {
  const layer = useModuleSlot(dataLayer)
  return (
    <QueryClientContext.Provider value={layer?.queryClient}>{children}</QueryClientContext.Provider>
  )
}
