import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import * as v from 'valibot'
import {
  AnalyticsMetadataSchema,
  ChartDataResponseSchema,
  ChartFormSchema,
  METRIC_CATALOGUE,
  type ChartFormInput,
} from '#contracts/analytics.ts'
import { MapConfigResponseSchema, MapDataResponseSchema, MapFormSchema } from '#contracts/maps.ts'
import { PresetCreateSchema, PresetResponseSchema } from '#contracts/presets.ts'
import {
  apiErrorResponse,
  apiUrl,
  contractJson,
  makeAccessToken,
  signInHandlers,
} from '../../api/testing/contract-handlers'
import { resetQueueTest } from '../../offline/testing/queue-test-utils'
import { FLAG_KEYS } from '../../session/local-flags'
import type { Session } from '../../session/session.types'
import { loadFromStorage } from '../../session/store'
import { writeTokens } from '../../session/tokens'
import { AnalyticsBuilderPage } from './AnalyticsBuilderPage'
import type { BuilderSearch } from './builder-form'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

// jsdom has no canvas: the chart keeps what it was given to draw, by its accessible name.
const drawn = vi.hoisted(() => new Map<string, unknown>())
vi.mock('react-chartjs-2', () => ({
  Chart: (props: { 'aria-label': string; data: unknown }) => {
    drawn.set(props['aria-label'], props.data)
    return <canvas role="img" aria-label={props['aria-label']} />
  },
  Line: () => null,
  Bar: () => null,
}))

// jsdom draws no map: Leaflet is replaced by a recorder of what it was asked to draw (the legend,
// figures and table around it are the real ones).
const mapDraws = vi.hoisted(() => [] as { mapType: string }[])
vi.mock('../maps/leaflet-map', () => ({
  createLeafletMap: () => ({
    draw: (options: { data: { mapType: string } }) => {
      mapDraws.push(options.data)
    },
    fit: () => undefined,
    view: () => ({ centre: [0, 0], zoom: 3 }),
    setView: () => undefined,
    resize: () => undefined,
    destroy: () => undefined,
  }),
}))

// No router here: links are plain anchors.
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@tanstack/react-router')>()),
  Link: ({ children }: { children: React.ReactNode }) => <a href="#link">{children}</a>,
}))

const PANEL = 6
const GRANTS: Session['grants'] = { Apollo: { analytics_ui: [{ panel: PANEL }] } }
const session: Session = {
  userId: 9,
  sub: 'sub-9',
  email: 'analyst@example.com',
  firstName: 'Ana',
  lastName: 'Lyst',
  organisation: null,
  grants: { Apollo: { analytics_ui: [{ panel: PANEL }] } },
  // The panel the view is on must be accessible: the session's refresh on mount recomputes the
  // view from these, and a panel missing here switched the page away from it (the metric list
  // emptied a moment after the first tick: the old "flicker", a fixture fault, not the page's).
  accessibles: {
    apollo: [{ pid: PANEL, front_name: 'Southern Cross Regional Benchmark' }],
    units: [],
    volunteer: null,
    administration: null,
  },
  preferences: {},
  view: { type: 'enterprise', panelId: PANEL },
  isStaff: false,
  hasGlobalAccess: false,
  ownerId: null,
  organisationOwnerId: null,
  migrated: false,
}

let asked: ChartFormInput[] = []
let mapAsked: unknown[] = []
let created: unknown[] = []

const row = (dtime: string, median: number) => ({
  dtime,
  perc_1: 1,
  perc_5: 2,
  perc_10: 3,
  perc_20: 4,
  perc_25: 5,
  median,
  perc_75: 15,
  perc_80: 16,
  perc_90: 18,
  perc_95: 20,
  perc_99: 25,
  mean: median,
  sampleCount: 40,
  agentCount: 12,
  noData: 0,
  cantRun: 0,
  errors: 0,
  excluded: 0,
})

const MAP_AREA = {
  id: '85be0e2bfffffff',
  kind: 'h3' as const,
  centre: [-33.87, 151.21] as [number, number],
  boundary: [
    [-33.8, 151.2],
    [-33.9, 151.3],
    [-33.95, 151.1],
  ] as [number, number][],
  value: 87.5,
  sampleCount: 340,
  unitCount: 12,
}

const sessionHandlers = (grants: Session['grants']) =>
  signInHandlers({
    payload: { user_id: 9, sub: 'sub-9' },
    grants,
    accessibles: session.accessibles,
  })

