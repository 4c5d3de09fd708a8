import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import * as v from 'valibot'
import {
  MapConfigResponseSchema,
  MapDataResponseSchema,
  MapFormSchema,
  viewBox,
  type MapForm,
  type MapFormInput,
} from '#contracts/maps.ts'
import { apiUrl, contractJson } from '../../api/testing/contract-handlers'
import type { MapChartProps } from './MapChart'
import { MapPanel } from './MapPanel'

// jsdom draws no map: the chart says which areas it was given and zooms when asked.
vi.mock('./lazy-map-chart', () => ({
  MapChart: ({ data, onView }: MapChartProps) => (
    <div>
      <p>
        {data.mapType === 'map'
          ? `Areas at resolution ${String(data.resolution)}`
          : data.clusters
            ? `Clusters at zoom ${String(data.clusters.zoom)} of ${String(data.clusters.total)} points`
            : `${String(data.count)} points`}
      </p>
      <button
        type="button"
        onClick={() => onView?.(5, { south: -40, west: 140, north: -30, east: 155 })}
      >
        Zoom out
      </button>
    </div>
  ),
}))

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

const PANEL = 6
const asked: number[] = []
const askedPoints: Pick<MapForm, 'zoom' | 'bbox'>[] = []
// Points the fake server's raw mobile answer holds (over 20,000: it clusters them per view).
let mobilePoints = 0
const server = setupServer(
  http.get(apiUrl('analytics', '/map-config'), () =>
    contractJson(MapConfigResponseSchema, { data: { tileUrl: null, attribution: null } }),
  ),
  http.post(apiUrl('analytics', `/panel/${PANEL}/map-data`), async ({ request }) => {
    const form = v.parse(MapFormSchema, await request.json())
    if (form.mapType === 'raw_mobile') {
      askedPoints.push({ zoom: form.zoom, bbox: form.bbox })
      const clustered = mobilePoints > 20_000
      return contractJson(MapDataResponseSchema, {
        data: {
          mapType: 'raw_mobile',
          metric: 'httpgetmt',
          plotValue: form.plotValue,
          count: clustered ? 0 : mobilePoints,
          lat: clustered ? [] : Array.from({ length: mobilePoints }, () => -33.87),
          lon: clustered ? [] : Array.from({ length: mobilePoints }, () => 151.21),
          value: clustered ? [] : Array.from({ length: mobilePoints }, () => 50),
          exact: clustered ? [] : Array.from({ length: mobilePoints }, () => true),
          unit: clustered ? [] : Array.from({ length: mobilePoints }, () => 7),
          clusters: clustered
            ? {
                zoom: form.zoom ?? 4,
                total: mobilePoints,
                bounds: { south: -38, west: 140, north: -30, east: 152 },
                lat: [-33.87],
                lon: [151.21],
                count: [mobilePoints],
                value: [50],
                expansionZoom: [6],
              }
            : undefined,
          suppressed: 0,
          invalidPositions: 0,
        },
      })
    }
    asked.push(form.resolution ?? 0)
    return contractJson(MapDataResponseSchema, {
      data: {
        mapType: 'map',
        metric: 'httpgetmt',
        plotValue: form.plotValue,
        area: form.area,
        resolution: form.resolution ?? 5,
        areas: [
          {
            id: '85be0e2bfffffff',
            kind: 'h3',
            centre: [-33.87, 151.21],
            boundary: [
              [-33.8, 151.2],
              [-33.9, 151.3],
              [-33.95, 151.1],
            ],
            value: 87.5,
            sampleCount: 340,
            unitCount: 12,
          },
        ],
        suppressedUnits: 0,
        unitCount: 12,
        sampleCount: 340,
      },
    })
  }),
)

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  onlineManager.setOnline(true)
  asked.length = 0
  askedPoints.length = 0
})
afterAll(() => {
  server.close()
})

