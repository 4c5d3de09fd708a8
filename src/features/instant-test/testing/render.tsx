import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderInTestRouter } from '../../../testing/router'

/** Renders `ui` on a page of a small in-memory router, with a fresh query client (no retries). */
export async function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return renderInTestRouter(ui, {
    path: '/dashboard/whitebox-tests',
    wrap: (router) => <QueryClientProvider client={client}>{router}</QueryClientProvider>,
  })
}
