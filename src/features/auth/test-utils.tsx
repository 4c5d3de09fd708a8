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
import { RouterNavigation } from '../../navigation/RouterNavigation'
import { render } from '@testing-library/react'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

function Where() {
  const location = useLocation()
  return <output aria-label="current location">{location.href}</output>
}

/**
 * Renders `page` at `path` inside a small router with stand-ins for the screens it links to;
 * the current location is shown in an output labelled "current location".
 */
export async function renderAuthPage(page: ReactNode, path: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Where />
      </>
    ),
  })
  const pathname = path.split('?')[0] ?? path
  const stub = (p: string) =>
    createRoute({ getParentRoute: () => root, path: p, component: () => <p>stub {p}</p> })
  const routes = [
    createRoute({ getParentRoute: () => root, path: pathname, component: () => page }),
    ...['/dashboard', '/request-password', '/login', '/logout', '/redirect', '/units']
      .filter((p) => p !== pathname)
      .map(stub),
    stub('/expired-password/$userId/$token'),
  ]
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
    InnerWrap: RouterNavigation,
  })
  await router.load()
  return render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
}
