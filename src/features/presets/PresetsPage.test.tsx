import 'fake-indexeddb/auto'
import { useState } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { PresetListResponseSchema, PresetResponseSchema, type Preset } from '#contracts/presets.ts'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { registerQueueableMutations } from '../../offline/mutations'
import { renderInTestRouter } from '../../testing/router'
import { ToastProvider } from '../../ui/Toast'
import { PRESET_SEARCH_DEFAULTS, type PresetSearch } from './preset-list'
import { PresetsPage } from './PresetsPage'
import { PRESET_MUTATIONS } from './queue'
import { preset } from './testing/fixtures'

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
  localStorage.clear()
})
afterAll(() => {
  server.close()
})

const base = (path: string) => apiUrl('analytics', path)

/** A little presets service: the list per tab and every call recorded. */
function presetsServer(initial: Preset[]) {
  let presets = initial.map((p) => ({ ...p }))
  const calls: string[] = []
  const tabOf = (url: string) => new URL(url).searchParams.get('tab') ?? 'all'
  const listed = (tab: string) =>
    presets.filter((p) =>
      p.deleted_at !== null
        ? false
        : tab === 'archived'
          ? p.archived
          : tab === 'starred'
            ? p.starred && !p.archived
            : !p.archived,
    )
  const answer = (id: number) =>
    contractJson(PresetResponseSchema, { data: presets.find((p) => p.id === id) as Preset })
  const change = (id: number, patch: Partial<Preset>) => {
    presets = presets.map((p) => (p.id === id ? { ...p, ...patch } : p))
  }
  server.use(
    http.get(base('/presets'), ({ request }) => {
      const data = listed(tabOf(request.url))
      return contractJson(PresetListResponseSchema, {
        data,
        meta: {
          pagination: {
            total: data.length,
            count: data.length,
            per_page: 20,
            current_page: 1,
            total_pages: 1,
          },
        },
      })
    }),
    http.put(base('/presets/:id/star'), ({ params }) => {
      calls.push(`star ${String(params.id)}`)
      change(Number(params.id), { starred: true })
      return answer(Number(params.id))
    }),
    http.post(base('/presets/:id/:action'), ({ params }) => {
      const id = Number(params.id)
      calls.push(`${String(params.action)} ${String(id)}`)
      if (params.action === 'archive') change(id, { archived: true })
      if (params.action === 'unarchive') change(id, { archived: false })
      if (params.action === 'restore') change(id, { deleted_at: null })
      return answer(id)
    }),
    http.delete(base('/presets/:id'), ({ params }) => {
      calls.push(`delete ${String(params.id)}`)
      change(Number(params.id), { deleted_at: '2026-11-28T00:00:00.000Z' })
      return answer(Number(params.id))
    }),
  )
  return {
    calls,
    get presets() {
      return presets
    },
    change,
  }
}

function Page() {
  const [search, setSearch] = useState<PresetSearch>(PRESET_SEARCH_DEFAULTS)
  return <PresetsPage search={search} onSearchChange={setSearch} />
}

async function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  registerQueueableMutations(client, PRESET_MUTATIONS)
  await renderInTestRouter(<Page />, {
    path: '/analytics/presets',
    stubs: ['/analytics'],
    wrap: (router) => (
      <QueryClientProvider client={client}>
        <ToastProvider>{router}</ToastProvider>
      </QueryClientProvider>
    ),
  })
  return userEvent.setup()
}

const A = preset({ id: 1, name: 'Download speed by ISP' })
const B = preset({ id: 2, name: 'Evening latency', in_use: true, tags: ['latency'] })

