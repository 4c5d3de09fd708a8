import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { RouterNavigation } from '../../navigation/RouterNavigation'
import { RouterShell } from '../../navigation/RouterShell'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session } from '../../session'
import { CHUNK_FAILURES_KEY } from '../../lib/chunk-load'
import { setPendingChangesOpen } from '../../offline/pending-changes'
import { pageLoad } from './page-reload'
import { CatchAllNotFound } from './NotFoundPage'
import { RouteErrorPage } from './RouteErrorPage'
import { SKIP_TARGET_ID } from './skip-target'
import { ShellSidebar } from './ShellSidebar'
import { signedInChrome } from './signed-in-slot'
import { sessionFixture } from './testing/render-in-router'

let currentSession: Session | null = null

// Counts the loads of the pending changes panel's code (it is loaded on demand).
const pendingPanel = vi.hoisted(() => ({ loads: 0 }))
vi.mock('../../offline/PendingChanges', () => {
  pendingPanel.loads += 1
  return { PendingChanges: () => <p>Pending changes panel</p> }
})

vi.mock('../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../session')>()),
  useSession: () => currentSession,
}))

function buildRouter(path: string) {
  const rootRoute = createRootRoute({
    component: RouterShell,
    notFoundComponent: CatchAllNotFound,
    errorComponent: RouteErrorPage,
  })
  const page = (text: string) => () => <p>{text}</p>
  const routes = [
    createRoute({ getParentRoute: () => rootRoute, path: '/plain', component: page('Plain page') }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/own-header',
      component: () => (
        <>
          <a href="/elsewhere">A link of the page's own header</a>
          <div id={SKIP_TARGET_ID} tabIndex={-1}>
            Content past the header
          </div>
        </>
      ),
    }),
    createRoute({ getParentRoute: () => rootRoute, path: '/500', component: page('Error page') }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/bare',
      staticData: { hideNavbar: true, hideFooter: true, background: 'neutral' },
      component: page('Bare page'),
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/side',
      staticData: { sidebar: true },
      component: () => (
        <>
          <p>Page with sidebar</p>
          <ShellSidebar>
            <p>Sidebar content</p>
          </ShellSidebar>
        </>
      ),
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/broken',
      loader: () => {
        throw new Error('Database on fire')
      },
      component: page('never'),
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/stale',
      loader: () => {
        throw new TypeError(
          'Failed to fetch dynamically imported module: http://localhost/assets/stale-1.js',
        )
      },
      component: page('never'),
    }),
  ]
  return createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
    InnerWrap: RouterNavigation,
  })
}

async function renderAt(path: string) {
  const router = buildRouter(path)
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  await screen.findByRole('main')
  return router
}

// A signed-in page renders once the shell's signed-in parts are loaded (src/main.tsx).
beforeAll(async () => {
  await signedInChrome.load()
})

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en-GB', messages: {} })
  vi.spyOn(pageLoad, 'reload').mockImplementation(() => undefined)
  vi.spyOn(pageLoad, 'assign').mockImplementation(() => undefined)
})

afterEach(() => {
  currentSession = null
  sessionStorage.clear()
  vi.restoreAllMocks()
})

