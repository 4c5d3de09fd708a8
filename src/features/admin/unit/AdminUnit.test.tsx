import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import * as v from 'valibot'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import {
  AdminUnitPackagesResponseSchema,
  AdminUnitResponseSchema,
  type AdminUnit,
  type AdminUnitPackage,
} from '#contracts/admin-unit.ts'
import { InstantTestHistoryResponseSchema } from '#contracts/instant-test.ts'
import {
  AnomaliesInProgressResponseSchema,
  TestRunResponseSchema,
} from '#contracts/unit-analytics.ts'
import {
  DataUsageResponseSchema,
  DisconnectionsResponseSchema,
  ScheduledTestsDailyResponseSchema,
  SkippedTestsResponseSchema,
} from '#contracts/unit-analytics.ts'
import { apiErrorResponse, apiUrl, contractJson } from '../../../api/testing/contract-handlers'
import { deauthenticate } from '../../../session'
import { ALL_ADMIN, adminSession, adminUrl, renderAsAdmin } from '../testing/fixtures'
import { AdminUnitLayout } from './AdminUnitLayout'
import { DailySummariesPage } from './DailySummariesPage'
import { DisconnectionsPage } from './DisconnectionsPage'
import { InstantTestsPage } from './InstantTestsPage'
import { UnitTestResultPage } from './UnitTestResultPage'
import { UnitDetailsPage } from './UnitDetailsPage'

// jsdom has no canvas: the bar chart is a stand-in that keeps what it would draw.
const drawn = vi.hoisted(() => ({ bar: new Map<string, unknown>() }))
vi.mock('react-chartjs-2', () => ({
  Bar: (props: { 'aria-label': string; data: unknown }) => {
    drawn.bar.set(props['aria-label'], props.data)
    return <canvas role="img" aria-label={props['aria-label']} />
  },
}))

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  deauthenticate()
  drawn.bar.clear()
})
afterAll(() => {
  server.close()
})

const PACKAGES: AdminUnitPackage[] = [
  { id: 11, name: 'Fibre 300', download_kbps: 300_000, upload_kbps: 100_000 },
  { id: 12, name: 'Fibre 900', download_kbps: 900_000, upload_kbps: 500_000 },
]

function unitFixture(overrides: Partial<AdminUnit> = {}): AdminUnit {
  return {
    id: 7,
    mac: '00:11:22:33:44:07',
    serial_number: 'WB00000007',
    label: 'WB00000007',
    panel_id: 3,
    is_tt_compatible: true,
    last_seen: '2026-11-27T10:00:00.000Z',
    offline_status: {
      id: 7,
      offline: false,
      lastSeenOnline: '2026-11-27T10:00:00.000Z',
      offlineMessage: null,
      isUnreliable: false,
    },
    state: 'active',
    panel: { pid: 3, front_name: 'Southern Cross Constant Care' },
    isp: { id: 4, name: 'Southern Cross' },
    country: { id: 554, name: 'New Zealand' },
    package: PACKAGES[0] ?? null,
    package_changed_at: '2026-10-01T00:00:00.000Z',
    user: { id: 40, email: 'olivia.nguyen@example.net', first_name: 'Olivia', last_name: 'Nguyen' },
    environment: { hardware: 'Whitebox 8', connection: 'fibre' },
    location: { timezone: 'Pacific/Auckland' },
    address: {
      line1: '1 Queen Street',
      line2: null,
      line3: null,
      city: 'Auckland',
      postcode: '1010',
      country_id: 554,
    },
    geo_data: { latitude: -36.8485, longitude: 174.7633, accuracy: 10 },
    lmap_config: { schedule: 'Home hourly', tests_per_day: 72 },
    ...overrides,
  }
}

const UnitResponse = AdminUnitResponseSchema

