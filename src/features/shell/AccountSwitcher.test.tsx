import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { accessibleUnitQueryOptions } from '../../api/units.api'
import { pendingChanges, type QueuedChange } from '../../offline/pending-changes'
import { signOut, switchView } from '../../session'
import { AccountSwitcher } from './AccountSwitcher'
import { renderInRouter, sessionFixture } from './testing/render-in-router'

vi.mock('../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../session')>()),
  switchView: vi.fn(),
  signOut: vi.fn(),
  saveDefaultLocale: vi.fn(() => Promise.resolve()),
}))

vi.mock('../../offline/pending-changes', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../offline/pending-changes')>()
  return { ...actual, pendingChanges: vi.fn(actual.pendingChanges) }
})

// jsdom has <dialog> without its methods: open and close it as a browser would.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false
  }
})

afterEach(() => {
  vi.mocked(signOut).mockClear()
})

const queuedChange = (id: number): QueuedChange => ({
  id,
  mutationKey: ['preferences', 'save'],
  variables: { userId: 7, preferences: {} },
  submittedAt: 1_000 + id,
  waiting: true,
})

async function openSwitcher(kind: Parameters<typeof sessionFixture>[0]) {
  const session = sessionFixture(kind)
  await renderInRouter(<AccountSwitcher session={session} />)
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: /Sam/ }))
  return { user, menu: screen.getByRole('menu') }
}

const menuItems = (menu: HTMLElement) =>
  Array.from(menu.querySelectorAll<HTMLElement>('[role^="menuitem"]'))
const entries = (menu: HTMLElement) =>
  menuItems(menu).map((el) => el.textContent.replace('✓', '').trim())

describe('AccountSwitcher', () => {
  it('names a unit as the dashboard does once its name is known (issue 22 §4)', async () => {
    const session = sessionFixture('consumer')
    const client = new QueryClient()
    const { queryKey } = accessibleUnitQueryOptions(session.sub, 11)
    client.setQueryData(queryKey, { name: 'Living room' } as never)
    await renderInRouter(
      <QueryClientProvider client={client}>
        <AccountSwitcher session={session} />
      </QueryClientProvider>,
    )
    await userEvent.setup().click(screen.getByRole('button', { name: /Sam/ }))
    const whiteboxes = within(screen.getByRole('menu')).getByRole('group', { name: 'Whiteboxes' })
    expect(within(whiteboxes).getByRole('menuitemradio', { name: 'Living room' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    expect(within(whiteboxes).queryByText('Whitebox 11')).not.toBeInTheDocument()
  })

  it.each([
    {
      kind: 'volunteer' as const,
      expected: ['English (UK)', 'العربية', 'Français (Canada)', 'Sign out'],
    },
    {
      kind: 'consumer' as const,
      expected: [
        'Whitebox 11',
        'Personal details',
        'Broadband details',
        'Contact us',
        'English (UK)',
        'العربية',
        'Français (Canada)',
        'Sign out',
      ],
    },
    {
      kind: 'enterprise' as const,
      expected: [
        'alpha panel',
        'Zephyr Broadband',
        'Personal details',
        'Contact us',
        'English (UK)',
        'العربية',
        'Français (Canada)',
        'Sign out',
      ],
    },
    {
      kind: 'multi' as const,
      expected: [
        'Zephyr Broadband',
        'Whitebox 11',
        'Personal details',
        'Contact us',
        'English (UK)',
        'العربية',
        'Français (Canada)',
        'Sign out',
      ],
    },
  ])('a $kind sees the right entries', async ({ kind, expected }) => {
    const { menu } = await openSwitcher(kind)
    expect(entries(menu)).toEqual(expected)
  })

  it('shows who is signed in and their organisation', async () => {
    const { menu } = await openSwitcher('enterprise')
    expect(within(menu).getByText('Sam Jones')).toBeInTheDocument()
    expect(within(menu).getByText('enterprise@example.com')).toBeInTheDocument()
    expect(within(menu).getByText('Acme Networks')).toBeInTheDocument()
  })

  it('marks the panel in use and switches to another one', async () => {
    const { user, menu } = await openSwitcher('enterprise')
    expect(within(menu).getByRole('menuitemradio', { name: 'Zephyr Broadband' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    await user.click(within(menu).getByRole('menuitemradio', { name: 'alpha panel' }))
    expect(switchView).toHaveBeenCalledWith({ type: 'enterprise', panelId: 4 }, false)
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })

  it('switches to the consumer view of a unit', async () => {
    const { user, menu } = await openSwitcher('multi')
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Whitebox 11' }))
    expect(switchView).toHaveBeenCalledWith({ type: 'consumer', unitId: 11 }, false)
  })

  it('links to the settings pages', async () => {
    const { menu } = await openSwitcher('consumer')
    expect(within(menu).getByRole('menuitem', { name: 'Personal details' })).toHaveAttribute(
      'href',
      '/settings/personal-details',
    )
    expect(within(menu).getByRole('menuitem', { name: 'Broadband details' })).toHaveAttribute(
      'href',
      '/settings/broadband-details',
    )
  })

  it('logs out at once when no change is queued', async () => {
    const { user, menu } = await openSwitcher('volunteer')
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }))
    expect(signOut).toHaveBeenCalledWith()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it.each([
    { choice: 'Send when back online', expected: 'keep' },
    { choice: 'Discard', expected: 'discard' },
  ])('with changes queued, asks first: $choice → $expected', async ({ choice, expected }) => {
    vi.mocked(pendingChanges).mockReturnValueOnce({
      queued: [queuedChange(1), queuedChange(2)],
      failed: [],
    })
    const { user, menu } = await openSwitcher('volunteer')
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }))
    const dialog = screen.getByRole('dialog', { name: 'Sign out with changes not sent?' })
    expect(dialog).toHaveTextContent('2 changes you made on this device have not reached')
    expect(signOut).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: choice }))
    expect(signOut).toHaveBeenCalledWith({ queuedChanges: expected })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('with changes queued, Cancel stays signed in', async () => {
    vi.mocked(pendingChanges).mockReturnValueOnce({ queued: [queuedChange(1)], failed: [] })
    const { user, menu } = await openSwitcher('volunteer')
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }))
    const dialog = screen.getByRole('dialog')
    expect(dialog).toHaveTextContent('1 change you made on this device has not reached')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(signOut).not.toHaveBeenCalled()
  })

  it('is a keyboard menu: arrows move, Escape closes and returns focus', async () => {
    const { user, menu } = await openSwitcher('volunteer')
    const items = menuItems(menu)
    expect(items[0]).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(items[1]).toHaveFocus()
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(items[items.length - 1]).toHaveFocus()
    await user.keyboard('{Home}')
    expect(items[0]).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Sam/ })).toHaveFocus()
  })
})
