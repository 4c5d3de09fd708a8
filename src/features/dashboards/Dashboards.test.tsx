import 'fake-indexeddb/auto'
import { useState } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import * as v from 'valibot'
import {
  AnalyticsMetadataSchema,
  ChartDataResponseSchema,
  ChartFormSchema,
} from '#contracts/analytics.ts'
import {
  DashboardCreateSchema,
  DashboardListResponseSchema,
  DashboardResponseSchema,
  DashboardUpdateSchema,
  type Dashboard,
  type DashboardSummary,
  type DashboardUpdate,
} from '#contracts/dashboards.ts'
import { PresetListResponseSchema, type Preset } from '#contracts/presets.ts'
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
import { renderInTestRouter } from '../../testing/router'
import { ToastProvider } from '../../ui/Toast'
import { preset } from '../presets/testing/fixtures'
import { DashboardPage } from './DashboardPage'
import { DashboardsPage } from './DashboardsPage'
import { ReportPage } from './ReportPage'

// jsdom has no canvas: the chart is a labelled image.
vi.mock('react-chartjs-2', () => ({
  Chart: (props: { 'aria-label': string }) => (
    <canvas role="img" aria-label={props['aria-label']} />
  ),
  Line: () => null,
  Bar: () => null,
}))

const PANEL = 6
const OWNER = 10
const ORG_OWNER = 20
const GRANTS: Session['grants'] = {
  'test-measurements': { reports: [{ panel: PANEL }] },
  Apollo: { analytics_ui: [{ panel: PANEL }] },
}
const ACCESSIBLES: Session['accessibles'] = {
  apollo: [{ pid: PANEL, front_name: 'Southern Cross Regional Benchmark' }],
  units: [],
  volunteer: null,
  administration: null,
}
const PAYLOAD = { user_id: 9, sub: 'sub-9', owner_id: OWNER, organisation_owner_id: ORG_OWNER }
const session: Session = {
  userId: 9,
  sub: 'sub-9',
  email: 'analyst@example.com',
  firstName: 'Ana',
  lastName: 'Lyst',
  organisation: { id: 10, name: 'Demo Org' },
  grants: GRANTS,
  accessibles: ACCESSIBLES,
  preferences: {},
  view: { type: 'enterprise', panelId: PANEL },
  isStaff: false,
  hasGlobalAccess: false,
  ownerId: OWNER,
  organisationOwnerId: ORG_OWNER,
  migrated: false,
}

const chartPreset = (id: number, name: string): Preset =>
  preset({
    id,
    name,
    data: [
      {
        panel: PANEL,
        chartType: 'aggregate',
        metrics: [{ key: 'httpgetmt' }],
        timeAggregation: 'daily',
        plotValue: 'median',
        date: { from: '2026-11-01', to: '2026-11-30' },
      },
    ],
  })
const SPEED = chartPreset(1, 'Download speed by ISP')
const LATENCY = chartPreset(2, 'Evening latency')
const LOSS = chartPreset(3, 'Packet loss')

function summary(overrides: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    id: 5,
    type: 'warboard',
    name: 'My network overview',
    owner: OWNER,
    owner_kind: 'user',
    public: false,
    created_by: 9,
    created_by_name: 'Ana Lyst',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-29T10:00:00.000Z',
    version: 1,
    editable: true,
    graph_count: 2,
    ...overrides,
  }
}

function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    ...summary(),
    contents: {
      children: [
        { metaId: SPEED.id, panel: PANEL },
        { metaId: 77, panel: PANEL },
      ],
    },
    metas: [
      { metaId: SPEED.id, preset: SPEED, error: null },
      { metaId: 77, preset: null, error: 'NOT_FOUND' },
    ],
    ...overrides,
  }
}

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