/** The unit (7) and its packages; the package update recorded and answered like the server. */
function unitServer(
  options: {
    unit?: AdminUnit
    unitStatus?: number
    packagesFail?: boolean
    putRefusal?: { status: number; code: string }
    /** What the fault finder sees going on in the unit's area (nothing unless given). */
    anomalies?: { type: string; metric: string; collectionId: number | null }[]
  } = {},
) {
  let unit = options.unit ?? unitFixture()
  const writes: unknown[] = []
  const reads = { unit: 0 }
  server.use(
    http.get(adminUrl('/units/7'), () => {
      reads.unit += 1
      if (options.unitStatus !== undefined) {
        return apiErrorResponse(options.unitStatus, { code: 'NOT_FOUND' })
      }
      return contractJson(UnitResponse, { data: unit })
    }),
    http.get(apiUrl('unit-analytics', '/7/anomalies_in_progress'), () =>
      contractJson(AnomaliesInProgressResponseSchema, {
        data: {
          anomaliesInProgress: (options.anomalies ?? []).map((anomaly, index) => ({
            id: index + 1,
            firstSeen: '2026-11-26T00:00:00.000Z',
            ...anomaly,
          })),
          macDomainOutage: false,
        },
      }),
    ),
    http.get(adminUrl('/units/7/packages'), () =>
      options.packagesFail
        ? apiErrorResponse(500, { code: 'INTERNAL' })
        : contractJson(AdminUnitPackagesResponseSchema, { data: PACKAGES }),
    ),
    http.put(adminUrl('/units/7/package'), async ({ request }) => {
      const body = (await request.json()) as { package_id: number }
      writes.push(body)
      if (options.putRefusal) {
        return apiErrorResponse(options.putRefusal.status, { code: options.putRefusal.code })
      }
      unit = { ...unit, package: PACKAGES.find((p) => p.id === body.package_id) ?? null }
      return contractJson(UnitResponse, { data: unit })
    }),
  )
  return { writes, reads }
}

const withTrigger = () => adminSession(ALL_ADMIN, { Agent: { trigger_testing: [{ panel: 3 }] } })

describe('the unit page’s frame', () => {
  it('shows the header, the tabs and the way to analytics; no test without trigger_testing', async () => {
    unitServer()
    await renderAsAdmin(<AdminUnitLayout unitId={7}>tab</AdminUnitLayout>, { server })
    expect(await screen.findByRole('heading', { level: 1, name: 'Unit 7' })).toBeInTheDocument()
    const summary = await screen.findByRole('region', { name: 'Unit summary' })
    expect(within(summary).getByText('00:11:22:33:44:07')).toBeInTheDocument()
    expect(within(summary).getByText('Southern Cross')).toBeInTheDocument()
    expect(within(summary).getByText('Fibre 300')).toBeInTheDocument()
    expect(within(summary).getByText('Active')).toBeInTheDocument()
    expect(within(summary).getByText('Online')).toBeInTheDocument()
    const tabs = screen.getByRole('navigation', { name: 'Unit pages' })
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/admin/unit/7/details',
      '/admin/unit/7/daily-summaries',
      '/admin/unit/7/disconnections',
      '/admin/unit/7/instant-tests',
    ])
    expect(screen.getByRole('link', { name: 'View in analytics' })).toHaveAttribute(
      'href',
      '/analytics?unit=7',
    )
    expect(screen.queryByRole('button', { name: 'Trigger test' })).not.toBeInTheDocument()
    expect(screen.getByText('tab')).toBeInTheDocument()
  })

  it('offers the instant test with Agent trigger_testing on the panel', async () => {
    unitServer()
    await renderAsAdmin(<AdminUnitLayout unitId={7}>tab</AdminUnitLayout>, {
      server,
      session: withTrigger(),
    })
    const user = userEvent.setup()
    const trigger = await screen.findByRole('button', { name: 'Trigger test' })
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await user.click(trigger)
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('region', { name: 'Instant test' })).toBeInTheDocument()
  })

  it('says a unit of another panel is not found, and shows no tabs', async () => {
    unitServer({ unitStatus: 404 })
    await renderAsAdmin(<AdminUnitLayout unitId={7}>tab</AdminUnitLayout>, { server })
    expect(await screen.findByText('This unit could not be found')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Unit pages' })).not.toBeInTheDocument()
    expect(screen.queryByText('tab')).not.toBeInTheDocument()
  })
})

function renderDetails(session = adminSession()) {
  return renderAsAdmin(
    <AdminUnitLayout unitId={7}>
      <UnitDetailsPage unitId={7} />
    </AdminUnitLayout>,
    { server, session },
  )
}

