import 'fake-indexeddb/auto'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import {
  AnomalyCollectionResponseSchema,
  AnomalyResponseSchema,
  type AnomalyCollection,
  type TrendPoint,
} from '#contracts/anomalies.ts'
import { anomalyKeys } from '../../api/anomaly.api'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { renderInTestRouter } from '../../testing/router'
import { CollectionPage } from './CollectionPage'
import {
  analystHandlers,
  anomaly,
  collection,
  PANEL,
  pageOf,
  setUpFaultFinderSuite,
} from './testing/fixtures'

/** What the page hands chart.js: each line's name, points and dash. */
type DrawnLine = { label?: string; data: { x: number; y: number }[]; borderDash?: number[] }
const drawn = vi.hoisted(() => ({ lines: [] as DrawnLine[][] }))

// jsdom has no canvas: the chart is a labelled image, and what it was given is kept.
vi.mock('react-chartjs-2', () => ({
  Line: (props: { 'aria-label': string; data: { datasets: DrawnLine[] } }) => {
    drawn.lines.push(props.data.datasets)
    return <canvas role="img" aria-label={props['aria-label']} />
  },
  Bar: () => null,
  Chart: () => null,
}))

const server = setupServer(...analystHandlers())
const newClient = setUpFaultFinderSuite(server, () => {
  drawn.lines = []
})

const TREND: TrendPoint[] = [
  { day: '2026-11-26', value: 90.5, baseline: 92 },
  { day: '2026-11-27', value: null, baseline: 92 },
  { day: '2026-11-28', value: 44, baseline: 92 },
  { day: '2026-11-29', value: 41, baseline: 92 },
]

const TWO = collection({
  metadata: { hub_site: 'LON-HUB-02', cmts_name: null, mac_domain: 'MD-7' },
  anomalies: [
    anomaly(),
    anomaly({ id: 11, metric: 'latency', value: 60, baseline: 24, unit: 'ms', state: 'new' }),
  ],
})

/** The collection and its anomalies' trends; every anomaly request's query is kept. */
function serveCollection(found: AnomalyCollection | null, trends: Record<number, TrendPoint[]>) {
  const anomalyQueries: string[] = []
  server.use(
    http.get(apiUrl('anomaly', '/collections/:id'), () =>
      found === null
        ? apiErrorResponse(404, { code: 'ANOMALY_NOT_FOUND' })
        : contractJson(AnomalyCollectionResponseSchema, { data: found }),
    ),
    http.get(apiUrl('anomaly', '/collections/:id/anomalies/:anomalyId'), ({ request, params }) => {
      anomalyQueries.push(`${String(params.anomalyId)}${new URL(request.url).search}`)
      const id = Number(params.anomalyId)
      const one = found?.anomalies.find((item) => item.id === id)
      if (!one) return apiErrorResponse(404, { code: 'ANOMALY_NOT_FOUND' })
      return contractJson(AnomalyResponseSchema, { data: { ...one, trend: trends[id] ?? [] } })
    }),
  )
  return anomalyQueries
}

function renderCollection(id = 5, client = newClient()) {
  const wrap = (router: ReactNode) => (
    <QueryClientProvider client={client}>{router}</QueryClientProvider>
  )
  return renderInTestRouter(<CollectionPage collectionId={id} />, {
    path: `/fault-finder/collection/${id}`,
    wrap,
  })
}

/** The definition list's value for a term. */
function valueOf(scope: HTMLElement, term: string): string | null {
  const dt = within(scope)
    .getAllByRole('term')
    .find((node) => node.textContent === term)
  return dt?.nextElementSibling?.textContent ?? null
}

