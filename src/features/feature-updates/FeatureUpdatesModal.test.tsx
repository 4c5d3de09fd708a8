import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { onlineManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import {
  FeatureUpdateListSchema,
  FeatureUpdatePageSchema,
  FeatureUpdateResponseSchema,
  type FeatureUpdate,
} from '#contracts/feature-updates.ts'
import { createQueryClient } from '../../api/query-client'
import { apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { registerQueueableMutations } from '../../offline/mutations'
import { resetQueueTest, signInForTest, USER } from '../../offline/testing/queue-test-utils'
import type { Session } from '../../session'
import { sessionFixture } from '../shell/testing/render-in-router'
import { FeatureUpdates } from './FeatureUpdates'
import { AUTO_OPENED_KEY, NOTIFY_UPDATES_KEY, setFeatureUpdatesOpen } from './feature-updates.flags'
import { FEATURE_UPDATE_MUTATIONS, FEATURE_UPDATE_READ_KEY } from './feature-updates.mutations'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

// jsdom has <dialog> but not its methods: open and close it as a browser would.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false
    this.dispatchEvent(new Event('close'))
  }
})

const DAY = 86_400
const update = (id: number, read: boolean): FeatureUpdate => ({
  id,
  type: 'consumer',
  title: `Update ${id}`,
  description: `<p>About <strong>update ${id}</strong></p><script>window.hacked = true</script>`,
  createdAt: 1_760_000_000 + id * DAY,
  last_read_date: read ? 1_760_000_000 + id * DAY + 60 : null,
})

/** The server's state: 2 unread (ids 8, 9) and 6 read (ids 1 to 6, 7 is enterprise-only). */
let unreadIds: number[]
let readIds: number[]
const puts: { path: string; body: unknown }[] = []

const server = setupServer(
  http.get(apiUrl('zeus', `/users/${USER.userId}/feature_updates/unread`), ({ request }) => {
    expect(new URL(request.url).searchParams.get('type')).toBe('consumer')
    return contractJson(FeatureUpdateListSchema, {
      data: [...unreadIds].sort((a, b) => b - a).map((id) => update(id, false)),
    })
  }),
  http.get(apiUrl('zeus', `/users/${USER.userId}/feature_updates/read`), ({ request }) => {
    const params = new URL(request.url).searchParams
    expect(params.get('per_page')).toBe('5')
    expect(params.get('sorts')).toBe('-id')
    const page = Number(params.get('page'))
    const sorted = [...readIds].sort((a, b) => b - a)
    return contractJson(FeatureUpdatePageSchema, {
      data: sorted.slice((page - 1) * 5, page * 5).map((id) => update(id, true)),
      meta: {
        pagination: {
          total: sorted.length,
          count: Math.min(5, Math.max(0, sorted.length - (page - 1) * 5)),
          per_page: 5,
          current_page: page,
          total_pages: Math.max(1, Math.ceil(sorted.length / 5)),
        },
      },
    })
  }),
  http.put(
    apiUrl('zeus', `/users/${USER.userId}/feature_updates/:updateId`),
    async ({ request, params }) => {
      const body = (await request.json()) as { last_read_date: number }
      const id = Number(params.updateId)
      puts.push({ path: `/feature_updates/${id}`, body })
      unreadIds = unreadIds.filter((candidate) => candidate !== id)
      readIds = [...readIds, id]
      return contractJson(FeatureUpdateResponseSchema, {
        data: { ...update(id, true), last_read_date: body.last_read_date },
      })
    },
  ),
)

let client: QueryClient

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  unreadIds = [8, 9]
  readIds = [1, 2, 3, 4, 5, 6]
  puts.length = 0
  signInForTest()
  client = createQueryClient()
  registerQueueableMutations(client, FEATURE_UPDATE_MUTATIONS)
})
afterEach(async () => {
  act(() => {
    setFeatureUpdatesOpen(false)
  })
  client.clear()
  server.resetHandlers()
  await resetQueueTest()
})
afterAll(() => {
  server.close()
})

const consumer: Session = { ...sessionFixture('consumer'), userId: USER.userId, sub: USER.sub }

function renderHost(keepUnread = false) {
  const user = userEvent.setup()
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <button type="button">Account menu</button>
        <FeatureUpdates session={consumer} keepUnread={keepUnread} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  return { user, ...view }
}

const titles = (container: HTMLElement) =>
  within(container)
    .getAllByRole('heading', { level: 4 })
    .map((heading) => heading.textContent)