const server = setupServer(
  ...signInHandlers({ payload: PAYLOAD, grants: GRANTS, accessibles: ACCESSIBLES }),
  http.get(apiUrl('analytics', `/panel/${PANEL}/analytics`), () =>
    contractJson(AnalyticsMetadataSchema, {
      data: {
        panel: PANEL,
        metrics: [
          {
            key: 'httpgetmt',
            type: 'float',
            can_split: true,
            metricUnit: 'Mbps',
            family: 'speed',
            alwaysShown: false,
            names: { 'en-GB': 'Download speed', 'ar-SA': 'Download speed', 'fr-CA': 'Download' },
          },
        ],
        filterables: [],
        splittables: [],
        normalisable: false,
      },
    }),
  ),
  http.post(apiUrl('analytics', `/panel/${PANEL}/chart-data`), async ({ request }) => {
    const form = v.parse(ChartFormSchema, await request.json())
    return contractJson(ChartDataResponseSchema, {
      data: {
        metric: form.metrics[0]?.key ?? 'httpgetmt',
        timeAggregation: form.timeAggregation,
        metricData: [row('2026-11-01T00:00:00', 100), row('2026-11-02T00:00:00', 120)],
        sampleCount: 80,
        agentCount: 12,
        excluded: 0,
        statuses: { NO_DATA: 0, DEVICE_CANT_RUN_TEST: 0, ERROR: 0 },
      },
    })
  }),
  http.get(apiUrl('analytics', '/presets'), () =>
    contractJson(PresetListResponseSchema, {
      data: [SPEED, LATENCY, LOSS],
      meta: {
        pagination: { total: 3, count: 3, per_page: 50, current_page: 1, total_pages: 1 },
      },
    }),
  ),
)

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
})
beforeEach(() => {
  const now = Math.floor(Date.now() / 1000)
  writeTokens({
    accessToken: { token: makeAccessToken(PAYLOAD), expiresAt: now + 900 },
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

function wrap(router: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{router}</ToastProvider>
    </QueryClientProvider>
  )
}

/** The owners' lists as the server keeps them, and every change asked for. */
function listServer(lists: Record<number, DashboardSummary[]>, full: Dashboard = dashboard()) {
  const calls: string[] = []
  const bodies: unknown[] = []
  server.use(
    http.get(apiUrl('analytics', '/owners/:ownerId/dashboards'), ({ params }) =>
      contractJson(DashboardListResponseSchema, { data: lists[Number(params.ownerId)] ?? [] }),
    ),
    http.get(apiUrl('analytics', '/dashboards/:id'), () =>
      contractJson(DashboardResponseSchema, { data: full }),
    ),
    http.post(apiUrl('analytics', '/dashboards'), async ({ request }) => {
      const body = v.parse(DashboardCreateSchema, await request.json())
      calls.push('create')
      bodies.push(body)
      return contractJson(
        DashboardResponseSchema,
        { data: dashboard({ id: 42, name: body.name, contents: { children: [] }, metas: [] }) },
        { status: 201, headers: { location: '/api/analytics/dashboards/42' } },
      )
    }),
    http.put(apiUrl('analytics', '/dashboards/:id'), async ({ request, params }) => {
      const body = v.parse(DashboardUpdateSchema, await request.json())
      calls.push(`put ${String(params.id)}`)
      bodies.push(body)
      const id = Number(params.id)
      for (const owner of [OWNER, ORG_OWNER]) {
        lists[owner] = (lists[owner] ?? []).filter((d) => d.id !== id)
      }
      const moved = summary({ id, public: body.public, owner: body.owner ?? OWNER, version: 2 })
      lists[body.owner ?? OWNER] = [...(lists[body.owner ?? OWNER] ?? []), moved]
      return contractJson(DashboardResponseSchema, {
        data: { ...full, ...moved, contents: body.contents },
      })
    }),
    http.delete(apiUrl('analytics', '/dashboards/:id'), ({ params }) => {
      calls.push(`delete ${String(params.id)}`)
      for (const owner of [OWNER, ORG_OWNER]) {
        lists[owner] = (lists[owner] ?? []).filter((d) => d.id !== Number(params.id))
      }
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return { calls, bodies }
}

describe('DashboardsPage', () => {
  it('lists the private and the organisation’s dashboards, each linked, with empty states', async () => {
    listServer({ [OWNER]: [summary()], [ORG_OWNER]: [] })
    await renderInTestRouter(<DashboardsPage />, { path: '/dashboards', wrap })
    const yours = await screen.findByRole('region', { name: 'Yours' })
    const link = await within(yours).findByRole('link', { name: 'My network overview' })
    expect(link).toHaveAttribute('href', '/dashboard/5')
    expect(within(yours).getByText(/2 charts/)).toBeInTheDocument()
    const shared = screen.getByRole('region', { name: 'Shared with your organisation' })
    expect(
      await within(shared).findByText('No dashboards are shared with your organisation yet.'),
    ).toBeInTheDocument()
  })

  it('shares a dashboard: the PUT moves it to the organisation’s owner from its version', async () => {
    const lists = { [OWNER]: [summary()], [ORG_OWNER]: [] as DashboardSummary[] }
    const { calls, bodies } = listServer(lists)
    await renderInTestRouter(<DashboardsPage />, { path: '/dashboards', wrap })
    const user = userEvent.setup()
    const yours = await screen.findByRole('region', { name: 'Yours' })
    await user.click(
      await within(yours).findByRole('checkbox', { name: 'Shared with organisation' }),
    )
    expect(
      await screen.findByText('“My network overview” is shared with your organisation.'),
    ).toBeInTheDocument()
    expect(calls).toEqual(['put 5'])
    const sent = bodies[0] as DashboardUpdate
    expect(sent).toMatchObject({
      public: true,
      owner: ORG_OWNER,
      version: 1,
      name: 'My network overview',
    })
    expect(sent.contents).toEqual(dashboard().contents)
    const shared = screen.getByRole('region', { name: 'Shared with your organisation' })
    expect(
      await within(shared).findByRole('link', { name: 'My network overview' }),
    ).toBeInTheDocument()
  })

  it('deletes only after the dialog is confirmed', async () => {
    const { calls } = listServer({ [OWNER]: [summary()], [ORG_OWNER]: [] })
    await renderInTestRouter(<DashboardsPage />, { path: '/dashboards', wrap })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Delete “My network overview”' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete “My network overview”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Delete “My network overview”' }))
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete “My network overview”?' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    )
    expect(await screen.findByText('“My network overview” was deleted.')).toBeInTheDocument()
    expect(calls).toEqual(['delete 5'])
    expect(await screen.findByText(/You have no dashboards yet/)).toBeInTheDocument()
  })

  it('creates a dashboard: a blank name is refused without sending, then it opens in the editor', async () => {
    const { calls, bodies } = listServer({ [OWNER]: [], [ORG_OWNER]: [] })
    await renderInTestRouter(<DashboardsPage />, {
      path: '/dashboards',
      stubs: ['/dashboard/$dashboardId'],
      location: true,
      wrap,
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'New dashboard' }))
    const dialog = screen.getByRole('dialog', { name: 'New dashboard' })
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(within(dialog).getAllByText('Please give it a name.').length).toBeGreaterThan(0)
    expect(calls).toEqual([])
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Evening peak  ')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Share with my organisation' }))
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    await waitFor(() => {
      expect(screen.getByRole('status', { name: 'current location' })).toHaveTextContent(
        '/dashboard/42?edit=true',
      )
    })
    expect(bodies[0]).toEqual({
      type: 'warboard',
      name: 'Evening peak',
      public: true,
      owner: ORG_OWNER,
      contents: { children: [] },
    })
  })
})

