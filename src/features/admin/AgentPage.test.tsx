import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import {
  AdminAgentDetailSchema,
  AdminAuditPageSchema,
  AutocompleteMetadataResultSchema,
  MetadataFieldSchema,
  type AdminAgentDetail,
} from '#contracts/admin.ts'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { deauthenticate } from '../../session'
import { AgentPage } from './AgentPage'
import { adminSession, adminUrl, agentDetail, FIELDS, renderAsAdmin } from './testing/fixtures'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
})
afterEach(() => {
  server.resetHandlers()
  deauthenticate()
})
afterAll(() => {
  server.close()
})

const DetailResponse = v.object({ data: AdminAgentDetailSchema })
const noChanges = {
  data: [],
  meta: { pagination: { total: 0, count: 0, per_page: 50, current_page: 1, total_pages: 1 } },
}
const FieldsResponse = v.object({ data: v.array(MetadataFieldSchema) })

/** One agent (7) and the panel's fields; writes recorded, answered with the agent as it is. */
function agentServer(
  options: { metadataRefusal?: Record<string, string[]>; allowanceUsedUp?: boolean } = {},
) {
  const agent = agentDetail(7)
  // With the allowance used up the agent starts inactive: the activation is what is refused.
  let detail: AdminAgentDetail = options.allowanceUsedUp
    ? { ...agent, agent: { ...agent.agent, state: 'inactive' } }
    : agent
  const writes: { path: string; body: unknown }[] = []
  server.use(
    http.get(adminUrl('/agents/7'), () => contractJson(DetailResponse, { data: detail })),
    http.get(adminUrl('/metadata-fields'), () => contractJson(FieldsResponse, { data: FIELDS })),
    http.get(adminUrl('/agents/7/audit'), () => contractJson(AdminAuditPageSchema, noChanges)),
    http.put(adminUrl('/agents/7/state'), async ({ request }) => {
      const body = (await request.json()) as { state: 'active' | 'inactive' }
      writes.push({ path: 'state', body })
      if (options.allowanceUsedUp && body.state === 'active') {
        return apiErrorResponse(409, { code: 'ALLOWANCE_EXCEEDED' })
      }
      detail = { ...detail, agent: { ...detail.agent, state: body.state } }
      return contractJson(DetailResponse, { data: detail })
    }),
    http.put(adminUrl('/agents/7/metadata'), async ({ request }) => {
      const body = (await request.json()) as { metadata: Record<string, string> }
      writes.push({ path: 'metadata', body })
      if (options.metadataRefusal) {
        return apiErrorResponse(400, { code: 'VALIDATION_FAILED', errors: options.metadataRefusal })
      }
      detail = { ...detail, metadata: { ...detail.metadata, ...body.metadata } }
      return contractJson(DetailResponse, { data: detail })
    }),
  )
  return writes
}

