import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { CatchAllNotFound, RouteErrorPage, ShellLayout } from '../features/shell'
import { loadFullCatalog } from '../i18n/i18n'
import { needsFullCatalog } from '../i18n/core-routes'
import type { RouterContext } from '../router'
import { getSession } from '../session'

export const Route = createRootRouteWithContext<RouterContext>()({
  // A page outside the core routes renders with its words: the rest of the catalog is loaded
  // first (once; at boot it is already on its way). A preload on intent does not fetch it.
  beforeLoad: async ({ matches, preload }) => {
    if (preload) return
    const routeIds = matches.map((match) => match.routeId)
    if (needsFullCatalog(routeIds, getSession() !== null)) await loadFullCatalog()
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
