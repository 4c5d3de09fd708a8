import { useState } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setupServer } from 'msw/node'
import type { AgentSort } from '#contracts/unit-search.ts'
import { deauthenticate } from '../../session'
import { renderAsEngineer, saveUnitsOnDevice, unitSearchHandlers } from './testing/fixtures'
import { UnitSearchPage } from './UnitSearchPage'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  vi.restoreAllMocks()
  server.resetHandlers()
  deauthenticate()
})
afterAll(() => {
  server.close()
})

function Page({ term = '', showResults = false }: { term?: string; showResults?: boolean }) {
  const [sort, setSort] = useState<AgentSort>('id')
  return <UnitSearchPage term={term} showResults={showResults} sort={sort} onSortChange={setSort} />
}

const searchBox = () =>
  screen.getByRole('combobox', { name: 'Unit ID, email, MAC address or serial' })
// Plain selectors where 60 rows are on the page: role queries over them are slow in jsdom.
const loadMore = () => screen.queryByText('Load more units')?.closest('button') ?? null
const idHeader = () => screen.getByRole('table').querySelector('th')
const tableIds = () =>
  [...screen.getByRole('table').querySelectorAll('tbody tr')].map(
    (row) => row.querySelector('td')?.textContent,
  )

describe('UnitSearchPage: new', () => {
  it('shows the search box and no results; an empty search does nothing', async () => {
    const { handlers, seen } = unitSearchHandlers()
    server.use(...handlers)
    const { router } = await renderAsEngineer(<Page />)
    expect(screen.getByRole('heading', { level: 1, name: 'Unit search' })).toBeInTheDocument()
    expect(screen.getByText('Panel: Southern Cross Constant Care')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.type(searchBox(), '   {Enter}')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(router.state.location.pathname).toBe('/units/search')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(seen).toEqual([])
  })

  it('opens the unit when the search finds exactly one', async () => {
    server.use(...unitSearchHandlers().handlers)
    const { router } = await renderAsEngineer(<Page />)
    const user = userEvent.setup()
    await user.type(searchBox(), ' 35 {Enter}')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/units/35/test-results')
    })
  })

  it('shows the results list when the search finds several (or none)', async () => {
    server.use(...unitSearchHandlers().handlers)
    const { router } = await renderAsEngineer(<Page />)
    const user = userEvent.setup()
    await user.type(searchBox(), 'WB0000001{Enter}')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/units/search')
    })
    expect(router.state.location.search).toEqual({ q: 'WB0000001', showResults: true })
  })
})