describe('CollectionPage', () => {
  it('shows the area, its state, dates and units, and each anomaly with its worst day', async () => {
    serveCollection(TWO, { 5: TREND, 11: [] })
    await renderCollection()

    expect(await screen.findByRole('heading', { level: 1, name: 'LON-HUB-02' })).toBeInTheDocument()
    const main = document.body
    expect(valueOf(main, 'Hub site')).toBe('LON-HUB-02')
    expect(valueOf(main, 'CMTS name')).toBe('Not known')
    expect(valueOf(main, 'MAC domain')).toBe('MD-7')
    expect(valueOf(main, 'Units in the area')).toBe('43')
    expect(valueOf(main, 'First seen')).toBe('28 Nov 2026')
    expect(valueOf(main, 'Last seen')).toBe('29 Nov 2026')
    expect(screen.getAllByText('Ongoing').length).toBeGreaterThan(0)
    expect(screen.getByRole('heading', { level: 2, name: '2 anomalies' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Active anomalies' })).toHaveAttribute(
      'href',
      '/fault-finder/active',
    )

    const download = screen.getByRole('region', { name: 'Download' })
    expect(valueOf(download, 'Type')).toBe('Measurement')
    expect(valueOf(download, 'Metric')).toBe('Download')
    expect(
      within(download).getByText(
        /^At its worst: 41 Mbps, usually 92 Mbps \([−-]55%, worse than usual\)\.$/,
      ),
    ).toBeInTheDocument()
    const latency = screen.getByRole('region', { name: 'Latency' })
    expect(within(latency).getByText('New')).toBeInTheDocument()
    expect(
      within(latency).getByText('At its worst: 60 ms, usually 24 ms (+150%, worse than usual).'),
    ).toBeInTheDocument()
  })

  it('draws each anomaly’s trend with the usual figure dashed, named and listed for all', async () => {
    const asked = serveCollection(TWO, { 5: TREND, 11: [] })
    await renderCollection()
    const download = await screen.findByRole('region', { name: 'Download' })

    const chart = await within(download).findByRole('img', {
      name: 'Download each day from Thu 26 Nov to Sun 29 Nov, with the usual figure dashed',
    })
    expect(chart).toBeInTheDocument()
    expect(asked.sort()).toEqual(['11?include=trend', '5?include=trend'])
    // The description screen readers hear after the chart's name.
    expect(
      within(download).getByText(
        '4 days. The last day, Sun 29 Nov: 41 Mbps, usually 92 Mbps. Every day is in the figures by day below.',
      ),
    ).toBeInTheDocument()

    const lines = drawn.lines.find((datasets) => datasets[0]?.label === 'Download')
    expect(lines?.map((line) => [line.label, line.borderDash ?? null])).toEqual([
      ['Download', null],
      ['Usually', [6, 4]],
    ])
    // The day without a value breaks the line (NaN), never a zero.
    expect(lines?.[0]?.data.map((point) => point.y)).toEqual([90.5, Number.NaN, 44, 41])
    expect(lines?.[1]?.data.map((point) => point.y)).toEqual([92, 92, 92, 92])

    const table = within(download).getByRole('table', {
      name: 'Download each day from Thu 26 Nov to Sun 29 Nov',
    })
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    expect(rows).toEqual([
      'Thu 26 Nov90.5 Mbps92 Mbps',
      'Fri 27 NovNo value92 Mbps',
      'Sat 28 Nov44 Mbps92 Mbps',
      'Sun 29 Nov41 Mbps92 Mbps',
    ])

    const latency = screen.getByRole('region', { name: 'Latency' })
    expect(
      await within(latency).findByText('There are no daily figures for this anomaly yet.'),
    ).toBeInTheDocument()
  })

  it('says so when the collection is not there, with the way back to the inbox', async () => {
    serveCollection(null, {})
    await renderCollection(404)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Collection not found' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See the active anomalies' })).toHaveAttribute(
      'href',
      '/fault-finder/active',
    )
  })

  it('leads back to the closed tab from a closed collection', async () => {
    serveCollection(collection({ state: 'closed', closed_at: '2026-11-30T00:00:00.000Z' }), {
      5: TREND,
    })
    await renderCollection()
    expect(await screen.findByRole('link', { name: 'Closed anomalies' })).toHaveAttribute(
      'href',
      '/fault-finder/closed',
    )
    expect(valueOf(document.body, 'Closed on')).toBe('30 Nov 2026')
  })

  it('opens offline from the inbox saved on the device, with its age', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    onlineManager.setOnline(false)
    const client = newClient()
    client.setQueryData(
      anomalyKeys.list({ panelId: PANEL, tab: 'active', search: '' }),
      { pages: [pageOf([collection()], 1)], pageParams: [1] },
      { updatedAt: Date.now() - 2 * 60 * 60_000 },
    )
    serveCollection(collection(), { 5: TREND })
    await renderCollection(5, client)
    expect(await screen.findByRole('heading', { level: 1, name: 'LON-HUB-02' })).toBeInTheDocument()
    expect(screen.getAllByText(/^Data from/)[0]).toHaveTextContent(/2 hr ago/)
    // Its trend was never fetched here: it says so rather than spinning.
    expect(await screen.findByText('Not saved on this device yet')).toBeInTheDocument()
  })
})