describe('AgentPage', () => {
  it('shows the agent: state, metadata by display name, connections', async () => {
    agentServer()
    await renderAsAdmin(<AgentPage agentId={7} />, { server })
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent 7' })).toBeInTheDocument()
    expect(await screen.findByText('Active')).toBeInTheDocument()
    expect(await screen.findByText('Hub code')).toBeInTheDocument()
    expect(screen.getByText('HUB-1')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Internet connection' })).toBeInTheDocument()
    expect(screen.getByText('300')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Router connection' })).toBeInTheDocument()
  })

  it('deactivates only after the confirmation', async () => {
    const writes = agentServer()
    await renderAsAdmin(<AgentPage agentId={7} />, { server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }))
    const dialog = screen.getByRole('dialog', { name: 'Deactivate this agent?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(writes).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Deactivate' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate' }))
    await waitFor(() => {
      expect(writes).toEqual([{ path: 'state', body: { state: 'inactive' } }])
    })
    expect(await screen.findByText('Inactive')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Activate' })).toBeInTheDocument()
  })

  it('says so when the month’s activation allowance is used up, and the agent stays inactive', async () => {
    const writes = agentServer({ allowanceUsedUp: true })
    await renderAsAdmin(<AgentPage agentId={7} />, { server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Activate' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Activate' }))
    expect(
      await screen.findByText(
        'This month’s activation allowance is used up: the agent stays inactive.',
      ),
    ).toBeInTheDocument()
    expect(writes).toEqual([{ path: 'state', body: { state: 'active' } }])
    expect(screen.getByText('Inactive')).toBeInTheDocument()
  })

  it('offers no changes without agents_manage and metadata_manage', async () => {
    agentServer()
    await renderAsAdmin(<AgentPage agentId={7} />, {
      server,
      session: adminSession(['agents_view']),
    })
    expect(await screen.findByText('HUB-1')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Deactivate|Activate/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edit metadata' })).toBeNull()
  })

  it('checks a number field before sending, then saves only what changed', async () => {
    const writes = agentServer()
    await renderAsAdmin(<AgentPage agentId={7} />, { server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Edit metadata' }))
    const floor = screen.getByRole('textbox', { name: /^Floor/ })
    await user.type(floor, 'third')
    await user.click(screen.getByRole('button', { name: 'Save metadata' }))
    expect(screen.getAllByText('This Floor is invalid.').length).toBeGreaterThan(0)
    expect(floor).toHaveFocus()
    expect(writes).toEqual([])

    await user.clear(floor)
    await user.type(floor, '3')
    await user.click(screen.getByRole('button', { name: 'Save metadata' }))
    await waitFor(() => {
      expect(writes).toEqual([{ path: 'metadata', body: { metadata: { floor: '3' } } }])
    })
    expect(await screen.findByText('The metadata is saved.')).toBeInTheDocument()
  })

  it('shows the server’s field codes under the field they name', async () => {
    agentServer({ metadataRefusal: { 'metadata.hub_code': ['NOT_FOUND'] } })
    await renderAsAdmin(<AgentPage agentId={7} />, { server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Edit metadata' }))
    const hub = screen.getByRole('textbox', { name: /^Hub code/ })
    await user.clear(hub)
    await user.type(hub, 'HUB-2')
    await user.click(screen.getByRole('button', { name: 'Save metadata' }))
    expect(
      (await screen.findAllByText('This Hub code could not be found.')).length,
    ).toBeGreaterThan(0)
    expect(hub).toHaveFocus()
  })

  it('shows its change history, metadata named as the panel names it', async () => {
    agentServer()
    server.use(
      http.get(adminUrl('/agents/7/audit'), () =>
        contractJson(AdminAuditPageSchema, {
          ...noChanges,
          data: [
            {
              id: 3,
              at: '2026-11-20T10:00:00.000Z',
              actor_id: 5,
              actor_email: 'admin@example.com',
              panel: 3,
              action: 'agent.metadata_csv',
              target_type: 'unit',
              target_id: 7,
              before: { hub_code: 'HUB-1', floor: '' },
              after: { hub_code: 'HUB-2', floor: '' },
            },
            {
              id: 2,
              at: '2026-11-19T10:00:00.000Z',
              actor_id: 5,
              actor_email: 'admin@example.com',
              panel: 3,
              action: 'agent.state',
              target_type: 'unit',
              target_id: 7,
              before: { state: 'active' },
              after: { state: 'inactive' },
            },
          ],
          meta: { pagination: { ...noChanges.meta.pagination, total: 2, count: 2 } },
        }),
      ),
    )
    await renderAsAdmin(<AgentPage agentId={7} />, { server })
    // The table and the phone cards are both in the document.
    expect((await screen.findAllByText('Metadata changed by a CSV upload')).length).toBeGreaterThan(
      0,
    )
    expect((await screen.findAllByText('Hub code: HUB-1 → HUB-2')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('State: Active → Inactive').length).toBeGreaterThan(0)
    expect(screen.getByText('2 changes')).toBeInTheDocument()
  })

  it('says when the agent cannot be loaded', async () => {
    server.use(http.get(adminUrl('/agents/7'), () => apiErrorResponse(404, { code: 'NOT_FOUND' })))
    server.use(
      http.get(adminUrl('/metadata-fields'), () => contractJson(FieldsResponse, { data: [] })),
    )
    await renderAsAdmin(<AgentPage agentId={7} />, { server })
    expect(await screen.findByText('The agent could not be loaded')).toBeInTheDocument()
  })
})

// Every test's edit form asks for value suggestions: the panel has none unless a test says.
beforeEach(() => {
  server.use(
    http.post(apiUrl('admin', '/autocomplete/metadata/3'), () =>
      contractJson(AutocompleteMetadataResultSchema, { data: [] }),
    ),
  )
})

describe('AgentPage: metadata value suggestions (issue 25, seeds 001 §7.5)', () => {
  it('suggests the panel’s existing values of the field for what is typed', async () => {
    agentServer()
    const asked: unknown[] = []
    const VALUES = ['HUB-1', 'HUB-10', 'HUB-2']
    server.use(
      http.post(apiUrl('admin', '/autocomplete/metadata/3'), async ({ request }) => {
        const body = (await request.json()) as { key: string; value: string }
        asked.push(body)
        return contractJson(AutocompleteMetadataResultSchema, {
          data: VALUES.filter((x) => x.toLowerCase().startsWith(body.value.toLowerCase())),
        })
      }),
    )
    await renderAsAdmin(<AgentPage agentId={7} />, { server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Edit metadata' }))
    // Nothing is asked before a field has the focus.
    expect(asked).toEqual([])
    const hub = screen.getByRole('textbox', { name: /^Hub code/ })
    await user.clear(hub)
    await user.type(hub, 'hub-1')
    await waitFor(() => {
      expect(asked.at(-1)).toEqual({ key: 'hub_code', value: 'hub-1' })
    })
    const combobox = await screen.findByRole('combobox', { name: /^Hub code/ })
    const listId = combobox.getAttribute('list') ?? ''
    await waitFor(() => {
      const options = Array.from(document.getElementById(listId)?.querySelectorAll('option') ?? [])
      expect(options.map((o) => o.value)).toEqual(['HUB-1', 'HUB-10'])
    })
  })

  it('says nothing when the server refuses: the field stays a plain text field', async () => {
    agentServer()
    server.use(
      http.post(apiUrl('admin', '/autocomplete/metadata/3'), () =>
        apiErrorResponse(403, { code: 'FORBIDDEN' }),
      ),
    )
    await renderAsAdmin(<AgentPage agentId={7} />, { server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Edit metadata' }))
    const floor = screen.getByRole('textbox', { name: /^Floor/ })
    await user.type(floor, '3')
    // A refusal leaves a plain text field that still saves.
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(screen.getByRole('textbox', { name: /^Floor/ })).toHaveValue('3')
    expect(screen.queryByRole('combobox', { name: /^Floor/ })).toBeNull()
  })
})