describe('FeatureUpdates modal', () => {
  it('opens by itself once with the unread updates on top and read ones 5 a page', async () => {
    const { user } = renderHost()
    // The modal's code is loaded when it first opens.
    const dialog = await screen.findByRole('dialog', { name: 'What’s new' }, { timeout: 5_000 })
    expect(localStorage.getItem(AUTO_OPENED_KEY)).toBe(String(USER.userId))

    const fresh = within(dialog).getByRole('region', { name: 'New' })
    await waitFor(() => {
      expect(titles(fresh)).toEqual(['Update 9', 'Update 8'])
    })
    const earlier = within(dialog).getByRole('region', { name: 'Earlier' })
    await waitFor(() => {
      expect(titles(earlier)).toEqual(['Update 6', 'Update 5', 'Update 4', 'Update 3', 'Update 2'])
    })

    await user.click(within(dialog).getByRole('button', { name: 'Load more' }))
    await waitFor(() => {
      expect(titles(earlier)).toEqual([
        'Update 6',
        'Update 5',
        'Update 4',
        'Update 3',
        'Update 2',
        'Update 1',
      ])
    })
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    // One close action: no second button that also closes (Close and Done did the same).
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close'])
    // The description went through the allow-list: the bold text is there, the script is not.
    expect(within(fresh).getAllByText('update 9')[0]?.tagName).toBe('STRONG')
    expect(dialog.querySelector('script')).toBeNull()
  })

  it('closing marks every unread update read with one PUT each, in epoch seconds', async () => {
    const { user } = renderHost()
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByText('Update 9')
    const before = Math.floor(Date.now() / 1000)

    await user.click(within(dialog).getByRole('button', { name: 'Close what’s new' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => {
      expect(puts.map((put) => put.path).sort()).toEqual([
        '/feature_updates/8',
        '/feature_updates/9',
      ])
    })
    for (const put of puts) {
      const sent = (put.body as { last_read_date: number }).last_read_date
      expect(Number.isInteger(sent)).toBe(true)
      expect(sent).toBeGreaterThanOrEqual(before)
      expect(sent).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000))
    }
  })

  it('Escape closes it and marks the updates read too', async () => {
    const { user } = renderHost()
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByText('Update 8')
    expect(dialog).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => {
      expect(puts).toHaveLength(2)
    })
  })

  it('keeps the updates unread when the staff-warning flag is set', async () => {
    const { user } = renderHost(true)
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByText('Update 9')
    expect(dialog).toHaveTextContent('closing this keeps their updates unread')
    await user.click(within(dialog).getByRole('button', { name: 'Close what’s new' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // Give a PUT every chance to go out before checking that none did.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(puts).toEqual([])
    expect(client.getMutationCache().getAll()).toEqual([])
  })

  it('offline, the read marks wait in the queue and go out when back online', async () => {
    const { user } = renderHost()
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByText('Update 9')
    onlineManager.setOnline(false)
    await user.click(within(dialog).getByRole('button', { name: 'Close what’s new' }))
    await waitFor(() => {
      const queued = client
        .getMutationCache()
        .findAll({ mutationKey: [...FEATURE_UPDATE_READ_KEY] })
      expect(queued.map((mutation) => mutation.state.isPaused)).toEqual([true, true])
    })
    expect(puts).toEqual([])
    onlineManager.setOnline(true)
    await waitFor(() => {
      expect(puts).toHaveLength(2)
    })
  })

  it('traps Tab inside and gives focus back when closed', async () => {
    const { user } = renderHost(true)
    const opener = screen.getByRole('button', { name: 'Account menu' })
    opener.focus()
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByText('Update 9')
    await waitFor(() => {
      expect(within(dialog).getByRole('button', { name: 'Load more' })).toBeInTheDocument()
    })
    const controls = [
      ...within(dialog).getAllByRole('button'),
      within(dialog).getByRole('checkbox'),
    ]
    const first = within(dialog).getByRole('button', { name: 'Close what’s new' })
    const last = within(dialog).getByRole('checkbox')
    expect(controls).toContain(first)
    last.focus()
    await user.tab()
    expect(first).toHaveFocus()
    await user.tab({ shift: true })
    expect(last).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(opener).toHaveFocus()
  })

  it('does not open by itself when notify-updates is off, nor a second time', async () => {
    localStorage.setItem(NOTIFY_UPDATES_KEY, 'false')
    const first = renderHost(true)
    await waitFor(() => {
      const unread = client
        .getQueryCache()
        .findAll({ queryKey: ['feature-updates', USER.userId, 'consumer', 'en-GB'] })
        .find((query) => query.queryKey.at(-1) === 'unread')
      expect(unread?.state.status).toBe('success')
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    first.unmount()

    localStorage.removeItem(NOTIFY_UPDATES_KEY)
    localStorage.setItem(AUTO_OPENED_KEY, String(USER.userId))
    renderHost(true)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // The menu still opens it.
    act(() => {
      setFeatureUpdatesOpen(true)
    })
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
  })

  it('the checkbox turns the automatic opening off', async () => {
    const { user } = renderHost(true)
    const dialog = await screen.findByRole('dialog')
    const box = within(dialog).getByRole('checkbox', { name: 'Show new updates when I sign in' })
    expect(box).toBeChecked()
    await user.click(box)
    expect(localStorage.getItem(NOTIFY_UPDATES_KEY)).toBe('false')
  })
})
