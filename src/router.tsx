import { createRouter } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { RouterNavigation } from './navigation/RouterNavigation'
import { routeTree } from './routeTree.gen'

/**
 * What the routes get from the app: the query client, loaded with the data layer when first
 * asked for (src/offline/data-layer.tsx); the root route has loaded it before any page that needs it.
 */
export type RouterContext = { loadQueryClient: () => Promise<QueryClient> }

/** The app's router: scroll to the hash or the top (seeds 2.3), preloading on intent. */
export function createAppRouter(loadQueryClient: () => Promise<QueryClient>) {
  return createRouter({
    routeTree,
    context: { loadQueryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: false,
    // The shell and the pages read the app's navigation (src/navigation) through the router.
    InnerWrap: RouterNavigation,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
