import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { CatchAllNotFound, RouteErrorPage, ShellLayout } from '../features/shell'
import { signedInChrome } from '../features/shell/signed-in-slot'
import { loadFullCatalog } from '../i18n/i18n'
import { needsFullCatalog } from '../i18n/core-routes'
import { dataLayer, needsDataLayer } from '../offline/data-layer'
import type { RouterContext } from '../router'
import { getSession } from '../session'

export const Route = createRootRouteWithContext<RouterContext>()({
  // A page outside the core routes renders with its words: the rest of the catalog is loaded
  // first (once; at boot it is already on its way). So is the data layer, for any page that
  // reads data (src/offline/data-layer.tsx), and the shell's signed-in parts for a signed-in
  // user. A preload on intent fetches none of them.
  beforeLoad: async ({ matches, preload }) => {
    if (preload) return
    const routeIds = matches.map((match) => match.routeId)
    const signedIn = getSession() !== null
    await Promise.all([
      needsFullCatalog(routeIds, signedIn) ? loadFullCatalog() : undefined,
      needsDataLayer(routeIds, signedIn) ? dataLayer.load() : undefined,
      signedIn ? signedInChrome.load() : undefined,
    ])
  },
  component: RootLayout,
  notFoundComponent: CatchAllNotFound,
  errorComponent: RouteErrorPage,
})

function RootLayout() {
  return (
    <ShellLayout>
      <Outlet />
    </ShellLayout>
  )
}
