import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { PresetResponseSchema, type Preset, type PresetDataItemInput } from '#contracts/presets.ts'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { registerQueueableMutations } from '../../offline/mutations'
import { PresetNameDialog, type PresetNameDialogProps } from './PresetNameDialog'
import { PRESET_MUTATIONS } from './queue'
import { preset } from './testing/fixtures'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

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
})
afterAll(() => {
  server.close()
})

const base = (path: string) => apiUrl('analytics', path)
const OPEN = preset({ id: 7, name: 'Daily download', tags: ['fibre'], version: 3 })
const THEIRS = { ...OPEN, name: 'Their download', version: 4, tags: ['theirs'] }
const ITEM: PresetDataItemInput = {
  panel: 6,
  chartType: 'aggregate',
  metrics: [{ key: 'httpgetmt' }],
  timeAggregation: 'daily',
  date: { from: '2026-11-01', to: '2026-11-28' },
}

type Sent = { method: string; id: number | null; body: Record<string, unknown> }

/** The presets service as far as the dialog reaches it; `answer` chooses each reply. */
function presetServer(answer: (sent: Sent) => Response | null) {
  const sent: Sent[] = []
  const reply = (sent_: Sent) =>
    answer(sent_) ??
    contractJson(
      PresetResponseSchema,
      { data: { ...OPEN, ...sent_.body, id: sent_.id ?? 41, version: 9 } },
      sent_.id === null ? { status: 201, headers: { location: '/api/analytics/presets/41' } } : {},
    )
  server.use(
    http.post(base('/presets'), async ({ request }) => {
      const one = { method: 'POST', id: null, body: (await request.json()) as Sent['body'] }
      sent.push(one)
      return reply(one)
    }),
    http.put(base('/presets/:id'), async ({ request, params }) => {
      const one = {
        method: 'PUT',
        id: Number(params.id),
        body: (await request.json()) as Sent['body'],
      }
      sent.push(one)
      return reply(one)
    }),
  )
  return sent
}

function show(props: PresetNameDialogProps) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  registerQueueableMutations(client, PRESET_MUTATIONS)
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <PresetNameDialog {...props} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  return userEvent.setup()
}

function saveProps(mode: 'create' | 'update', preset: Preset | null = OPEN) {
  return {
    purpose: 'save' as const,
    preset,
    item: ITEM,
    mode,
    onClose: vi.fn(),
    onSaved: vi.fn(),
    onTakeTheirs: vi.fn(),
  }
}

const conflict = () =>
  apiErrorResponse(412, {
    code: 'PRECONDITION_FAILED',
    message: 'changed',
    data: { preset: THEIRS },
  })

