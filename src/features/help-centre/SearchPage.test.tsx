import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setupServer } from 'msw/node'
import { onlineManager } from '@tanstack/react-query'
import { hcArticlesQueryOptions, hcKeys } from './help-centre.queries'
import { ARTICLES, hcHandlers, hcNetworkDown, SECTIONS } from './testing/hc-fixtures'
import { helpCentreTestClient, renderHelpCentre } from './testing/render-help-centre'

const searches: { query: string; page: number; category: string | null }[] = []
const server = setupServer(...hcHandlers({ searches }))
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  searches.length = 0
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
})
afterAll(() => {
  server.close()
})

const location = () => screen.getByRole('status', { name: 'current location' })

describe('search (online)', () => {
  it('shows the results with only the matched words marked, 10 a page, query in the URL', async () => {
    const user = userEvent.setup()
    await renderHelpCentre('/hc/en-gb/search?query=router')
    expect(await screen.findByText('23 results for “router”')).toBeInTheDocument()
    const items = within(screen.getByRole('list', { name: 'Results' })).getAllByRole('listitem')
    expect(items).toHaveLength(10)
    const snippet = items[0]?.querySelector('p')
    expect(snippet?.innerHTML).toBe('Restart the <em>router</em> now')
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/hc/en-gb/articles/1001',
    )
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Next' }))
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument()
    expect(location()).toHaveTextContent('/hc/en-gb/search?query=router&page=2')
    expect(searches.at(-1)).toEqual({ query: 'router', page: 2, category: null })
    expect(screen.getByRole('link', { name: 'Previous' })).toBeInTheDocument()
  })

  it('a new search and the topic filter go through the URL', async () => {
    const user = userEvent.setup()
    await renderHelpCentre('/hc/en-gb/search')
    expect(screen.getByText(/Type what you are looking for/)).toBeInTheDocument()
    const field = screen.getByRole('combobox', { name: 'Search the help centre' })
    await user.type(field, 'router{Enter}')
    await screen.findByText('23 results for “router”')
    await user.selectOptions(await screen.findByLabelText('Topic'), 'Troubleshooting')
    await waitFor(() => {
      expect(location()).toHaveTextContent('/hc/en-gb/search?query=router&category=2')
    })
    await waitFor(() => {
      expect(searches.at(-1)).toEqual({ query: 'router', page: 1, category: '2' })
    })
  })

  it('says so when nothing matches', async () => {
    await renderHelpCentre('/hc/en-gb/search?query=satellite')
    expect(await screen.findByText('No articles match “satellite”.')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Result pages' })).not.toBeInTheDocument()
  })
})

describe('search (offline)', () => {
  it('searches the saved articles and says it is offline', async () => {
    const client = helpCentreTestClient()
    // The home was read earlier: its list of articles is saved; one section is known.
    await client.query(hcArticlesQueryOptions('en-gb'))
    client.setQueryData(hcKeys.section('en-gb', 20), SECTIONS[2])
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    onlineManager.setOnline(false)
    server.use(hcNetworkDown())

    await renderHelpCentre('/hc/en-gb/search?query=router', client)
    expect(screen.getByText("Searching saved articles only — you're offline")).toBeInTheDocument()
    expect(screen.getByText('3 results for “router”')).toBeInTheDocument()
    const results = screen.getByRole('list', { name: 'Results' })
    const titles = within(results)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent)
    expect(titles).toEqual([
      'Setting up your Whitebox',
      'Where to put your Whitebox',
      'Slow Wi-Fi at home',
    ])
    expect(searches).toEqual([])
    const first = within(results).getAllByRole('listitem')[0]
    expect(first?.querySelector('p')?.innerHTML).toContain('<em>router</em>')
  })

  it('filters the saved articles by topic where their section is known', async () => {
    const client = helpCentreTestClient()
    await client.query(hcArticlesQueryOptions('en-gb'))
    client.setQueryData(hcKeys.section('en-gb', 20), SECTIONS[2])
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    onlineManager.setOnline(false)

    await renderHelpCentre('/hc/en-gb/search?query=router&category=2', client)
    expect(screen.getByText('1 result for “router”')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Slow Wi-Fi at home' })).toBeInTheDocument()
    expect(ARTICLES.length).toBeGreaterThan(1)
  })
})
