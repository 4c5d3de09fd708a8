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
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { RouterNavigation } from '../navigation/RouterNavigation'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

function Where() {
  const location = useLocation()
  return <output aria-label="current location">{location.href}</output>
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
        {location && <Where />}
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
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
    InnerWrap: RouterNavigation,
  })
  await router.load()
  const view = render(
    <I18nProvider i18n={i18n}>{wrap(<RouterProvider router={router} />)}</I18nProvider>,
  )
  return { ...view, router }
}
