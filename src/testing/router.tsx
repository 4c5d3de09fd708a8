import type { ReactNode } from 'react'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useLocation,
  type AnyRoute,
  type AnyRouter,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { RouterNavigation } from '../navigation/RouterNavigation'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

/** The current location, in an output labelled “current location” (tests read where a link led). */
export function TestLocation() {
  const href = useLocation({ select: (location) => location.href })
  return <output aria-label="current location">{href}</output>
}

/** A router over `routeTree` opened at `path`, with the app's link navigation. */
export function createTestRouter(routeTree: AnyRoute, path: string): AnyRouter {
  return createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    InnerWrap: RouterNavigation,
  })
}

/** Loads `router` (its first page ready before the first render) and renders it with i18n. */
export async function renderTestRouter(
  router: AnyRouter,
  wrap: (router: ReactNode) => ReactNode = (shown) => shown,
) {
  await router.load()
  return render(<I18nProvider i18n={i18n}>{wrap(<RouterProvider router={router} />)}</I18nProvider>)
}

export type TestRouterOptions = {
  /** Where the router opens (default `/somewhere`). */
  path?: string
  /**
   * Paths given a stand-in page (“stub /x”) for the screens the page leads to; with them the page
   * is at `path`'s pathname only, without them on every path.
   */
  stubs?: readonly string[]
  /** Shows the current location in an output labelled “current location”. */
  location?: boolean
  /** Wraps the router in what the page needs besides i18n (a query client, toasts …). */
  wrap?: (router: ReactNode) => ReactNode
}

/**
 * The tests' small in-memory router (links, navigation and search work): renders `page` at
 * `path`, loaded before the first render, and answers the render and the router.
 */
export async function renderInTestRouter(page: ReactNode, options: TestRouterOptions = {}) {
  const { path = '/somewhere', stubs, location = false, wrap = (router) => router } = options
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        {location && <TestLocation />}
      </>
    ),
  })
  const component = () => page
  const route = (at: string, show = component) =>
    createRoute({ getParentRoute: () => root, path: at, component: show })
  const pathname = path.split(/[?#]/)[0] || '/'
  const routes =
    stubs === undefined
      ? [route('/'), route('$')]
      : [
          route(pathname),
          ...stubs.filter((at) => at !== pathname).map((at) => route(at, () => <p>stub {at}</p>)),
        ]
  const router = createTestRouter(root.addChildren(routes), path)
  return { ...(await renderTestRouter(router, wrap)), router }
}
