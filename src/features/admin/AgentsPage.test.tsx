import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { AdminAgentPageSchema } from '#contracts/admin.ts'
import { apiErrorResponse, contractJson } from '../../api/testing/contract-handlers'
import { deauthenticate } from '../../session'
import { AgentsPage } from './AgentsPage'
import { AGENT_COLUMNS_KEY } from './agent-search'
import { adminUrl, agentPage, agentRow, renderAsAdmin } from './testing/fixtures'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  deauthenticate()
  localStorage.clear()
})
afterAll(() => {
  server.close()
})

/** The agents list: every request's query recorded; `total` agents of which a page is sent. */
function agentsServer(total = 3) {
  const seen: URLSearchParams[] = []
  server.use(
    http.get(adminUrl('/agents'), ({ request }) => {
      const params = new URL(request.url).searchParams
      seen.push(params)
      const email = params.get('email')
      const rows = Array.from({ length: Math.min(total, 50) }, (_, i) => agentRow(i + 1)).filter(
        (row) => email === null || row.email === email,
      )
      return contractJson(
        AdminAgentPageSchema,
        agentPage(rows, email === null ? total : rows.length, Number(params.get('page') ?? 1)),
      )
    }),
  )
  return seen
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Find an agent' })

describe('AgentsPage', () => {
  it('lists the agents sorted by id with their count, and searches by owner email', async () => {
    const seen = agentsServer(3)
    await renderAsAdmin(<AgentsPage />, { server })
    expect(await screen.findByText('3 agents')).toBeInTheDocument()
    expect(seen[0]?.get('sorts')).toBe('agent_id')
    expect(seen[0]?.get('page')).toBe('1')
    const table = screen.getByRole('table', { name: 'Agents' })
    expect(within(table).getByRole('link', { name: 'Agent 2' })).toHaveAttribute(
      'href',
      '/admin/agent/2',
    )

    const user = userEvent.setup()
    await user.type(searchBox(), ' Owner2@Example.net {Enter}')
    expect(await screen.findByText('1 agent')).toBeInTheDocument()
    expect(seen.at(-1)?.get('email')).toBe('owner2@example.net')
    expect(seen.at(-1)?.get('id')).toBeNull()
  })

  it('reads ids and MACs as such; an unreadable term is refused before sending', async () => {
    const seen = agentsServer(3)
    await renderAsAdmin(<AgentsPage />, { server })
    await screen.findByText('3 agents')
    const user = userEvent.setup()
    await user.type(searchBox(), 'aabbccddeeff{Enter}')
    await waitFor(() => {
      expect(seen.at(-1)?.get('mac')).toBe('AA:BB:CC:DD:EE:FF')
    })
    await user.clear(searchBox())
    await user.type(searchBox(), '42{Enter}')
    await waitFor(() => {
      expect(seen.at(-1)?.get('id')).toBe('42')
    })
    const before = seen.length
    await user.clear(searchBox())
    await user.type(searchBox(), 'the hall router{Enter}')
    expect(
      await screen.findByText('Enter an agent id, an email address or a MAC address.'),
    ).toBeInTheDocument()
    expect(seen.length).toBe(before)
  })

  it('sorts on the server by the header, descending on the second press', async () => {
    const seen = agentsServer(3)
    await renderAsAdmin(<AgentsPage />, { server })
    await screen.findByText('3 agents')
    const user = userEvent.setup()
    const table = screen.getByRole('table', { name: 'Agents' })
    await user.click(within(table).getByRole('button', { name: /Last seen/ }))
    await waitFor(() => {
      expect(seen.at(-1)?.get('sorts')).toBe('last_seen')
    })
    await user.click(within(table).getByRole('button', { name: /Last seen/ }))
    await waitFor(() => {
      expect(seen.at(-1)?.get('sorts')).toBe('-last_seen')
    })
  })

  it('pages 50 at a time', async () => {
    const seen = agentsServer(120)
    await renderAsAdmin(<AgentsPage />, { server })
    expect(await screen.findByText('120 agents')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => {
      expect(seen.at(-1)?.get('page')).toBe('2')
    })
  })

  it('keeps the column choice on the device', async () => {
    agentsServer(2)
    const { unmount } = await renderAsAdmin(<AgentsPage />, { server })
    await screen.findByText('2 agents')
    const table = () => screen.getByRole('table', { name: 'Agents' })
    expect(within(table()).queryByRole('columnheader', { name: /Serial number/ })).toBeNull()
    const user = userEvent.setup()
    await user.click(screen.getByText('Columns', { selector: 'summary' }))
    await user.click(screen.getByRole('checkbox', { name: 'Serial number' }))
    await user.click(screen.getByRole('checkbox', { name: 'ISP' }))
    expect(JSON.parse(localStorage.getItem(AGENT_COLUMNS_KEY) ?? '[]')).toContain('isp')
    unmount()

    agentsServer(2)
    await renderAsAdmin(<AgentsPage />, { server })
    await screen.findByText('2 agents')
    expect(within(table()).getByRole('columnheader', { name: /Serial number/ })).toBeVisible()
    expect(within(table()).queryByRole('columnheader', { name: /ISP/ })).toBeNull()
  })

  it('says when the list cannot be loaded, and when offline', async () => {
    server.use(
      http.get(adminUrl('/agents'), () => apiErrorResponse(403, { code: 'FORBIDDEN' }), {
        once: true,
      }),
    )
    await renderAsAdmin(<AgentsPage />, { server })
    expect(await screen.findByText('The list could not be loaded')).toBeInTheDocument()
    deauthenticate()

    server.use(http.get(adminUrl('/agents'), () => HttpResponse.error()))
    await renderAsAdmin(<AgentsPage />, { server })
    expect(await screen.findByText(/offline/i)).toBeInTheDocument()
  })

  it('says when the panel has no agents', async () => {
    agentsServer(0)
    await renderAsAdmin(<AgentsPage />, { server })
    expect(await screen.findByText('This subscription has no agents yet.')).toBeInTheDocument()
  })
})