// Sixty rows (a table and cards) take jsdom a few seconds to render and query.
describe('UnitSearchPage: loaded', { timeout: 20_000 }, () => {
  it('appends pages of 50 with a live count, then says every unit is shown', async () => {
    const { handlers, seen } = unitSearchHandlers({ count: 60 })
    server.use(...handlers)
    await renderAsEngineer(<Page showResults />)
    expect(await screen.findByText('Showing 50 of 60 units')).toHaveAttribute('aria-live', 'polite')
    expect(tableIds()).toHaveLength(50)
    expect(
      screen.getByRole('table').querySelector('a[aria-label="Results of unit 1"]'),
    ).toHaveAttribute('href', '/units/1/test-results')

    const user = userEvent.setup()
    await user.click(loadMore() ?? document.body)
    expect(await screen.findByText('Showing 60 of 60 units')).toBeInTheDocument()
    expect(tableIds()).toHaveLength(60)
    expect(tableIds().at(-1)).toBe('60')
    expect(loadMore()).toBeNull()
    expect(screen.getByText('All units are shown (2 pages).')).toBeInTheDocument()
    expect(seen.map((r) => [r.page, r.perPage, r.sorts])).toEqual([
      [1, 50, 'id'],
      [2, 50, 'id'],
    ])
  })

  it('makes each phone card one link to its unit, with a status badge', async () => {
    server.use(...unitSearchHandlers({ count: 40 }).handlers)
    await renderAsEngineer(<Page showResults />)
    expect(await screen.findByText('Showing 40 of 40 units')).toBeInTheDocument()
    const cards = [...document.querySelectorAll('ul[aria-label="Units"] article')]
    expect(cards).toHaveLength(40)
    const first = cards[0] as HTMLElement
    const last = cards[39] as HTMLElement
    // One link per card (its title, stretched over the card): reachable once by keyboard.
    const links = within(first).getAllByRole('link')
    expect(links).toHaveLength(1)
    expect(links[0]).toHaveTextContent('Unit 1')
    expect(links[0]).toHaveAttribute('href', '/units/1/test-results')
    // Seen a minute ago: online; seen 40 minutes ago: offline (live data).
    expect(first).toHaveTextContent(/Status\s*Online/)
    expect(last).toHaveTextContent(/Status\s*Offline/)
  })

  it('re-sorting reloads the count already shown from page 1', async () => {
    const { handlers, seen } = unitSearchHandlers({ count: 60 })
    server.use(...handlers)
    await renderAsEngineer(<Page showResults />)
    const user = userEvent.setup()
    await screen.findByText('Showing 50 of 60 units')
    await user.click(loadMore() ?? document.body)
    await screen.findByText('Showing 60 of 60 units')
    expect(idHeader()).toHaveTextContent('Agent ID')
    expect(idHeader()).toHaveAttribute('aria-sort', 'ascending')

    seen.length = 0
    await user.click(idHeader()?.querySelector('button') ?? document.body)
    await waitFor(() => {
      expect(tableIds()[0]).toBe('60')
    })
    expect(idHeader()).toHaveAttribute('aria-sort', 'descending')
    expect(tableIds()).toHaveLength(60)
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-id')
    expect(seen.map((r) => [r.page, r.sorts]).sort()).toEqual([
      [1, '-id'],
      [2, '-id'],
    ])
  })

  it('says so when nothing matches', async () => {
    server.use(...unitSearchHandlers().handlers)
    await renderAsEngineer(<Page term="999" showResults />)
    expect(
      await screen.findByText(
        'No units match. Check the ID, email, MAC address or serial and try again.',
      ),
    ).toBeInTheDocument()
    // The rule a term follows: the suggestions match any part of a unit, the search does not.
    expect(
      screen.getByText(
        'The search takes a whole unit ID, email address or MAC address, or the start of a serial (4 characters or more).',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    // Nothing to sort.
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument()
  })
})

describe('UnitSearchPage: error', () => {
  it('shows the failure with a retry that loads the list', async () => {
    let fail = true
    server.use(...unitSearchHandlers({ failAgents: () => fail }).handlers)
    await renderAsEngineer(<Page showResults />)
    expect(await screen.findByText('The search failed')).toBeInTheDocument()
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Showing 50 of 60 units')).toBeInTheDocument()
  })
})

describe('UnitSearchPage: units saved on this device', () => {
  it('lists the recent units, most recently opened first, and suggests them as the user types', async () => {
    server.use(...unitSearchHandlers().handlers)
    const { client } = await renderAsEngineer(<Page />)
    saveUnitsOnDevice(client, [
      { id: 36, minutesAgo: 30 },
      { id: 41, minutesAgo: 5 },
    ])
    const recent = await screen.findByRole('region', { name: 'Recent units' })
    expect(
      within(recent)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([expect.stringContaining('Unit 41'), expect.stringContaining('Unit 36')])

    const user = userEvent.setup()
    await user.type(searchBox(), 'customer36')
    const option = screen.getByRole('option', { name: 'Unit 36' })
    expect(option.querySelector('mark')?.textContent).toBe('customer36')
  })

  it('searches them offline, says so, and opens a single match without the server', async () => {
    const { handlers, seen } = unitSearchHandlers()
    server.use(...handlers)
    // The browser says offline: answers to other calls cannot bring the app back online.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { client, unmount } = await renderAsEngineer(
      <Page term="customer36@example.com" showResults />,
    )
    saveUnitsOnDevice(client, [
      { id: 36, minutesAgo: 30 },
      { id: 41, minutesAgo: 5 },
    ])
    expect(
      await screen.findByText(
        'You are offline: the search looks through the units opened on this device in the last 30 days.',
      ),
    ).toBeInTheDocument()
    const results = screen.getByRole('region', { name: 'Results for “customer36@example.com”' })
    // The saved units are the results: the recent units (the same ones) are not listed again.
    expect(screen.queryByRole('region', { name: 'Recent units' })).toBeNull()
    expect(
      within(results)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([expect.stringContaining('Unit 36')])
    unmount()

    const { router } = await renderAsEngineer(<Page />, { client })
    const user = userEvent.setup()
    await user.type(searchBox(), 'wb00000041{Enter}')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/units/41/test-results')
    })
    expect(seen).toEqual([])
  })
})