describe('PresetsPage', () => {
  it('lists presets as cards with a link to the builder, and says why one is locked', async () => {
    presetsServer([A, B])
    await open()
    const link = await screen.findByRole('link', { name: 'Download speed by ISP' })
    expect(link).toHaveAttribute('href', '/analytics?preset=1')
    expect(
      screen.getByText('Used by an alert: it cannot be renamed or deleted.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Delete “Evening latency”' })).toBeDisabled()
  })

  it('shows the empty state of a tab', async () => {
    presetsServer([A])
    const user = await open()
    await screen.findByRole('link', { name: 'Download speed by ISP' })
    await user.click(screen.getByRole('button', { name: 'Starred' }))
    expect(
      await screen.findByText('No starred presets. Star a preset to find it here.'),
    ).toBeInTheDocument()
  })

  it('stars a preset (a pressed toggle) and the Starred tab lists it', async () => {
    const api = presetsServer([A])
    const user = await open()
    const star = await screen.findByRole('button', { name: 'Star “Download speed by ISP”' })
    expect(star).toHaveAttribute('aria-pressed', 'false')
    await user.click(star)
    await waitFor(() => {
      expect(star).toHaveAttribute('aria-pressed', 'true')
    })
    expect(api.calls).toEqual(['star 1'])
    await user.click(screen.getByRole('button', { name: 'Starred' }))
    expect(await screen.findByRole('link', { name: 'Download speed by ISP' })).toBeInTheDocument()
  })

  it('archives with undo', async () => {
    const api = presetsServer([A])
    const user = await open()
    await user.click(await screen.findByRole('button', { name: 'Archive “Download speed by ISP”' }))
    const toast = await screen.findByText('“Download speed by ISP” archived')
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: 'Download speed by ISP' })).toBeNull()
    })
    await user.click(
      within(toast.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Undo' }),
    )
    expect(await screen.findByRole('link', { name: 'Download speed by ISP' })).toBeInTheDocument()
    expect(api.calls).toEqual(['archive 1', 'unarchive 1'])
  })

  it('deletes with undo (restore)', async () => {
    const api = presetsServer([A])
    const user = await open()
    await user.click(await screen.findByRole('button', { name: 'Delete “Download speed by ISP”' }))
    const toast = await screen.findByText('“Download speed by ISP” deleted')
    expect(await screen.findByText(/No presets yet/)).toBeInTheDocument()
    await user.click(
      within(toast.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Undo' }),
    )
    expect(await screen.findByRole('link', { name: 'Download speed by ISP' })).toBeInTheDocument()
    expect(api.calls).toEqual(['delete 1', 'restore 1'])
  })

  it('shows a rename conflict (412): keep mine sends again with their version', async () => {
    const api = presetsServer([A])
    const bodies: { name: string; version?: number }[] = []
    const theirs = { ...A, name: 'Their name', version: 2 }
    server.use(
      http.put(base('/presets/1'), async ({ request }) => {
        const body = (await request.json()) as { name: string; version?: number }
        bodies.push(body)
        if (body.version !== 2) {
          return apiErrorResponse(412, {
            code: 'PRECONDITION_FAILED',
            message: 'changed',
            data: { preset: theirs },
          })
        }
        api.change(1, { name: body.name, version: 3 })
        return contractJson(PresetResponseSchema, {
          data: { ...theirs, name: body.name, version: 3 },
        })
      }),
    )
    const user = await open()
    await user.click(await screen.findByRole('button', { name: 'Rename “Download speed by ISP”' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename preset' })
    const field = within(dialog).getByLabelText('Name')
    await user.clear(field)
    await user.type(field, 'My name')
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }))
    expect(await within(dialog).findByText('Their name: “Their name”')).toBeInTheDocument()
    expect(within(dialog).getByText('Your name: “My name”')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }))
    expect(await screen.findByRole('link', { name: 'My name' })).toBeInTheDocument()
    expect(bodies.map((b) => [b.name, b.version])).toEqual([
      ['My name', 1],
      ['My name', 2],
    ])
  })

  it('explains a preset used by an alert (409) when renaming', async () => {
    presetsServer([A])
    server.use(
      http.put(base('/presets/1'), () =>
        apiErrorResponse(409, { code: 'PRESET_IN_USE', message: 'in use' }),
      ),
    )
    const user = await open()
    await user.click(await screen.findByRole('button', { name: 'Rename “Download speed by ISP”' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename preset' })
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }))
    expect(
      await within(dialog).findByText('This preset is used by an alert, so it cannot be renamed.'),
    ).toBeInTheDocument()
  })

  it('keeps the list layout on the device', async () => {
    presetsServer([A])
    const user = await open()
    await screen.findByRole('link', { name: 'Download speed by ISP' })
    await user.click(screen.getByRole('button', { name: 'List' }))
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true')
    expect(localStorage.getItem('wb.presets.layout')).toBe('list')
  })
})