function Board({ start = false }: { start?: boolean }) {
  const [editing, setEditing] = useState(start)
  return <DashboardPage dashboardId={5} editing={editing} onEditingChange={setEditing} />
}

describe('DashboardPage', () => {
  it('draws each graph’s preset and says which preset is gone', async () => {
    listServer({})
    await renderInTestRouter(<Board />, { path: '/dashboard/5', wrap })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My network overview' }),
    ).toBeInTheDocument()
    expect(await screen.findByRole('img', { name: /Chart of Download speed/ })).toBeInTheDocument()
    expect(
      screen.getByText(
        'This chart’s preset was not found: it was deleted. Remove it or replace it.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Missing chart' })).toBeInTheDocument()
  })

  it('says a dashboard that is not there (or not shared) was not found', async () => {
    server.use(
      http.get(apiUrl('analytics', '/dashboards/:id'), () =>
        apiErrorResponse(404, { code: 'DASHBOARD_NOT_FOUND' }),
      ),
    )
    await renderInTestRouter(<Board />, { path: '/dashboard/5', wrap })
    expect(await screen.findByRole('heading', { name: 'Dashboard not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See all dashboards' })).toHaveAttribute(
      'href',
      '/dashboards',
    )
  })

  it('edits: adds up to six, removes the missing graph, saves the order from its version', async () => {
    const { bodies } = listServer({})
    await renderInTestRouter(<Board start />, { path: '/dashboard/5', wrap })
    const user = userEvent.setup()
    expect(
      await screen.findByRole('heading', { name: 'On the dashboard (2 of 6)' }),
    ).toBeInTheDocument()
    const sidebar = screen.getByRole('complementary', { name: 'Saved charts' })
    const addLatency = await within(sidebar).findByRole('button', { name: 'Add Evening latency' })
    // Already on the board: no Add button, said instead.
    expect(within(sidebar).queryByRole('button', { name: 'Add Download speed by ISP' })).toBeNull()
    expect(within(sidebar).getByText('Added')).toBeInTheDocument()
    await user.click(addLatency)
    await user.click(screen.getByRole('button', { name: 'Remove Missing chart' }))
    await user.click(within(sidebar).getByRole('button', { name: 'Add Packet loss' }))
    expect(screen.getByRole('heading', { name: 'On the dashboard (3 of 6)' })).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Move Evening latency, chart 2 of 3' }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The dashboard is saved.')).toBeInTheDocument()
    expect((bodies[0] as DashboardUpdate).contents).toEqual({
      children: [
        { metaId: SPEED.id, panel: PANEL },
        { metaId: LATENCY.id, panel: PANEL },
        { metaId: LOSS.id, panel: PANEL },
      ],
    })
    expect(bodies[0]).toMatchObject({ version: 1, name: 'My network overview', public: false })
  })

  it('a full board (six graphs) takes no more: every Add is disabled and it says why', async () => {
    const six = [11, 12, 13, 14, 15, 16].map((id) => chartPreset(id, `Chart number ${id}`))
    listServer(
      {},
      dashboard({
        contents: { children: six.map((p) => ({ metaId: p.id, panel: PANEL })) },
        metas: six.map((p) => ({ metaId: p.id, preset: p, error: null })),
      }),
    )
    await renderInTestRouter(<Board start />, { path: '/dashboard/5', wrap })
    const sidebar = await screen.findByRole('complementary', { name: 'Saved charts' })
    expect(await within(sidebar).findByRole('button', { name: 'Add Packet loss' })).toBeDisabled()
    expect(within(sidebar).getByRole('button', { name: 'Add Evening latency' })).toBeDisabled()
    expect(
      screen.getByText('A dashboard shows at most 6 charts. Remove one to add another.'),
    ).toBeInTheDocument()
  })

  it('a blank name is refused; a change made elsewhere is shown and “Keep mine” saves over it', async () => {
    const { bodies } = listServer({})
    let refused = false
    server.use(
      http.put(apiUrl('analytics', '/dashboards/:id'), async ({ request }) => {
        const body = v.parse(DashboardUpdateSchema, await request.json())
        bodies.push(body)
        if (!refused) {
          refused = true
          return apiErrorResponse(412, {
            code: 'PRECONDITION_FAILED',
            data: { dashboard: dashboard({ name: 'Renamed by Priya', version: 4 }) },
          })
        }
        return contractJson(DashboardResponseSchema, {
          data: dashboard({ name: body.name, version: 5 }),
        })
      }),
    )
    await renderInTestRouter(<Board start />, { path: '/dashboard/5', wrap })
    const user = userEvent.setup()
    const name = await screen.findByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('Please give it a name.')).toBeInTheDocument()
    expect(bodies).toEqual([])
    await user.type(name, 'Evening view')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(
      await screen.findByText(/it is now “Renamed by Priya”, with 2 charts/),
    ).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Evening view')
    await user.click(screen.getByRole('button', { name: 'Keep mine' }))
    expect(await screen.findByText('The dashboard is saved.')).toBeInTheDocument()
    expect(bodies.map((b) => (b as DashboardUpdate).version)).toEqual([1, 4])
  })
})