describe('ShellLayout', () => {
  it('wraps the page in skip link, navbar, main and footer', async () => {
    await renderAt('/plain')
    expect(await screen.findByText('Plain page')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main',
    )
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main')
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Whitebox`)).toBeInTheDocument()
    const privacy = within(footer).getByRole('link', { name: 'Privacy policy' })
    expect(privacy).toHaveAttribute('target', '_blank')
    expect(privacy.getAttribute('rel')).toContain('noopener')
    expect(within(footer).getAllByRole('link')).toHaveLength(5)
  })

  it('moves focus to the main content from the skip link', async () => {
    await renderAt('/plain')
    await userEvent.setup().click(screen.getByRole('link', { name: 'Skip to main content' }))
    expect(screen.getByRole('main')).toHaveFocus()
  })

  it.each([
    { focused: 'a header button', open: false, keeps: false },
    { focused: 'the button of an open menu', open: true, keeps: true },
  ])('after a navigation, $focused keeps its focus: $keeps', async (row) => {
    const router = await renderAt('/plain')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const button = within(nav).getAllByRole('button')[0]
    if (!button) throw new Error('no header button')
    button.setAttribute('aria-expanded', String(row.open))
    button.focus()
    act(() => {
      router.history.push('/side')
    })
    await screen.findByText('Page with sidebar')
    if (row.keeps) expect(button).toHaveFocus()
    else expect(screen.getByRole('main')).toHaveFocus()
  })

  it("goes past a header of the page's own to where its content starts", async () => {
    await renderAt('/own-header')
    await userEvent.setup().click(screen.getByRole('link', { name: 'Skip to main content' }))
    expect(screen.getByText('Content past the header')).toHaveFocus()
  })

  it('hides the navbar with ?navbar=false', async () => {
    await renderAt('/plain?navbar=false')
    expect(await screen.findByText('Plain page')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()
  })

  it('hides navbar and footer when the route asks', async () => {
    await renderAt('/bare')
    expect(await screen.findByText('Bare page')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument()
  })

  it('shows the sidebar and its toggle only on routes flagged with a sidebar', async () => {
    await renderAt('/side')
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' })
    expect(within(sidebar).getByText('Sidebar content')).toBeInTheDocument()
    const toggle = screen.getByRole('button', { name: 'Sidebar' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await userEvent.setup().click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument()
  })

  it('has no sidebar toggle elsewhere', async () => {
    await renderAt('/plain')
    await screen.findByText('Plain page')
    expect(screen.queryByRole('button', { name: 'Sidebar' })).not.toBeInTheDocument()
  })

  it.each([
    { preferences: {}, migrated: false, impersonating: false, deprecated: false },
    {
      preferences: { staffWarning: true },
      migrated: false,
      impersonating: true,
      deprecated: false,
    },
    { preferences: {}, migrated: true, impersonating: false, deprecated: true },
  ])(
    'banners: staff warning $preferences.staffWarning, migrated $migrated',
    async ({ preferences, migrated, impersonating, deprecated }) => {
      currentSession = { ...sessionFixture('consumer'), preferences, migrated }
      await renderAt('/plain')
      await screen.findByText('Plain page')
      const warning = screen.queryByText('You are "impersonating" the currently logged in user')
      expect(warning !== null).toBe(impersonating)
      const moved = screen.queryByText('Your account has moved to a new platform')
      expect(moved !== null).toBe(deprecated)
    },
  )

  it('shows the not-found page inside the layout for unknown addresses', async () => {
    await renderAt('/no/such/page')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })

  it('shows a generic error with a retry inside the layout', async () => {
    await renderAt('/broken')
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })

  it('reloads once for a failed route chunk, then goes to /500', async () => {
    await renderAt('/stale')
    await vi.waitFor(() => {
      expect(pageLoad.reload).toHaveBeenCalledTimes(1)
    })
    expect(sessionStorage.getItem(CHUNK_FAILURES_KEY)).toContain('stale-1.js')
    expect(pageLoad.assign).not.toHaveBeenCalled()
  })

  it('goes to /500 when the same chunk fails again after the reload', async () => {
    sessionStorage.setItem(
      CHUNK_FAILURES_KEY,
      JSON.stringify(['http://localhost/assets/stale-1.js']),
    )
    await renderAt('/stale')
    await vi.waitFor(() => {
      expect(pageLoad.assign).toHaveBeenCalledWith('/500')
    })
    expect(pageLoad.reload).not.toHaveBeenCalled()
  })

  it('handles vite:preloadError events', async () => {
    await renderAt('/plain')
    await screen.findByText('Plain page')
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new Error('Unable to preload CSS for /assets/page-9.css'),
    })
    act(() => {
      window.dispatchEvent(event)
    })
    expect(event.defaultPrevented).toBe(true)
    expect(pageLoad.reload).toHaveBeenCalledTimes(1)
    expect(sessionStorage.getItem(CHUNK_FAILURES_KEY)).toContain('/assets/page-9.css')
  })

  it('leaves a failed chunk on /500 to its loader: the error page does not send itself there again', async () => {
    await renderAt('/500')
    await screen.findByText('Error page')
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new Error('Failed to fetch dynamically imported module: /assets/data-layer-1.js'),
    })
    act(() => {
      window.dispatchEvent(event)
    })
    expect(event.defaultPrevented).toBe(false)
    expect(pageLoad.reload).not.toHaveBeenCalled()
    expect(pageLoad.assign).not.toHaveBeenCalled()
  })

  it('loads the pending changes panel only once there is something to show', async () => {
    currentSession = sessionFixture('consumer')
    await renderAt('/plain')
    await screen.findByText('Plain page')
    expect(pendingPanel.loads).toBe(0)
    expect(screen.queryByText('Pending changes panel')).not.toBeInTheDocument()
    try {
      act(() => {
        setPendingChangesOpen(true)
      })
      expect(await screen.findByText('Pending changes panel')).toBeInTheDocument()
      expect(pendingPanel.loads).toBe(1)
    } finally {
      act(() => {
        setPendingChangesOpen(false)
      })
    }
  })
})
