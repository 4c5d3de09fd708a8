import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { ActivationImportResultSchema, AgentActivationTokenSchema } from '#contracts/admin.ts'
import { ActivationStatusSchema } from '../../api/admin-activation.api'
import { apiErrorResponse, contractJson } from '../../api/testing/contract-handlers'
import { deauthenticate } from '../../session'
import { ActivationStatusPage, ActivationTokenPage } from './ActivationPages'
import { adminSession, adminUrl, renderAsAdmin } from './testing/fixtures'

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
  vi.restoreAllMocks()
  server.resetHandlers()
  deauthenticate()
})
afterAll(() => {
  server.close()
})

const session = adminSession(['cpe_subscriptions_manage', 'cpe_api_manage'])

function statusServer() {
  const imports: string[] = []
  server.use(
    http.get(adminUrl('/agent-activation/status'), () =>
      contractJson(ActivationStatusSchema, {
        data: {
          active: 40,
          inactive: 2,
          monthly_allowance: 100,
          activated_this_month: 97,
          remaining_this_month: 3,
        },
      }),
    ),
    http.post(adminUrl('/agent-activation/import.csv'), async ({ request }) => {
      const text = await request.text()
      imports.push(request.url)
      if (text.includes('99')) {
        return apiErrorResponse(400, {
          code: 'INVALID_FILE',
          data: {
            errors: [
              { line: 3, column: 'unit_id', code: 'NOT_FOUND' },
              { line: 4, column: 'state', code: 'ALLOWANCE_EXCEEDED' },
            ],
          },
        })
      }
      return contractJson(ActivationImportResultSchema, {
        applied: new URL(request.url).searchParams.get('apply') === 'true',
        rows: 2,
        unchanged: 1,
        activations: 1,
        deactivations: 0,
        changes: [{ line: 2, unit_id: 12, state: 'active' }],
      })
    }),
  )
  return imports
}

async function chooseFile(user: ReturnType<typeof userEvent.setup>, file: File) {
  const picked: HTMLInputElement[] = []
  const open = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (
    this: HTMLInputElement,
  ) {
    picked.push(this)
  })
  await user.click(await screen.findByRole('button', { name: 'Choose a CSV file' }))
  open.mockRestore()
  const input = picked[0]
  if (!input) throw new Error('no file picker opened')
  Object.defineProperty(input, 'files', { value: [file] })
  input.dispatchEvent(new Event('change'))
}

const csv = (text: string) => new File([text], 'agents.csv', { type: 'text/csv' })

describe('ActivationStatusPage', { timeout: 20_000 }, () => {
  it('shows the status with the monthly allowance', async () => {
    statusServer()
    await renderAsAdmin(<ActivationStatusPage />, { server, session })
    expect(await screen.findByText('Monthly activation allowance')).toBeInTheDocument()
    expect(screen.getByText('100')).toBeInTheDocument()
    expect(screen.getByText('97')).toBeInTheDocument()
  })

  it('previews an import, then applies it', async () => {
    const imports = statusServer()
    await renderAsAdmin(<ActivationStatusPage />, { server, session })
    const user = userEvent.setup()
    await chooseFile(user, csv('unit_id,state\n12,active\n13,active\n'))
    const table = await screen.findByRole('table', { name: 'Changes in the file' })
    expect(within(table).getByText('Agent 12')).toBeInTheDocument()
    expect(imports.map((url) => new URL(url).searchParams.get('apply'))).toEqual([null])
    await user.click(screen.getByRole('button', { name: 'Apply the changes' }))
    expect(await screen.findByText(/1 agent activated/)).toBeInTheDocument()
    expect(imports.map((url) => new URL(url).searchParams.get('apply'))).toEqual([null, 'true'])
  })

  it('shows a refused file’s errors by line and offers nothing to apply', async () => {
    statusServer()
    await renderAsAdmin(<ActivationStatusPage />, { server, session })
    const user = userEvent.setup()
    await chooseFile(user, csv('unit_id,state\n12,active\n99,active\n14,active\n'))
    expect(await screen.findByText('The file has errors; nothing was changed')).toBeInTheDocument()
    expect(screen.getByText(/^Line 3, unit_id:/)).toBeInTheDocument()
    expect(
      screen.getByText('Line 4, state: This activation is past the monthly activation allowance.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Apply the changes' })).toBeNull()
  })
})

describe('ActivationTokenPage', { timeout: 20_000 }, () => {
  it('asks to confirm before revoking the token, and cancelling keeps it', async () => {
    const deletes: string[] = []
    server.use(
      http.get(adminUrl('/agent-activation/token'), () =>
        contractJson(v.object({ data: AgentActivationTokenSchema }), {
          data: {
            exists: deletes.length === 0,
            hint: deletes.length === 0 ? 'a1b2' : null,
            created_at: '2026-11-01T09:00:00.000Z',
            regenerated_at: null,
          },
        }),
      ),
      http.delete(adminUrl('/agent-activation/token'), ({ request }) => {
        deletes.push(request.url)
        return new HttpResponse(null, { status: 204 })
      }),
    )
    await renderAsAdmin(<ActivationTokenPage />, { server, session })
    expect(await screen.findByText('…a1b2')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Revoke the token' }))
    const dialog = screen.getByRole('dialog', { name: 'Revoke the token?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(deletes).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Revoke the token' }))
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke the token?' })).getByRole('button', {
        name: 'Revoke',
      }),
    )
    await waitFor(() => {
      expect(deletes).toHaveLength(1)
    })
    expect(await screen.findByText('This panel has no activation token.')).toBeInTheDocument()
  })
})