const server = setupServer(
  // The session refreshes itself on mount (grants, accessibles, preferences).
  ...sessionHandlers(GRANTS),
  http.get(apiUrl('analytics', '/map-config'), () =>
    contractJson(MapConfigResponseSchema, { data: { tileUrl: null, attribution: null } }),
  ),
  http.post(apiUrl('analytics', `/panel/${PANEL}/map-data`), async ({ request }) => {
    const form = v.parse(MapFormSchema, await request.json())
    mapAsked.push(form)
    return contractJson(MapDataResponseSchema, {
      data: {
        mapType: 'map',
        metric: form.metrics[0]?.key ?? 'httpgetmt',
        plotValue: form.plotValue,
        area: form.area,
        resolution: 5,
        areas: [MAP_AREA, { ...MAP_AREA, id: '85be0e2ffffffff', value: 12.25, unitCount: 7 }],
        suppressedUnits: 4,
        unitCount: 19,
        sampleCount: 600,
      },
    })
  }),
  http.get(apiUrl('analytics', `/panel/${PANEL}/analytics`), () =>
    contractJson(AnalyticsMetadataSchema, {
      data: {
        panel: PANEL,
        metrics: METRIC_CATALOGUE.map((m) => ({
          key: m.key,
          type: m.type,
          can_split: m.can_split,
          metricUnit: m.metricUnit,
          family: m.family,
          alwaysShown: false,
          names: m.names,
        })),
        filterables: [
          {
            id: 'isp',
            identifier: 'ISP',
            type: 'integer',
            values: [{ value: 1, label: 'Fibrely' }],
            customDefined: false,
          },
        ],
        splittables: [{ id: 'isp', identifier: 'ISP', customDefined: false }],
        normalisable: false,
      },
    }),
  ),
  http.post(apiUrl('analytics', `/panel/${PANEL}/chart-data`), async ({ request }) => {
    const form = v.parse(ChartFormSchema, await request.json())
    asked.push(form)
    const metric = form.metrics[0]?.key ?? 'httpgetmt'
    if (metric === 'udpLatency') {
      return apiErrorResponse(422, {
        code: 'TOO_MUCH_DATA',
        data: { limit: 10000, suggestion: 'export' },
      })
    }
    return contractJson(ChartDataResponseSchema, {
      data: {
        metric,
        timeAggregation: form.timeAggregation,
        metricData: [row('2026-11-01T00:00:00', 100), row('2026-11-02T00:00:00', 120)],
        sampleCount: 80,
        agentCount: 12,
        excluded: 0,
        statuses: { NO_DATA: 0, DEVICE_CANT_RUN_TEST: 0, ERROR: 0 },
      },
    })
  }),
  http.post(apiUrl('analytics', '/presets'), async ({ request }) => {
    const body = v.parse(PresetCreateSchema, await request.json())
    created.push(body)
    return contractJson(
      PresetResponseSchema,
      {
        data: {
          id: 41,
          name: body.name,
          owner: 1,
          owner_kind: 'user',
          created_by: 9,
          created_by_name: 'Ana Lyst',
          tags: body.tags,
          data: body.data,
          visibility: body.visibility,
          starred: false,
          archived: false,
          archived_at: null,
          deleted_at: null,
          created_at: '2026-11-28T08:00:00Z',
          updated_at: '2026-11-28T08:00:00Z',
          version: 1,
          view_count: 0,
          my_view_count: 0,
          last_viewed_at: null,
          in_use: false,
          editable: true,
          accessible: true,
        },
      },
      { status: 201, headers: { location: '/api/analytics/presets/41' } },
    )
  }),
)

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
  // A desktop-wide screen: the form beside the chart.
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  })
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
})
/** Signs the analyst in with these grants (the session and its refresh agree). */
function useGrants(grants: Session['grants']) {
  server.use(...sessionHandlers(grants))
  localStorage.setItem(FLAG_KEYS.session, JSON.stringify({ ...session, grants }))
  loadFromStorage()
}

beforeEach(() => {
  asked = []
  mapAsked = []
  mapDraws.length = 0
  created = []
  drawn.clear()
  const now = Math.floor(Date.now() / 1000)
  writeTokens({
    accessToken: { token: makeAccessToken({ user_id: 9, sub: 'sub-9' }), expiresAt: now + 900 },
    refreshToken: { token: 'refresh-9', expiresAt: now + 86_400 },
  })
  localStorage.setItem(FLAG_KEYS.session, JSON.stringify(session))
  loadFromStorage()
})
afterEach(async () => {
  server.resetHandlers()
  await resetQueueTest()
})
afterAll(() => {
  server.close()
})

function start(onPresetChange = vi.fn(), search: BuilderSearch = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AnalyticsBuilderPage search={search} onPresetChange={onPresetChange} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  return { user: userEvent.setup(), onPresetChange }
}

