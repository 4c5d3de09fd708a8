import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session } from '../../session'
import { Navbar } from './Navbar'
import { signedInChrome } from './signed-in-slot'
import { renderInRouter, sessionFixture } from './testing/render-in-router'

let currentSession: Session | null = null

vi.mock('../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../session')>()),
  useSession: () => currentSession,
  switchView: vi.fn(),
  logout: vi.fn(() => Promise.resolve()),
  saveDefaultLocale: vi.fn(() => Promise.resolve()),
}))

const ENTERPRISE_KEY = 'wb.apollo.navOrder'

function pinnedNames() {
  const nav = screen.getByRole('navigation', { name: 'Main' })
  const list = nav.querySelector(':scope > ul')
  return list
    ? within(list as HTMLElement)
        .getAllByRole('link')
        .map((a) => a.textContent)
    : []
}

function editorList(name: 'Pinned to the bar' | 'In the Apps menu') {
  return within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.textContent.replace(/UnpinPin|Unpin|Pin$/, '').replace(/[↑↓]/g, ''))
}

async function openEditor() {
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: 'Apps' }))
  await user.click(screen.getByRole('button', { name: 'Arrange apps' }))
  // The editor is loaded on first use.
  await screen.findByRole('region', { name: 'Arrange apps' }, { timeout: 5_000 })
  return user
}

// A signed-in page renders once the shell's signed-in parts are loaded (src/main.tsx).
beforeAll(async () => {
  await signedInChrome.load()
})

beforeEach(() => {
  currentSession = sessionFixture('enterprise')
})

afterEach(() => {
  currentSession = null
})

