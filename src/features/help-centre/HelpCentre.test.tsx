import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setupServer } from 'msw/node'
import { i18n } from '@lingui/core'
import { HC_LOCALE_KEY } from './hc-locale'
import { ARTICLES } from './testing/hc-fixtures'
import { hcHandlers } from './testing/hc-fixtures'
import { renderHelpCentre } from './testing/render-help-centre'

const server = setupServer(...hcHandlers())
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(async () => {
  server.resetHandlers()
  // Leaving the help centre brings the app's language back after a tick: let it land before the
  // next test opens the help centre in its own language.
  cleanup()
  await new Promise((resolve) => setTimeout(resolve, 10))
  i18n.loadAndActivate({ locale: 'en-GB', messages: {} })
})
afterAll(() => {
  server.close()
})

const location = () => screen.getByRole('status', { name: 'current location' })

describe('help centre home', () => {
  it('shows the search, the popular articles and every category with its sections', async () => {
    await renderHelpCentre('/hc')
    expect(screen.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeInTheDocument()
    expect(screen.getByRole('search')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Search the help centre' })).toBeInTheDocument()
    const popular = await screen.findByRole('region', { name: 'Popular articles' })
    expect(
      within(popular)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Setting up your Whitebox', 'Slow Wi-Fi at home'])
    const card = (await screen.findByRole('heading', { level: 3, name: 'Your Whitebox' }))
      .parentElement
    if (!card) throw new Error('no card')
    await within(card).findByRole('link', { name: 'Getting started' })
    expect(within(card).getByRole('link', { name: 'Your data' })).toHaveAttribute(
      'href',
      '/hc/en-gb/sections/11',
    )
    expect(document.title).toBe('Help centre – Whitebox')
  })

  it('suggests the saved articles that match as the user types; choosing one opens it', async () => {
    await renderHelpCentre('/hc')
    await screen.findByRole('region', { name: 'Popular articles' })
    const field = screen.getByRole('combobox', { name: 'Search the help centre' })
    const user = userEvent.setup({ delay: null })
    await user.type(field, 'r')
    // One letter matches too much: no list yet.
    expect(field).toHaveAttribute('aria-expanded', 'false')
    await user.type(field, 'outer')
    const list = await screen.findByRole('listbox', { name: 'Matching articles' })
    // Every article that mentions a router; the ones with it in the title would come first.
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Setting up your Whitebox', 'Where to put your Whitebox', 'Slow Wi-Fi at home'])
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await waitFor(() => {
      expect(location()).toHaveTextContent('/hc/en-gb/articles/101')
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Where to put your Whitebox' }),
    ).toBeInTheDocument()
  })

  it('has its own header: home, sign in and the language', async () => {
    await renderHelpCentre('/hc/en-gb')
    const header = screen.getByRole('navigation', { name: 'Help centre' })
    expect(within(header).getByRole('link', { name: /Whitebox/ })).toHaveAttribute(
      'href',
      '/hc/en-gb',
    )
    expect(within(header).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    // The app's one language picker, following the help centre's locale.
    expect(within(header).getByRole('button', { name: /English \(UK\)/ })).toHaveAttribute(
      'aria-haspopup',
      'menu',
    )
  })
})

describe('routes', () => {
  it.each([
    { path: '/hc/search?query=router', heading: 'Search results' },
    { path: '/hc/fr-ca/search?query=router', heading: 'Résultats de recherche' },
    { path: '/hc/articles/101', heading: 'Where to put your Whitebox' },
    { path: '/hc/en-gb/sections/10', heading: 'Getting started' },
    { path: '/hc/categories/2', heading: 'Troubleshooting' },
  ])('$path', async ({ path, heading }) => {
    await renderHelpCentre(path)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
  })

  it.each(['/hc/de', '/hc/articles/abc', '/hc/en-gb/articles/0'])(
    '%s is not found',
    async (path) => {
      await renderHelpCentre(path)
      expect(await screen.findByText('Page not found')).toBeInTheDocument()
    },
  )
})

describe('locale', () => {
  it('ar turns the page right to left; the choice is remembered and keeps the page', async () => {
    const user = userEvent.setup()
    await renderHelpCentre('/hc/en-gb/articles/101')
    await screen.findByRole('heading', { level: 1, name: 'Where to put your Whitebox' })
    expect(document.documentElement).not.toHaveAttribute('dir', 'rtl')
    await user.click(screen.getByRole('button', { name: /English \(UK\)/ }))
    await user.click(screen.getByRole('menuitemradio', { name: 'العربية' }))
    await waitFor(() => {
      expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    })
    expect(location()).toHaveTextContent('/hc/ar/articles/101')
    expect(document.documentElement).toHaveAttribute('lang', 'ar-SA')
    expect(localStorage.getItem(HC_LOCALE_KEY)).toBe('ar')
    // The article is missing in Arabic: shown in en-gb, marked so for readers.
    const title = await screen.findByRole('heading', {
      level: 1,
      name: 'Where to put your Whitebox',
    })
    expect(title.closest('article')).toHaveAttribute('lang', 'en-GB')
    expect(title.closest('article')).toHaveAttribute('dir', 'ltr')
  })

  it("leaving the help centre brings the app's own language back", async () => {
    const { unmount } = await renderHelpCentre('/hc/ar')
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    unmount()
    await waitFor(() => {
      expect(document.documentElement).toHaveAttribute('lang', 'en-GB')
    })
    expect(document.documentElement).toHaveAttribute('dir', 'ltr')
  })

  it('without a locale in the URL the remembered one is used', async () => {
    localStorage.setItem(HC_LOCALE_KEY, 'fr-ca')
    await renderHelpCentre('/hc')
    // The page is in French now: its labels are too.
    expect(screen.getByRole('button', { name: /Français \(Canada\)/ })).toBeInTheDocument()
    expect(document.documentElement).toHaveAttribute('lang', 'fr-CA')
  })
})

describe('category, section and article pages', () => {
  it('a category lists its sections with their articles', async () => {
    await renderHelpCentre('/hc/en-gb/categories/1')
    await screen.findByRole('heading', { level: 1, name: 'Your Whitebox' })
    const started = screen.getByRole('region', { name: 'Getting started' })
    expect(
      within(started)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Getting started', 'Setting up your Whitebox', 'Where to put your Whitebox'])
    expect(screen.getByRole('region', { name: 'Your data' })).toBeInTheDocument()
  })

  it('a section lists its articles under a breadcrumb to its category', async () => {
    await renderHelpCentre('/hc/en-gb/sections/20')
    await screen.findByRole('heading', { level: 1, name: 'Slow speeds' })
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(await within(crumbs).findByRole('link', { name: 'Troubleshooting' })).toHaveAttribute(
      'href',
      '/hc/en-gb/categories/2',
    )
    expect(screen.getByRole('link', { name: 'Slow Wi-Fi at home' })).toBeInTheDocument()
  })

  it('an article: breadcrumb, updated date, sanitised body, links in-app or in a new tab', async () => {
    const user = userEvent.setup()
    await renderHelpCentre('/hc/en-gb/articles/100')
    await screen.findByRole('heading', { level: 1, name: 'Setting up your Whitebox' })
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    await within(crumbs).findByRole('link', { name: 'Getting started' })
    await within(crumbs).findByRole('link', { name: 'Your Whitebox' })
    expect(screen.getByText('14 March 2026')).toHaveAttribute('datetime', '2026-03-14T09:30:00Z')

    const body = screen.getByText('Plug the Whitebox into your router.').parentElement
    if (!body) throw new Error('no body')
    expect(body.innerHTML).not.toMatch(/script|onerror|hacked/)
    expect(within(body).getByRole('link', { name: 'Router guide' })).toMatchObject({
      target: '_blank',
      rel: 'noopener noreferrer',
    })
    await user.click(within(body).getByRole('link', { name: 'Where to put it' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Where to put your Whitebox' }),
    ).toBeInTheDocument()
    expect(location()).toHaveTextContent('/hc/en-gb/articles/101')
    // Focus moved to the new page's title (announced, and Tab starts in the content).
    await waitFor(() => {
      expect(screen.getByRole('heading', { level: 1 })).toHaveFocus()
    })
  })

  it('the article shows at once from the list the home loaded', async () => {
    const user = userEvent.setup()
    await renderHelpCentre('/hc/en-gb')
    let opened = 0
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/articles/200')) opened += 1
    })
    await user.click(await screen.findByRole('link', { name: 'Slow Wi-Fi at home' }))
    expect(
      screen.getByRole('heading', { level: 1, name: 'Slow Wi-Fi at home' }),
    ).toBeInTheDocument()
    expect(ARTICLES.find((a) => a.id === 200)?.promoted).toBe(true)
    expect(opened).toBe(0)
    server.events.removeAllListeners()
  })
})

describe('a missing item', () => {
  it('has a page of its own with a way back', async () => {
    await renderHelpCentre('/hc/en-gb/articles/999')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page is not in the help centre' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Help centre home' })).toHaveAttribute(
      'href',
      '/hc/en-gb',
    )
  })
})
