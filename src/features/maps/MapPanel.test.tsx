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
  type MapFormInput,
} from '#contracts/maps.ts'
import { apiUrl, contractJson } from '../../api/testing/contract-handlers'
import type { MapChartProps } from './MapChart'
import { MapPanel } from './MapPanel'

// jsdom draws no map: the chart says which areas it was given and zooms when asked.
vi.mock('./lazy-map-chart', () => ({
  MapChart: ({ data, onView }: MapChartProps) => (
    <div>
      <p>{`Areas at resolution ${String(data.mapType === 'map' ? data.resolution : null)}`}</p>
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
const server = setupServer(
  http.get(apiUrl('analytics', '/map-config'), () =>
    contractJson(MapConfigResponseSchema, { data: { tileUrl: null, attribution: null } }),
  ),
  http.post(apiUrl('analytics', `/panel/${PANEL}/map-data`), async ({ request }) => {
    const form = v.parse(MapFormSchema, await request.json())
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

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MapPanel
          panel={PANEL}
          form={FORM}
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