describe('PresetNameDialog, saving from the builder', () => {
  it.each([
    { mode: 'create' as const, preset: null, title: 'Save as a new preset', name: '' },
    {
      mode: 'create' as const,
      preset: OPEN,
      title: 'Save as a new preset',
      name: 'Daily download (copy)',
    },
    { mode: 'update' as const, preset: OPEN, title: 'Update preset', name: 'Daily download' },
  ])(
    '$mode from $name: title “$title”, the name it starts from',
    ({ mode, preset, title, name }) => {
      show(saveProps(mode, preset))
      const dialog = screen.getByRole('dialog', { name: title })
      expect(within(dialog).getByLabelText('Name')).toHaveValue(name)
    },
  )

  it('refuses an empty name, then creates with the tags split', async () => {
    const sent = presetServer(() => null)
    const props = saveProps('create', null)
    const user = show(props)
    const dialog = screen.getByRole('dialog', { name: 'Save as a new preset' })
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Enter a name.')
    expect(sent).toEqual([])
    await user.type(within(dialog).getByLabelText('Name'), '  Weekly upload ')
    await user.type(within(dialog).getByLabelText('Tags'), 'fibre, , weekly')
    await user.selectOptions(within(dialog).getByLabelText('Who sees it'), 'organisation')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => {
      expect(props.onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 41 }), 'create')
    })
    expect(sent).toMatchObject([
      {
        method: 'POST',
        body: {
          name: 'Weekly upload',
          tags: ['fibre', 'weekly'],
          visibility: 'organisation',
          data: [ITEM],
        },
      },
    ])
  })

  it('a conflict (412): keep mine sends again with their version', async () => {
    const sent = presetServer((one) => (one.body.version === 3 ? conflict() : null))
    const props = saveProps('update')
    const user = show(props)
    const dialog = screen.getByRole('dialog', { name: 'Update preset' })
    await user.click(within(dialog).getByRole('button', { name: 'Update' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('now “Their download”')
    expect(alert).toHaveTextContent('Theirs: 1 chart(s), tags theirs')
    expect(alert).toHaveTextContent('Yours: 1 metric(s), tags fibre')
    await user.click(within(alert).getByRole('button', { name: 'Keep mine' }))
    await waitFor(() => {
      expect(props.onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), 'update')
    })
    expect(sent.map((one) => [one.method, one.id, one.body.version])).toEqual([
      ['PUT', 7, 3],
      ['PUT', 7, 4],
    ])
  })

  it('a conflict (412): save mine as new turns the dialog into a create with a copy name', async () => {
    const sent = presetServer((one) => (one.method === 'PUT' ? conflict() : null))
    const props = saveProps('update')
    const user = show(props)
    await user.click(screen.getByRole('button', { name: 'Update' }))
    await user.click(await screen.findByRole('button', { name: 'Save mine as new' }))
    const dialog = screen.getByRole('dialog', { name: 'Save as a new preset' })
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Daily download (copy)')
    expect(within(dialog).queryByRole('alert')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => {
      expect(props.onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 41 }), 'create')
    })
    expect(sent.map((one) => one.method)).toEqual(['PUT', 'POST'])
  })

  it('a conflict (412): take theirs hands their preset to the builder and closes', async () => {
    presetServer(() => conflict())
    const props = saveProps('update')
    const user = show(props)
    await user.click(screen.getByRole('button', { name: 'Update' }))
    await user.click(await screen.findByRole('button', { name: 'Take theirs' }))
    expect(props.onTakeTheirs).toHaveBeenCalledWith(expect.objectContaining({ version: 4 }))
    expect(props.onClose).toHaveBeenCalledOnce()
    expect(props.onSaved).not.toHaveBeenCalled()
  })

  it.each([
    {
      answer: () => apiErrorResponse(409, { code: 'PRESET_IN_USE', message: 'in use' }),
      says: 'This preset is used by an alert, so it cannot be changed. Save your chart as a new preset instead.',
    },
    {
      answer: () => apiErrorResponse(403, { code: 'FORBIDDEN', message: 'no' }),
      says: 'You may not save this preset.',
    },
    {
      answer: () => apiErrorResponse(500, { code: 'INTERNAL', message: 'boom' }),
      says: 'The preset could not be saved. Try again.',
    },
    {
      answer: () => HttpResponse.error(),
      says: 'The preset could not be saved: no connection. Try again when you are online.',
    },
  ])('a refusal says why: $says', async ({ answer, says }) => {
    presetServer(answer)
    const props = saveProps('update')
    const user = show(props)
    await user.click(screen.getByRole('button', { name: 'Update' }))
    expect(await screen.findByText(says)).toBeInTheDocument()
    expect(props.onSaved).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog', { name: 'Update preset' })).toBeInTheDocument()
  })
})

describe('PresetNameDialog, renaming in the list', () => {
  const renameProps = () => ({
    purpose: 'rename' as const,
    preset: OPEN,
    onClose: vi.fn(),
    onDone: vi.fn(),
  })

  it('refuses an empty name and sends nothing; a name is sent with the listed version', async () => {
    const sent = presetServer(() => null)
    const props = renameProps()
    const user = show(props)
    const dialog = screen.getByRole('dialog', { name: 'Rename preset' })
    const field = within(dialog).getByLabelText('Name')
    expect(field).toHaveValue('Daily download')
    expect(within(dialog).queryByLabelText('Tags')).toBeNull()
    await user.clear(field)
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }))
    expect(field).toHaveAccessibleDescription('Enter a name.')
    expect(sent).toEqual([])
    await user.type(field, ' Nightly download ')
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }))
    await waitFor(() => {
      expect(props.onDone).toHaveBeenCalledWith('sent', 'Nightly download')
    })
    expect(props.onClose).toHaveBeenCalledOnce()
    expect(sent).toMatchObject([
      { method: 'PUT', id: 7, body: { name: 'Nightly download', version: 3, tags: ['fibre'] } },
    ])
  })

  it('says a refused offline rename at once, with the name on the server', () => {
    show({ ...renameProps(), initialName: 'Mine', refused: true })
    expect(screen.getByLabelText('Name')).toHaveValue('Mine')
    expect(screen.getByText(/Its name is now “Daily download”/)).toBeInTheDocument()
  })

  it.each([
    {
      answer: () => apiErrorResponse(403, { code: 'FORBIDDEN', message: 'no' }),
      says: 'You may not rename this preset.',
    },
    {
      answer: () => apiErrorResponse(404, { code: 'PRESET_NOT_FOUND', message: 'gone' }),
      says: 'The preset could not be renamed. Try again.',
    },
  ])('a refusal says why: $says', async ({ answer, says }) => {
    presetServer(answer)
    const props = renameProps()
    const user = show(props)
    await user.click(screen.getByRole('button', { name: 'Rename' }))
    expect(await screen.findByText(says)).toBeInTheDocument()
    expect(props.onDone).not.toHaveBeenCalled()
  })
})
