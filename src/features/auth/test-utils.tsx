import type { ReactNode } from 'react'
import { renderInTestRouter } from '../../testing/router'

/**
 * Renders `page` at `path` inside a small router with stand-ins for the screens it links to;
 * the current location is shown in an output labelled "current location".
 */
export async function renderAuthPage(page: ReactNode, path: string) {
  return renderInTestRouter(page, {
    path,
    location: true,
    stubs: [
      '/dashboard',
      '/request-password',
      '/login',
      '/logout',
      '/redirect',
      '/units',
      '/expired-password/$userId/$token',
    ],
  })
}