const FORM: MapFormInput = {
  mapType: 'map',
  metrics: [{ key: 'httpgetmt' }],
  date: { from: '2026-10-01', to: '2026-10-31' },
  zoom: 9,
}

function renderPanel(form = FORM) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MapPanel
          panel={PANEL}
          form={form}
          metricName="Download speed"
          unit="Mbps"
          radius={{ value: 6, unit: 'px' }}
          unitLinks={false}
        />
      </QueryClientProvider>
    </I18nProvider>,
  )
  return userEvent.setup()
}

const OFFLINE_NOTE = /Offline: these areas are sized for the zoom they were loaded at/

describe('MapPanel (an aggregate map follows the zoom)', () => {
  it('asks again at the new step when online, with no offline note', async () => {
    const user = renderPanel()
    expect(await screen.findByText('Areas at resolution 5')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Zoom out' }))
    expect(await screen.findByText('Areas at resolution 3')).toBeInTheDocument()
    expect(asked).toEqual([5, 3])
    expect(screen.queryByText(OFFLINE_NOTE)).toBeNull()
  })

  it('offline, keeps the loaded areas and says they are for another zoom; loads them when back', async () => {
    const user = renderPanel()
    expect(await screen.findByText('Areas at resolution 5')).toBeInTheDocument()
    act(() => {
      onlineManager.setOnline(false)
    })
    await user.click(screen.getByRole('button', { name: 'Zoom out' }))
    expect(await screen.findByText(OFFLINE_NOTE)).toBeInTheDocument()
    expect(screen.getByText('Areas at resolution 5')).toBeInTheDocument()
    expect(asked).toEqual([5])

    act(() => {
      onlineManager.setOnline(true)
    })
    expect(await screen.findByText('Areas at resolution 3')).toBeInTheDocument()
    expect(screen.queryByText(OFFLINE_NOTE)).toBeNull()
  })
})

describe('MapPanel (a point map)', () => {
  const MOBILE: MapFormInput = { ...FORM, mapType: 'raw_mobile', zoom: undefined }

  it('a large answer, clustered by the server: each view is asked for, snapped to tiles', async () => {
    mobilePoints = 64_644
    const user = renderPanel(MOBILE)
    expect(await screen.findByText('Clusters at zoom 4 of 64644 points')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Zoom out' }))
    expect(await screen.findByText('Clusters at zoom 5 of 64644 points')).toBeInTheDocument()
    const view = { south: -40, west: 140, north: -30, east: 155 }
    expect(askedPoints).toEqual([
      { zoom: undefined, bbox: undefined },
      { zoom: 5, bbox: viewBox(5, view) },
    ])
    // The same view again asks nothing more.
    await user.click(screen.getByRole('button', { name: 'Zoom out' }))
    expect(askedPoints).toHaveLength(2)
  })

  it('offline, a move keeps the view loaded and says so; the view loads when back', async () => {
    mobilePoints = 64_644
    const user = renderPanel(MOBILE)
    expect(await screen.findByText('Clusters at zoom 4 of 64644 points')).toBeInTheDocument()
    act(() => {
      onlineManager.setOnline(false)
    })
    await user.click(screen.getByRole('button', { name: 'Zoom out' }))
    expect(await screen.findByText(/the map shows the points of the last view/)).toBeInTheDocument()
    expect(screen.getByText('Clusters at zoom 4 of 64644 points')).toBeInTheDocument()
    act(() => {
      onlineManager.setOnline(true)
    })
    expect(await screen.findByText('Clusters at zoom 5 of 64644 points')).toBeInTheDocument()
    expect(screen.queryByText(/the map shows the points of the last view/)).toBeNull()
  })

  it('a whole answer: a move asks nothing (the client clusters it)', async () => {
    mobilePoints = 300
    const user = renderPanel(MOBILE)
    expect(await screen.findByText('300 points')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Zoom out' }))
    expect(screen.getByText('300 points')).toBeInTheDocument()
    expect(askedPoints).toEqual([{ zoom: undefined, bbox: undefined }])
  })
})
