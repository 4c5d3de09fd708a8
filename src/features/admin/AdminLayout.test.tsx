import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { deauthenticate } from '../../session'
import { AdminLayout } from './AdminLayout'
import { adminSession, renderAsAdmin } from './testing/fixtures'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  deauthenticate()
})
afterAll(() => {
  server.close()
})

describe('AdminLayout', () => {
  it('shows the sections the permissions open as one row of links (ui/TabNav)', async () => {
    const session = adminSession(['agents_view', 'metadata_manage', 'instant_test_api_manage'])
    await renderAsAdmin(
      <AdminLayout>
        <p>page</p>
      </AdminLayout>,
      {
        server,
        session: {
          ...session,
          accessibles: {
            ...session.accessibles,
            apollo: [...session.accessibles.apollo, { pid: 2, front_name: 'Multiview' }],
          },
        },
      },
    )
    const nav = screen.getByRole('navigation', { name: 'Admin sections' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      'Agents',
      'Metadata',
      'Instant Test API usage',
      'Switch panel',
    ])
    expect(links[2]).toHaveAttribute('href', '/admin/instant-test-api-usage')
  })
})