describe('Navbar', () => {
  it('draws its logo inline: it needs no request, and the link is named by its text', async () => {
    await renderInRouter(<Navbar showSidebarToggle={false} />)
    const home = screen.getByRole('link', { name: 'Whitebox' })
    expect(home.querySelector('img')).toBeNull()
    expect(home.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
  })

  it('pins the default-pinned apps and puts the rest in the Apps menu', async () => {
    await renderInRouter(<Navbar showSidebarToggle={false} />)
    expect(pinnedNames()).toEqual(['Dashboard', 'Analytics', 'Mapping'])
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Apps' }))
    const panel = document.getElementById(
      screen.getByRole('button', { name: 'Apps' }).getAttribute('aria-controls') ?? '',
    )
    expect(panel).not.toBeNull()
    const links = within(panel as HTMLElement).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/data-export',
      '/reports',
      '/hc',
      '/apis',
    ])
  })

  it('moves a link with the keyboard, announces it and saves the order per view type', async () => {
    await renderInRouter(<Navbar showSidebarToggle={false} />)
    const user = await openEditor()
    const handle = screen.getByRole('button', { name: 'Reorder Reports' })
    handle.focus()

    await user.keyboard('{ArrowUp}')
    expect(editorList('In the Apps menu')).toEqual(['Reports', 'Data export', 'FAQs', 'APIs'])
    expect(screen.getByRole('button', { name: 'Reorder Reports' })).toHaveFocus()
    expect(screen.getByText('Reports is in the Apps menu, position 1 of 4.')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem(ENTERPRISE_KEY) ?? 'null')).toEqual({
      pinned: ['dashboard', 'analytics', 'mapping'],
      unpinned: ['reports', 'data-export', 'faqs', 'apis'],
    })

    // Up from the top of the menu pins it at the end of the bar.
    await user.keyboard('{ArrowUp}')
    expect(editorList('Pinned to the bar')).toEqual([
      'Dashboard',
      'Analytics',
      'Mapping',
      'Reports',
    ])
    expect(screen.getByRole('button', { name: 'Reorder Reports' })).toHaveFocus()
    expect(screen.getByText('Reports is pinned to the bar, position 4 of 4.')).toBeInTheDocument()
    expect(pinnedNames()).toEqual(['Dashboard', 'Analytics', 'Mapping', 'Reports'])
    expect(JSON.parse(localStorage.getItem(ENTERPRISE_KEY) ?? 'null')).toEqual({
      pinned: ['dashboard', 'analytics', 'mapping', 'reports'],
      unpinned: ['data-export', 'faqs', 'apis'],
    })
  })

  it('pins and unpins with the buttons', async () => {
    await renderInRouter(<Navbar showSidebarToggle={false} />)
    const user = await openEditor()
    await user.click(screen.getByRole('button', { name: 'Unpin Dashboard' }))
    expect(editorList('In the Apps menu')[0]).toBe('Dashboard')
    expect(screen.getByRole('button', { name: 'Pin Dashboard' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Move Analytics down' }))
    expect(editorList('Pinned to the bar')).toEqual(['Mapping', 'Analytics'])
  })

  it('restores the saved order on the next visit', async () => {
    localStorage.setItem(
      ENTERPRISE_KEY,
      JSON.stringify({ pinned: ['apis', 'dashboard'], unpinned: ['gone', 'mapping'] }),
    )
    await renderInRouter(<Navbar showSidebarToggle={false} />)
    // Unknown ids dropped; links missing from the save go where their default flag says.
    expect(pinnedNames()).toEqual(['APIs', 'Dashboard', 'Analytics'])
  })

  it('migrates an order saved under the old unprefixed key', async () => {
    localStorage.setItem('wb.navOrder', JSON.stringify({ pinned: ['faqs'], unpinned: [] }))
    await renderInRouter(<Navbar showSidebarToggle={false} />)
    expect(pinnedNames()).toEqual(['FAQs', 'Dashboard', 'Analytics', 'Mapping'])
    expect(localStorage.getItem('wb.navOrder')).toBeNull()
    expect(localStorage.getItem(ENTERPRISE_KEY)).not.toBeNull()
  })

  it('drops a dragged link onto the pinned list', async () => {
    await renderInRouter(<Navbar showSidebarToggle={false} />)
    await openEditor()
    const store = new Map<string, string>()
    const dataTransfer = {
      effectAllowed: '',
      dropEffect: '',
      setData: (type: string, value: string) => store.set(type, value),
      getData: (type: string) => store.get(type) ?? '',
    }
    const faqs = screen.getByRole('button', { name: 'Reorder FAQs' }).closest('li')
    const pinnedList = screen.getByRole('list', { name: 'Pinned to the bar' })
    fireEvent.dragStart(faqs as HTMLElement, { dataTransfer })
    fireEvent.dragOver(pinnedList, { dataTransfer })
    fireEvent.drop(pinnedList, { dataTransfer })
    expect(editorList('Pinned to the bar')).toEqual(['Dashboard', 'Analytics', 'Mapping', 'FAQs'])
    expect(JSON.parse(localStorage.getItem(ENTERPRISE_KEY) ?? 'null')).toMatchObject({
      pinned: ['dashboard', 'analytics', 'mapping', 'faqs'],
    })
  })

  it('pins everything when fewer than 4 apps are permitted (consumer) and offers no Apps menu', async () => {
    currentSession = sessionFixture('consumer')
    await renderInRouter(<Navbar showSidebarToggle={false} />)
    expect(pinnedNames()).toEqual(['Dashboard', 'Analytics', 'FAQs'])
    expect(screen.queryByRole('button', { name: 'Apps' })).not.toBeInTheDocument()
  })

  it('shows a volunteer only FAQs and the account menu', async () => {
    currentSession = sessionFixture('volunteer')
    await renderInRouter(<Navbar showSidebarToggle={false} />)
    expect(pinnedNames()).toEqual(['FAQs'])
    expect(screen.getByRole('button', { name: /Sam/ })).toBeInTheDocument()
  })

  it('shows a visitor FAQs and the language picker', async () => {
    currentSession = null
    await renderInRouter(<Navbar showSidebarToggle={false} />)
    expect(pinnedNames()).toEqual(['FAQs'])
    expect(screen.getByRole('button', { name: /Language/ })).toBeInTheDocument()
  })

  it('unpins everything on a narrow screen and disables arranging', async () => {
    const width = window.innerWidth
    window.innerWidth = 500
    try {
      await renderInRouter(<Navbar showSidebarToggle={false} />)
      expect(pinnedNames()).toEqual([])
      const user = userEvent.setup()
      await user.click(screen.getByRole('button', { name: 'Apps' }))
      expect(screen.queryByRole('button', { name: 'Arrange apps' })).not.toBeInTheDocument()
    } finally {
      window.innerWidth = width
    }
  })

  it('leaves the navigation search slot only in the constant-care area', async () => {
    const { unmount } = await renderInRouter(<Navbar showSidebarToggle={false} />, '/units/search')
    expect(document.querySelector('[data-slot="nav-search"]')).not.toBeNull()
    unmount()
    await renderInRouter(<Navbar showSidebarToggle={false} />, '/reports')
    expect(document.querySelector('[data-slot="nav-search"]')).toBeNull()
  })
})
