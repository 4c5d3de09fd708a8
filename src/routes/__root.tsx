import { createRootRouteWithContext } from '@tanstack/react-router'
import { CatchAllNotFound, RouteErrorPage } from '../features/shell'
import { signedInChrome } from '../features/shell/signed-in-slot'
import { loadCatalogFor } from '../i18n/i18n'
import { catalogNeedOf } from '#contracts/pages/core-routes.ts'
import { RouterShell } from '../navigation/RouterShell'
import { dataLayer, needsDataLayer, pageNeedsDataLayer } from '../offline/data-layer'
import type { ModuleSlot } from '../offline/module-slot'
import type { RouterContext } from '../router'
import { getSession } from '../session'

export const Route = createRootRouteWithContext<RouterContext>()({
  // A page outside the core routes renders with its words: the parts of the catalog it needs
  // are loaded first (once; at boot on their way already). So is the data layer, for any page
  // that reads data (src/offline/data-layer.tsx), and the shell's signed-in parts for a signed-in
  // user. A preload on intent fetches none of them.
  beforeLoad: async ({ matches, preload }) => {
    if (preload) return
    const routeIds = matches.map((match) => match.routeId)
    const signedIn = getSession() !== null
    // A page that reads no data (the error pages, the sign-in pages) renders without them if they
    // cannot load: /500 must not fail on the chunk that sent the user there, again and again.
    const required = pageNeedsDataLayer(routeIds, signedIn)
    const load = <T,>(slot: ModuleSlot<T>) =>
      required ? slot.load() : slot.load().catch(() => undefined)
    await Promise.all([
      loadCatalogFor(catalogNeedOf(routeIds, signedIn)),
      needsDataLayer(routeIds, signedIn) ? load(dataLayer) : undefined,
      signedIn ? load(signedInChrome) : undefined,
    ])
  },
  component: RouterShell,
  notFoundComponent: CatchAllNotFound,
  errorComponent: RouteErrorPage,
})