const SLOW = { timeout: 8_000 }
const TEST_TIMEOUT = 20_000

describe('AnalyticsBuilderPage', () => {
  it(
    'one request per metric; the chart of those that loaded; too much data for the other',
    async () => {
      const { user } = start()
      expect(screen.getByText(/Choose metrics and how to chart them/)).toBeInTheDocument()
      await user.click(
        await screen.findByRole('checkbox', { name: /Upload speed \(multi-thread\)/ }, SLOW),
      )
      // The metric list stays after a tick (the session's refresh keeps the panel's view).
      expect(screen.getByRole('checkbox', { name: /Upload speed \(multi-thread\)/ })).toBeChecked()
      await user.click(screen.getByRole('checkbox', { name: /^Latency/ }))
      await user.selectOptions(screen.getByLabelText('Aggregation'), 'weekly')
      await user.click(screen.getByRole('button', { name: 'Show chart' }))

      expect(
        await screen.findByRole(
          'img',
          { name: /Chart of Download speed \(multi-thread\), Upload speed/ },
          SLOW,
        ),
      ).toBeInTheDocument()
      expect(asked.map((f) => f.metrics.map((m) => m.key))).toEqual([
        ['httpgetmt'],
        ['httppostmt'],
        ['udpLatency'],
      ])
      expect(
        asked.every((f) => f.timeAggregation === 'weekly' && f.hideInsignificant === true),
      ).toBe(true)
      expect(await screen.findByText('Too much data')).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'export the data' })).toBeInTheDocument()
      // Normalisation is disabled when the metadata says so.
      expect(screen.getByRole('checkbox', { name: /Normalised/ })).toBeDisabled()
    },
    TEST_TIMEOUT,
  )

  it(
    'a refused filter value is shown on its field, kept, and nothing is asked',
    async () => {
      const { user } = start()
      await user.selectOptions(await screen.findByLabelText('Add a filter', {}, SLOW), 'isp')
      await user.click(screen.getByRole('button', { name: 'Add filter' }))
      const field = screen.getByRole('combobox', { name: 'ISP' })
      await user.type(field, '1,a')
      expect(field).toHaveAccessibleDescription(/Enter numbers only, separated by , or ;/)
      await user.click(screen.getByRole('button', { name: 'Show chart' }))
      expect(asked).toEqual([])
      expect(field).toHaveValue('1,a')
    },
    TEST_TIMEOUT,
  )

  it(
    'saves the chart as a new preset and puts its id in the URL',
    async () => {
      const { user, onPresetChange } = start()
      await screen.findByRole('checkbox', { name: /Upload speed \(multi-thread\)/ }, SLOW)
      await user.click(screen.getByRole('button', { name: 'Show chart' }))
      await screen.findByRole('img', { name: /Chart of Download speed/ }, SLOW)
      await user.click(screen.getByRole('button', { name: 'Save as new preset' }))
      const dialog = screen.getByRole('dialog', { name: 'Save as a new preset' })
      await user.click(within(dialog).getByRole('button', { name: 'Save' }))
      expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Enter a name.')
      await user.type(within(dialog).getByLabelText('Name'), 'Daily download')
      await user.type(within(dialog).getByLabelText('Tags'), 'fibre, weekly')
      await user.click(within(dialog).getByRole('button', { name: 'Save' }))
      await waitFor(() => {
        expect(onPresetChange).toHaveBeenCalledWith(41)
      })
      expect(created).toMatchObject([
        {
          name: 'Daily download',
          tags: ['fibre', 'weekly'],
          visibility: 'private',
          data: [
            {
              panel: PANEL,
              metrics: [{ key: 'httpgetmt' }],
              chartType: 'aggregate',
              showRegression: true,
            },
          ],
        },
      ])
    },
    TEST_TIMEOUT,
  )

  it(
    'offers no map without the maps permission',
    async () => {
      start()
      const chartType = await screen.findByLabelText('Chart type', {}, SLOW)
      const options = within(chartType)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value'))
      expect(options).toContain('aggregate')
      expect(options).not.toContain('map')
      expect(options).not.toContain('raw_mobile')
    },
    TEST_TIMEOUT,
  )

  it(
    'draws an aggregate map: one metric, the map form, its areas and the figures of one',
    async () => {
      useGrants({ Apollo: { analytics_ui: [{ panel: PANEL }], maps: [{ panel: PANEL }] } })
      const { user } = start()
      const chartType = await screen.findByLabelText('Chart type', {}, SLOW)
      expect(
        within(chartType)
          .getAllByRole('option')
          .map((o) => o.getAttribute('value')),
      ).toEqual([
        'aggregate',
        'raw',
        'column',
        'column_stacked',
        'boxplot',
        'cdf',
        'table',
        'graph',
        'map',
        'raw_map',
        'geo_heatmap',
        'lat_lon',
        'raw_mobile',
      ])
      await user.click(
        await screen.findByRole('checkbox', { name: /Upload speed \(multi-thread\)/ }, SLOW),
      )
      await user.selectOptions(chartType, 'map')
      // A map: one metric (the first kept), daily summaries, no split; its own options.
      expect(screen.getByText(/A map shows one metric/)).toBeInTheDocument()
      expect(
        screen.getByRole('checkbox', { name: /Download speed \(multi-thread\)/ }),
      ).toBeChecked()
      expect(
        screen.getByRole('checkbox', { name: /Upload speed \(multi-thread\)/ }),
      ).not.toBeChecked()
      expect(screen.queryByLabelText('Aggregation')).toBeNull()
      expect(screen.queryByLabelText('Split by')).toBeNull()
      expect(screen.queryByLabelText('Point radius')).toBeNull()
      await user.selectOptions(screen.getByLabelText('Areas'), 'region')
      await user.click(screen.getByRole('button', { name: 'Show chart' }))

      const map = await screen.findByRole('region', { name: /Map of Download speed/ }, SLOW)
      expect(within(map).getByText('2 areas, 19 units')).toBeInTheDocument()
      expect(within(map).getByText(/4 units are not shown/)).toBeInTheDocument()
      expect(within(map).getByRole('group', { name: 'Legend' })).toBeInTheDocument()
      expect(mapDraws.map((d) => d.mapType)).toContain('map')
      expect(asked).toEqual([])
      expect(mapAsked).toMatchObject([
        {
          mapType: 'map',
          chartType: 'map',
          metrics: [{ key: 'httpgetmt' }],
          timeAggregation: 'daily',
          area: 'region',
          panel: PANEL,
        },
      ])
      // An area from the table (the keyboard's way in): its figures.
      await user.click(within(map).getByText(/Areas as a table/))
      await user.click(within(map).getByRole('button', { name: 'Area 85be0e2bfffffff' }))
      const figures = within(map).getByRole('heading', { name: 'Area 85be0e2bfffffff' })
      expect(figures).toHaveFocus()
      const region = figures.closest('[role="region"]')
      expect(region).not.toBeNull()
      expect(region).toHaveTextContent(/Value\s*87\.5 Mbps/)
      expect(region).toHaveTextContent(/Samples\s*340/)
      expect(region).toHaveTextContent(/Units\s*12/)
    },
    TEST_TIMEOUT,
  )

  it(
    'a point map has a radius (checked) and is saved with it; ?chart= opens on a map',
    async () => {
      useGrants({ Apollo: { analytics_ui: [{ panel: PANEL }], maps: [{ panel: PANEL }] } })
      const { user } = start(vi.fn(), { chart: 'geo_heatmap' })
      const chartType = await screen.findByLabelText('Chart type', {}, SLOW)
      expect(chartType).toHaveValue('geo_heatmap')
      const radius = screen.getByLabelText('Point radius')
      expect(radius).toHaveValue('15')
      await user.clear(radius)
      await user.type(radius, '0')
      expect(radius).toHaveAccessibleDescription(/Enter a number from 1 to 100,?000/)
      expect(screen.getByRole('button', { name: 'Show chart' })).toBeDisabled()
      await user.clear(radius)
      await user.type(radius, '2.5')
      await user.selectOptions(screen.getByLabelText('Radius unit'), 'km')
      await user.click(screen.getByRole('button', { name: 'Show chart' }))
      await screen.findByRole('region', { name: /Map of Download speed/ }, SLOW)
      await user.click(screen.getByRole('button', { name: 'Save as new preset' }))
      const dialog = screen.getByRole('dialog', { name: 'Save as a new preset' })
      await user.type(within(dialog).getByLabelText('Name'), 'Heat')
      await user.click(within(dialog).getByRole('button', { name: 'Save' }))
      await waitFor(() => {
        expect(created).toHaveLength(1)
      })
      expect(created).toMatchObject([
        {
          data: [
            {
              chartType: 'geo_heatmap',
              heatmapPointRadius: 2.5,
              heatmapPointRadiusUnit: 'km',
              timeAggregation: 'daily',
            },
          ],
        },
      ])
    },
    TEST_TIMEOUT,
  )

  it(
    '?chart=map without the maps permission opens a line chart',
    async () => {
      start(vi.fn(), { chart: 'map' })
      expect(await screen.findByLabelText('Chart type', {}, SLOW)).toHaveValue('aggregate')
    },
    TEST_TIMEOUT,
  )
})