describe('ReportPage', () => {
  const report = (overrides: Partial<Dashboard> = {}) =>
    dashboard({
      id: 8,
      type: 'report',
      name: 'Monthly speed report',
      contents: {
        components: [
          { kind: 'header', text: 'Download speeds this month' },
          { kind: 'text', text: 'First paragraph.\n\nSecond paragraph.' },
          { kind: 'graph', metaId: SPEED.id, panel: PANEL },
        ],
      },
      metas: [{ metaId: SPEED.id, preset: SPEED, error: null }],
      ...overrides,
    })

  it('reads as a document: headings, paragraphs and the saved chart', async () => {
    listServer({}, report())
    await renderInTestRouter(
      <ReportPage reportId={8} editing={false} onEditingChange={vi.fn()} onCreated={vi.fn()} />,
      { path: '/report/8', wrap },
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Monthly speed report' }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('heading', { level: 2, name: 'Download speeds this month' }),
    ).toBeInTheDocument()
    expect(screen.getByText('First paragraph.')).toBeInTheDocument()
    expect(screen.getByText('Second paragraph.')).toBeInTheDocument()
    expect(await screen.findByRole('img', { name: /Chart of Download speed/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument()
  })

  it('a new report: no name and no blocks are refused unsent; then it is saved in its order', async () => {
    const { calls, bodies } = listServer({})
    const onCreated = vi.fn()
    await renderInTestRouter(
      <ReportPage reportId={null} editing onEditingChange={vi.fn()} onCreated={onCreated} />,
      { path: '/report/new', wrap },
    )
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Save' }))
    expect(screen.getAllByText('Please give it a name.').length).toBeGreaterThan(0)
    expect(screen.getAllByText('Add at least one block before saving.').length).toBeGreaterThan(0)
    expect(calls).toEqual([])

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Evening report')
    await user.type(screen.getByRole('textbox', { name: 'Heading, block 1' }), 'Evenings')
    await user.click(screen.getByRole('button', { name: 'Add text' }))
    await user.type(screen.getByRole('textbox', { name: 'Text, block 2' }), 'Slower after 8 pm.')
    await user.click(screen.getByRole('button', { name: 'Move block 2 up' }))
    expect(screen.getByRole('textbox', { name: 'Text, block 1' })).toHaveValue('Slower after 8 pm.')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => {
      expect(onCreated).toHaveBeenCalledWith(42)
    })
    expect(bodies[0]).toEqual({
      type: 'report',
      name: 'Evening report',
      public: false,
      owner: OWNER,
      contents: {
        components: [
          { kind: 'text', text: 'Slower after 8 pm.' },
          { kind: 'header', text: 'Evenings' },
        ],
      },
    })
  })
})