describe('details and the package update', () => {
  it('shows the unit’s §3 fields', async () => {
    unitServer()
    await renderDetails()
    expect(await screen.findByRole('heading', { name: 'Internet connection' })).toBeVisible()
    expect(screen.getByText('New Zealand')).toBeInTheDocument()
    expect(screen.getByText('olivia.nguyen@example.net')).toBeInTheDocument()
    expect(screen.getByText('Pacific/Auckland')).toBeInTheDocument()
    expect(screen.getByText('1 Queen Street')).toBeInTheDocument()
    expect(screen.getByText('Home hourly (72 tests a day)')).toBeInTheDocument()
  })

  it('lists what goes wrong in the unit’s area, linked to the fault finder where allowed', async () => {
    unitServer({
      anomalies: [
        { type: 'measurement', metric: 'download', collectionId: 12 },
        { type: 'success_rate', metric: 'upload', collectionId: null },
      ],
    })
    await renderDetails()
    const widget = (await screen.findByRole('heading', { name: 'Anomaly inbox' })).closest(
      'section',
    )
    if (!widget) throw new Error('no widget')
    const download = await within(widget).findByRole('link', { name: 'Download' })
    expect(download).toHaveAttribute('href', '/fault-finder/collection/12')
    expect(within(widget).getByText('Upload success rate')).toBeInTheDocument()
    expect(within(widget).queryByRole('link', { name: 'Upload success rate' })).toBeNull()
  })

  it('says when nothing goes wrong in the unit’s area', async () => {
    unitServer()
    await renderDetails()
    expect(await screen.findByText('Nothing is going wrong in this unit’s area.')).toBeVisible()
  })

  it('saves another package of the ISP: success message, and the page’s data reloads', async () => {
    const { writes, reads } = unitServer()
    await renderDetails()
    const user = userEvent.setup()
    const select = await screen.findByRole('combobox', { name: 'Package' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a package', 'Fibre 300', 'Fibre 900'])
    const before = reads.unit
    await user.selectOptions(select, '12')
    await user.click(screen.getByRole('button', { name: 'Save package' }))
    expect(await screen.findByText('The package is updated.')).toBeInTheDocument()
    expect(writes).toEqual([{ package_id: 12 }])
    await waitFor(() => {
      expect(reads.unit).toBeGreaterThan(before)
    })
    const summary = screen.getByRole('region', { name: 'Unit summary' })
    expect(within(summary).getByText('Fibre 900')).toBeInTheDocument()
  })

  it('says when the server cannot update the package', async () => {
    const { writes } = unitServer({ putRefusal: { status: 500, code: 'INTERNAL' } })
    await renderDetails()
    const user = userEvent.setup()
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Package' }), '12')
    await user.click(screen.getByRole('button', { name: 'Save package' }))
    expect(await screen.findByText('The package could not be updated')).toBeInTheDocument()
    expect(writes).toHaveLength(1)
    expect(screen.queryByText('The package is updated.')).not.toBeInTheDocument()
  })

  it('says when the package list failed to load, and offers no choice', async () => {
    unitServer({ packagesFail: true })
    await renderDetails()
    expect(await screen.findByText('The package list could not be loaded')).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Package' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  it('says a unit without a country cannot have its package changed', async () => {
    const { writes } = unitServer({
      unit: unitFixture({ country: null, isp: null, package: null }),
    })
    await renderDetails()
    expect(await screen.findByText('No country is set for this unit')).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Package' })).not.toBeInTheDocument()
    expect(writes).toEqual([])
  })

  it('shows the server’s UNIT_HAS_NO_COUNTRY as the no-country message', async () => {
    unitServer({ putRefusal: { status: 409, code: 'UNIT_HAS_NO_COUNTRY' } })
    await renderDetails()
    const user = userEvent.setup()
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Package' }), '12')
    await user.click(screen.getByRole('button', { name: 'Save package' }))
    expect(await screen.findByText('No country is set for this unit')).toBeInTheDocument()
  })

  it('offers no package change without agents_manage', async () => {
    unitServer()
    await renderDetails(adminSession(['agents_view']))
    expect(await screen.findByRole('heading', { name: 'Internet connection' })).toBeVisible()
    expect(screen.queryByRole('heading', { name: 'Change the package' })).not.toBeInTheDocument()
  })
})

const analyticsUrl = (path: string) => apiUrl('unit-analytics', path)

describe('daily summaries', () => {
  it('lists the scheduled tests of the unit’s last 7 days, with the widgets', async () => {
    unitServer()
    const asked: string[] = []
    server.use(
      http.get(analyticsUrl('/7/scheduled_tests_daily'), ({ request }) => {
        const url = new URL(request.url)
        const date = url.searchParams.get('date') ?? ''
        asked.push(`${date} ${url.searchParams.get('metric') ?? ''}`)
        return contractJson(ScheduledTestsDailyResponseSchema, {
          data: { date, metric: 'httpgetmt', scheduled: 24, ran: 21, skipped: 3 },
        })
      }),
      http.get(analyticsUrl('/7/skipped_tests'), () =>
        contractJson(SkippedTestsResponseSchema, {
          data: [
            { dtime: '2026-11-27T10:00:00Z', metricKey: 'httpgetmt', reason: 'cross_traffic' },
            { dtime: '2026-11-27T11:00:00Z', metricKey: 'httpgetmt', reason: 'cross_traffic' },
          ],
          meta: { total: 2 },
        }),
      ),
      http.get(analyticsUrl('/7/data_usage'), () =>
        contractJson(DataUsageResponseSchema, {
          data: [{ dtime: '2026-11-27T11:00:00Z', bytes: 1_500_000 }],
          meta: { totalBytes: 1_500_000 },
        }),
      ),
    )
    await renderAsAdmin(
      <AdminUnitLayout unitId={7}>
        <DailySummariesPage unitId={7} />
      </AdminUnitLayout>,
      { server },
    )
    const table = await screen.findByRole('table')
    await waitFor(() => {
      expect(within(table).getAllByText('21')).toHaveLength(7)
    })
    expect(within(table).getAllByRole('row')).toHaveLength(8)
    expect(asked).toHaveLength(7)
    expect(asked.every((entry) => entry.endsWith(' httpgetmt'))).toBe(true)
    const skipped = screen.getByRole('region', { name: 'Skipped tests' })
    expect(await within(skipped).findByText('The connection was in use: 2')).toBeInTheDocument()
    const bytes = screen.getByRole('region', { name: 'Bytes used by tests' })
    expect(await within(bytes).findByText('1.5 MB')).toBeInTheDocument()

    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Test' }), 'udpLatency')
    await waitFor(() => {
      expect(asked.filter((entry) => entry.endsWith(' udpLatency'))).toHaveLength(7)
    })
  })

  it('says when days could not be loaded', async () => {
    unitServer()
    server.use(
      http.get(analyticsUrl('/7/scheduled_tests_daily'), () =>
        apiErrorResponse(500, { code: 'INTERNAL' }),
      ),
      http.get(analyticsUrl('/7/skipped_tests'), () =>
        contractJson(SkippedTestsResponseSchema, { data: [], meta: { total: 0 } }),
      ),
      http.get(analyticsUrl('/7/data_usage'), () =>
        contractJson(DataUsageResponseSchema, { data: [], meta: { totalBytes: 0 } }),
      ),
    )
    await renderAsAdmin(
      <AdminUnitLayout unitId={7}>
        <DailySummariesPage unitId={7} />
      </AdminUnitLayout>,
      { server },
    )
    expect(await screen.findByText('Some days could not be loaded')).toBeInTheDocument()
  })
})

describe('disconnections', () => {
  it('draws the chart and lists them, the ongoing one first', async () => {
    // The clock stands still, just past a whole minute: the range ends at the next minute, yet the
    // ongoing disconnection is 10 minutes long up to the clock, not 11 up to the range's end.
    const now = Date.parse('2026-11-30T12:00:00.500Z')
    vi.useFakeTimers({ toFake: ['Date'], now })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    unitServer()
    server.use(
      http.get(analyticsUrl('/7/disconnections'), () =>
        contractJson(DisconnectionsResponseSchema, {
          data: [
            {
              id: 1,
              dtime: new Date(now - 3 * 3600_000).toISOString(),
              endDtime: new Date(now - 3 * 3600_000 + 300_000).toISOString(),
              metricValue: 300,
              isUnreliable: false,
            },
            {
              id: 2,
              dtime: new Date(now - 600_000).toISOString(),
              endDtime: null,
              metricValue: null,
              isUnreliable: false,
            },
          ],
          meta: { enabled: true },
        }),
      ),
    )
    await renderAsAdmin(
      <AdminUnitLayout unitId={7}>
        <DisconnectionsPage unitId={7} />
      </AdminUnitLayout>,
      { server },
    )
    expect(
      await screen.findByRole('img', { name: 'Disconnections of the unit per period' }),
    ).toBeInTheDocument()
    const rows = within(screen.getByRole('table')).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(within(rows[1] as HTMLElement).getByText('Still disconnected')).toBeInTheDocument()
    expect(within(rows[2] as HTMLElement).getByText('5 mins')).toBeInTheDocument()
    // The summary line, and the chart's description read by screen readers.
    expect(screen.getAllByText('2 disconnections, 15 mins in total.')).toHaveLength(2)
    const bars = drawn.bar.get('Disconnections of the unit per period') as {
      datasets: { data: number[] }[]
    }
    expect(bars.datasets[0]?.data.reduce((sum, n) => sum + n, 0)).toBe(2)
  })

  it('says when the unit does not measure disconnections', async () => {
    unitServer()
    server.use(
      http.get(analyticsUrl('/7/disconnections'), () =>
        contractJson(DisconnectionsResponseSchema, { data: [], meta: { enabled: false } }),
      ),
    )
    await renderAsAdmin(
      <AdminUnitLayout unitId={7}>
        <DisconnectionsPage unitId={7} />
      </AdminUnitLayout>,
      { server },
    )
    expect(
      await screen.findByText('Disconnection measurements are not enabled for this unit.'),
    ).toBeInTheDocument()
  })
})

describe('instant tests', () => {
  it('lists the unit’s tests, each finished one titled by its test id', async () => {
    unitServer()
    const testId = '3f2a9c1e-0000-4000-8000-000000000001'
    server.use(
      http.get(apiUrl('trigger-testing', '/units/7/tests'), () =>
        contractJson(InstantTestHistoryResponseSchema, {
          data: [
            {
              testId,
              unitId: 7,
              status: 'succeeded',
              code: null,
              origin: 'web_app',
              kind: 'instant_test',
              startedAt: '2026-11-27T10:00:00.000Z',
              finishedAt: '2026-11-27T10:01:00.000Z',
              results: [{ metricKey: 'httpgetmt', metricValue: 280.5 }],
              bytes: 1000,
            },
          ],
          meta: {
            pagination: { total: 1, count: 1, per_page: 10, current_page: 1, total_pages: 1 },
          },
        }),
      ),
    )
    await renderAsAdmin(<InstantTestsPage unitId={7} />, { server })
    const link = await screen.findByRole('link', { name: `Test ${testId}` })
    expect(link).toHaveAttribute('href', `/admin/unit/7/results/${testId}`)
  })

  it('says when the unit has none', async () => {
    server.use(
      http.get(apiUrl('trigger-testing', '/units/7/tests'), () =>
        HttpResponse.json(
          v.parse(InstantTestHistoryResponseSchema, {
            data: [],
            meta: {
              pagination: { total: 0, count: 0, per_page: 10, current_page: 1, total_pages: 1 },
            },
          }),
        ),
      ),
    )
    await renderAsAdmin(<InstantTestsPage unitId={7} />, { server })
    expect(
      await screen.findByText('No instant test has been run on this unit yet.'),
    ).toBeInTheDocument()
  })
})

describe('a test result of the unit', () => {
  it('judges the speeds against the unit’s package from the admin API, never the admin’s own units', async () => {
    const testId = '3f2a9c1e-0000-4000-8000-000000000002'
    unitServer()
    let ownUnitsRead = 0
    server.use(
      http.get(apiUrl('unit-analytics', `/7/test_results/${testId}`), () =>
        contractJson(TestRunResponseSchema, {
          data: {
            testId,
            dtime: '2026-11-27T10:00:00Z',
            origin: 'web_app',
            kind: 'instant_test',
            // 290 of the package's 300 Mbps: good for that package.
            results: [{ metricKey: 'httpgetmt', metricValue: 290, status: 'OK', bytes: 1000 }],
          },
        }),
      ),
      http.get(/\/accessible-units|\/accessibles/, () => {
        ownUnitsRead += 1
        return HttpResponse.json({}, { status: 403 })
      }),
    )
    await renderAsAdmin(<UnitTestResultPage unitId={7} testId={testId} />, { server })
    const list = await screen.findByRole('list', { name: 'Results of this test' })
    expect(await within(list).findByText('Good for the unit’s package')).toBeInTheDocument()
    expect(within(list).queryByText(/your package/)).not.toBeInTheDocument()
    expect(ownUnitsRead).toBe(0)
    expect(screen.getByRole('link', { name: 'Instant tests of unit 7' })).toHaveAttribute(
      'href',
      '/admin/unit/7/instant-tests',
    )
  })
})
