import 'fake-indexeddb/auto'
import { useState, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { AnomalyCollectionListSchema, type AnomalyCollection } from '#contracts/anomalies.ts'
import { anomalyKeys } from '../../api/anomaly.api'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { renderInTestRouter } from '../../testing/router'
import { InboxPage } from './InboxPage'
import {
  analystHandlers,
  anomaly,
  collection,
  collections,
  flagsHandler,
  PANEL,
  pageOf,
  setUpFaultFinderSuite,
} from './testing/fixtures'

const server = setupServer(...analystHandlers())
const newClient = setUpFaultFinderSuite(server)

const LIST_URL = apiUrl('anomaly', `/panels/${PANEL}/collections`)

/**
 * The list endpoint: `answer` gives the collections of a request (all pages; the page asked for
 * is cut from them) or a response of its own; every request's query is kept.
 */
function serveList(answer: (query: URLSearchParams) => AnomalyCollection[] | Response) {
  const requests: URLSearchParams[] = []
  server.use(
    http.get(LIST_URL, ({ request }) => {
      const query = new URL(request.url).searchParams
      requests.push(query)
      const answered = answer(query)
      if (answered instanceof Response) return answered
      return contractJson(
        AnomalyCollectionListSchema,
        pageOf(answered, Number(query.get('page') ?? '1')),
      )
    }),
  )
  return requests
}

/** The inbox as its route shows it: the tab from the address, the search kept by the page. */
function Inbox() {
  const closed = useLocation({ select: (location) => location.pathname.endsWith('/closed') })
  const [search, setSearch] = useState('')
  return <InboxPage tab={closed ? 'closed' : 'active'} search={search} onSearchChange={setSearch} />
}

function renderInbox(path = '/fault-finder/active', client = newClient()) {
  const wrap = (router: ReactNode) => (
    <QueryClientProvider client={client}>{router}</QueryClientProvider>
  )
  return renderInTestRouter(<Inbox />, { path, wrap })
}

/** The cards shown, by their title links (the fixtures' hub sites HUB-<id>). */
const cards = () => screen.queryAllByRole('link', { name: /^HUB-\d+$/ })
const cardOf = (name: string) => {
  const link = screen.getByRole('link', { name })
  const card = link.closest('li')
  if (!card) throw new Error(`no card for ${name}`)
  return card
}

describe('InboxPage: the active tab', () => {
  it('lists the active collections, asking for new and ongoing ones, 20 a page, newest first', async () => {
    const requests = serveList(() => [
      collection(),
      collection({
        id: 4,
        state: 'new',
        first_seen: '2026-11-29T00:00:00.000Z',
        metadata: { hub_site: 'NSW-HUB-01', cmts_name: 'CMTS-7', mac_domain: null },
        units: 41,
        anomalies: [
          anomaly({ id: 4, metric: 'latency', value: 60, baseline: 24, unit: 'ms', state: 'new' }),
        ],
      }),
    ])
    await renderInbox()

    const lon = await screen.findByRole('link', { name: 'LON-HUB-02' })
    expect(lon).toHaveAttribute('href', '/fault-finder/collection/5')
    const query = requests[0]
    expect(query?.getAll('state[]')).toEqual(['new', 'ongoing'])
    expect(query?.get('per_page')).toBe('20')
    expect(query?.get('page')).toBe('1')
    expect(query?.get('sorts')).toBe('-first_seen')
    expect(query?.has('search')).toBe(false)

    const card = cardOf('LON-HUB-02')
    expect(within(card).getByText('Hub site')).toBeInTheDocument()
    expect(within(card).getByText('Ongoing')).toBeInTheDocument()
    expect(within(card).getByText(/^First seen/)).toHaveTextContent('First seen 28 Nov 2026')
    expect(within(card).getByText('43 units in the area')).toBeInTheDocument()
    expect(within(card).getByText(/^Download/)).toHaveTextContent(
      /^Download [−-]55% \(41 Mbps, usually 92 Mbps\) worse$/,
    )
    expect(within(card).getByText('worse')).toBeInTheDocument()

    const nsw = cardOf('NSW-HUB-01')
    expect(within(nsw).getByText('New')).toBeInTheDocument()
    expect(within(nsw).getByText('CMTS name')).toBeInTheDocument()
    expect(within(nsw).getByText(/^Latency/)).toHaveTextContent(
      /^Latency \+150% \(60 ms, usually 24 ms\) worse$/,
    )
    expect(screen.getByText('Showing 2 of 2 collections')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('words outages and success rates by their type', async () => {
    serveList(() => [
      collection({
        id: 8,
        metadata: { hub_site: null, cmts_name: null, mac_domain: 'MD-0042' },
        anomalies: [
          anomaly({
            id: 8,
            type: 'outage',
            metric: 'outage',
            value: null,
            baseline: null,
            unit: null,
          }),
          anomaly({
            id: 9,
            type: 'success_rate',
            metric: 'upload',
            value: 52,
            baseline: 98,
            unit: '%',
          }),
        ],
      }),
    ])
    await renderInbox()
    await screen.findByRole('link', { name: 'MD-0042' })
    const card = cardOf('MD-0042')
    expect(within(card).getByText('MAC domain')).toBeInTheDocument()
    const lines = within(within(card).getByRole('list', { name: 'Anomalies' })).getAllByRole(
      'listitem',
    )
    expect(lines.map((line) => line.textContent)).toEqual([
      'Outage',
      expect.stringMatching(/^Upload success rate: 52%, usually 98% worse$/),
    ])
  })

  it('says so when nothing is active', async () => {
    serveList(() => [])
    await renderInbox()
    expect(await screen.findByText('No anomalies right now')).toBeInTheDocument()
    expect(screen.getByText('No collections')).toBeInTheDocument()
  })
})

describe('InboxPage: the closed tab', () => {
  it('asks for closed collections and says when each closed', async () => {
    const requests = serveList(() => [
      collection({
        id: 6,
        state: 'closed',
        closed_at: '2026-11-23T00:00:00.000Z',
        metadata: { hub_site: 'MID-HUB-01', cmts_name: null, mac_domain: null },
      }),
    ])
    await renderInbox('/fault-finder/closed')
    await screen.findByRole('link', { name: 'MID-HUB-01' })
    expect(requests[0]?.getAll('state[]')).toEqual(['closed'])
    const card = cardOf('MID-HUB-01')
    expect(within(card).getByText(/^Closed/, { selector: 'li' })).toHaveTextContent(
      'Closed 23 Nov 2026',
    )
    expect(within(card).getByText('Closed', { selector: 'span' })).toBeInTheDocument()
  })

  it('says so when nothing closed in the last 30 days', async () => {
    serveList(() => [])
    await renderInbox('/fault-finder/closed')
    expect(await screen.findByText('Nothing closed in the last 30 days')).toBeInTheDocument()
  })

  it('is a tab beside the active one: links, the open one current, each asking again', async () => {
    const requests = serveList((query) =>
      query.getAll('state[]').includes('closed')
        ? [collection({ id: 6, state: 'closed', closed_at: '2026-11-23T00:00:00.000Z' })]
        : [collection()],
    )
    await renderInbox()
    const tabs = screen.getByRole('navigation', { name: 'Anomaly inbox' })
    const active = within(tabs).getByRole('link', { name: 'Active' })
    const closed = within(tabs).getByRole('link', { name: 'Closed' })
    expect(active).toHaveAttribute('href', '/fault-finder/active')
    expect(active).toHaveAttribute('aria-current', 'page')
    expect(closed).toHaveAttribute('href', '/fault-finder/closed')
    await screen.findByRole('link', { name: 'LON-HUB-02' })

    await userEvent.setup().click(closed)
    await waitFor(() => {
      expect(closed).toHaveAttribute('aria-current', 'page')
    })
    expect(await screen.findByText(/^Closed/, { selector: 'li' })).toBeInTheDocument()
    expect(requests.map((query) => query.getAll('state[]'))).toEqual([
      ['new', 'ongoing'],
      ['closed'],
    ])
  })
})

describe('InboxPage: search and more', () => {
  const all = collections(25)

  it('loads the next page on "load more" and appends it', async () => {
    const requests = serveList(() => all)
    await renderInbox()
    expect(await screen.findByText('Showing 20 of 25 collections')).toBeInTheDocument()
    expect(cards()).toHaveLength(20)

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Showing 25 of 25 collections')).toBeInTheDocument()
    expect(cards()).toHaveLength(25)
    expect(screen.getByRole('link', { name: 'HUB-124' })).toBeInTheDocument()
    expect(requests.map((query) => query.get('page'))).toEqual(['1', '2'])
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('searches what is typed, from page 1 again, and says when nothing matches', async () => {
    const requests = serveList((query) => {
      const search = query.get('search')
      if (search === null) return all
      return all.filter((item) => item.metadata.hub_site?.includes(search))
    })
    await renderInbox()
    const user = userEvent.setup()
    await screen.findByText('Showing 20 of 25 collections')
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await screen.findByText('Showing 25 of 25 collections')

    await user.type(screen.getByRole('combobox', { name: 'Search anomalies' }), 'HUB-12')
    expect(await screen.findByText('Showing 5 of 5 collections')).toBeInTheDocument()
    const searched = requests.filter((query) => query.has('search'))
    expect(searched.map((query) => [query.get('search'), query.get('page')])).toEqual([
      ['HUB-12', '1'],
    ])
    expect(searched[0]?.getAll('state[]')).toEqual(['new', 'ongoing'])
    expect(cards()).toHaveLength(5)

    await user.clear(screen.getByRole('combobox', { name: 'Search anomalies' }))
    await user.type(screen.getByRole('combobox', { name: 'Search anomalies' }), 'LON{Enter}')
    expect(await screen.findByText('No collections match “LON”')).toBeInTheDocument()

    // Back to no search: the list left with two pages shown starts again at page 1.
    await user.clear(screen.getByRole('combobox', { name: 'Search anomalies' }))
    expect(await screen.findByText('Showing 20 of 25 collections')).toBeInTheDocument()
    expect(cards()).toHaveLength(20)
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument()
  })

  it('ignores a request cancelled by a change of tab (no error shown)', async () => {
    let aborted = false
    // The active list never answers; leaving it cancels its request.
    server.use(
      http.get(LIST_URL, async ({ request }) => {
        if (new URL(request.url).searchParams.getAll('state[]').includes('closed')) {
          return contractJson(AnomalyCollectionListSchema, pageOf([], 1))
        }
        await new Promise<void>((resolve) => {
          request.signal.addEventListener('abort', () => {
            aborted = true
            resolve()
          })
        })
        return HttpResponse.error()
      }),
    )
    await renderInbox()
    await userEvent.setup().click(screen.getByRole('link', { name: 'Closed' }))
    expect(await screen.findByText('Nothing closed in the last 30 days')).toBeInTheDocument()
    await waitFor(() => {
      expect(aborted).toBe(true)
    })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('InboxPage: failures and offline', () => {
  it('shows a failure with Retry, which loads the list', async () => {
    let fail = true
    serveList(() => (fail ? apiErrorResponse(500, { code: 'INTERNAL' }) : [collection()]))
    await renderInbox()
    expect(await screen.findByText('The inbox could not be loaded')).toBeInTheDocument()
    expect(
      screen.getByText('The server could not answer. Try again in a moment.'),
    ).toBeInTheDocument()

    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('link', { name: 'LON-HUB-02' })).toBeInTheDocument()
    expect(screen.queryByText('The inbox could not be loaded')).not.toBeInTheDocument()
  })

  it('keeps the list when the next page fails, and tries that page again', async () => {
    const all = collections(25)
    let failNext = true
    const requests = serveList((query) =>
      query.get('page') === '2' && failNext ? apiErrorResponse(503, { code: 'INTERNAL' }) : all,
    )
    await renderInbox()
    const user = userEvent.setup()
    await screen.findByText('Showing 20 of 25 collections')
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('More collections could not be loaded')).toBeInTheDocument()
    expect(cards()).toHaveLength(20)

    failNext = false
    await user.click(screen.getByRole('button', { name: 'Try loading more again' }))
    expect(await screen.findByText('Showing 25 of 25 collections')).toBeInTheDocument()
    expect(requests.map((query) => query.get('page'))).toEqual(['1', '2', '2'])
  })

  it('opens offline from the device with the age of what it shows', async () => {
    const requests = serveList(() => [collection()])
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    onlineManager.setOnline(false)
    const client = newClient()
    client.setQueryData(
      anomalyKeys.list({ panelId: PANEL, tab: 'active', search: '' }),
      { pages: [pageOf([collection()], 1)], pageParams: [1] },
      { updatedAt: Date.now() - 3 * 60 * 60_000 },
    )
    await renderInbox('/fault-finder/active', client)
    expect(await screen.findByRole('link', { name: 'LON-HUB-02' })).toBeInTheDocument()
    expect(screen.getByText(/^Data from/)).toHaveTextContent(/3 hr ago/)
    expect(requests).toHaveLength(0)
  })

  it('says what it means when offline with nothing on the device', async () => {
    const requests = serveList(() => [collection()])
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    onlineManager.setOnline(false)
    await renderInbox()
    expect(await screen.findByText('This inbox is not saved on this device')).toBeInTheDocument()
    expect(requests.map((query) => query.toString())).toEqual([])
  })
})

describe('InboxPage: flags', () => {
  it('shows no beta note and no calls to action with the flags off', async () => {
    serveList(() => [collection()])
    await renderInbox()
    await screen.findByRole('link', { name: 'LON-HUB-02' })
    expect(screen.queryByText('Beta')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Book a call' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Send feedback' })).not.toBeInTheDocument()
  })

  it('shows the beta note, the call and the feedback calls to action when on', async () => {
    server.use(
      flagsHandler([
        'show-fault-finder-beta-banner',
        'show-fault-finder-call-cta',
        'show-fault-finder-feedback-cta',
      ]),
    )
    serveList(() => [collection()])
    await renderInbox()
    expect(await screen.findByText('Beta')).toBeInTheDocument()
    const call = await screen.findByRole('link', { name: 'Book a call' })
    expect(call.getAttribute('href')).toMatch(/^mailto:support@whitebox\.example\?subject=/)
    expect(decodeURIComponent(call.getAttribute('href') ?? '')).toContain(
      'Fault finder: book a call',
    )
    const feedback = screen.getByRole('link', { name: 'Send feedback' })
    expect(decodeURIComponent(feedback.getAttribute('href') ?? '')).toContain(
      'Fault finder feedback',
    )
  })
})
