import type { ReactNode } from 'react'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { RouterNavigation } from '../../../navigation/RouterNavigation'
import { render, screen } from '@testing-library/react'

/** Renders `ui` on a page of a small in-memory router, with a fresh query client (no retries). */
export async function renderWithProviders(ui: ReactNode) {
  const page = () => <div data-testid="page">{ui}</div>
  const rootRoute = createRootRoute({ component: Outlet })
  const catchAll = createRoute({ getParentRoute: () => rootRoute, path: '$', component: page })
  const router = createRouter({
    routeTree: rootRoute.addChildren([catchAll]),
    history: createMemoryHistory({ initialEntries: ['/dashboard/whitebox-tests'] }),
    InnerWrap: RouterNavigation,
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  await screen.findByTestId('page')
  return view
}
