import type { ReactNode } from 'react'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import {
  DataUsageResponseSchema,
  DisconnectionInProgressResponseSchema,
  DisconnectionsResponseSchema,
  MetricResultsRequestSchema,
  MetricResultsResponseSchema,
  SkippedTestsResponseSchema,
  UnitMetricsResponseSchema,
  type Disconnection,
  type MetricPoint,
} from '#contracts/unit-analytics.ts'
import { CONSUMER_METRICS, isConsumerMetricKey } from '#contracts/metrics.ts'
import { AccessibleUnitResponseSchema, type AccessibleUnit } from '#contracts/units.ts'
import * as v from 'valibot'
import {
  apiUrl,
  contractJson,
  makeAccessToken,
  signInHandlers,
} from '../../../api/testing/contract-handlers'
import type { Session } from '../../../session'
import { FLAG_KEYS } from '../../../session/local-flags'
import { loadFromStorage } from '../../../session/store'
import { writeTokens } from '../../../session/tokens'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

export const UNIT_ID = 11
export const USER = { userId: 7, sub: 'sub-7' } as const

/** The consumer of the tests: one unit, consumer view, no stored preferences. */
export function consumerSession(overrides: Partial<Session> = {}): Session {
  return {
    ...USER,
    email: 'consumer@example.com',
    firstName: 'Sam',
    lastName: 'Jones',
    organisation: null,
    grants: { Agent: { trigger_testing: [{ unit: UNIT_ID }] } },
    accessibles: {
      apollo: [],
      units: [{ unitId: UNIT_ID }],
      volunteer: null,
      administration: null,
    },
    preferences: {},
    view: { type: 'consumer', unitId: UNIT_ID },
    isStaff: false,
    hasGlobalAccess: false,
    ownerId: null,
    organisationOwnerId: null,
    migrated: false,
    ...overrides,
  }
}

/** A browser signed in with `session` (auth cookie + persisted session). */
export function signIn(session: Session = consumerSession()): void {
  const now = Math.floor(Date.now() / 1000)
  writeTokens({
    accessToken: {
      token: makeAccessToken({ user_id: session.userId, sub: session.sub }),
      expiresAt: now + 900,
    },
    refreshToken: { token: 'refresh-7', expiresAt: now + 86_400 },
  })
  localStorage.setItem(FLAG_KEYS.session, JSON.stringify(session))
  loadFromStorage()
}

/** The unit as the accounts service returns it (package 300/100 Mbps, seen a minute ago). */
export function unitFixture(overrides: Partial<AccessibleUnit> = {}): AccessibleUnit {
  const lastSeen = new Date(Date.now() - 60_000).toISOString()
  return {
    unitId: UNIT_ID,
    mac: 'D8:4F:B8:10:00:0B',
    label: 'WB-000011',
    name: 'Living room',
    panel_id: 1,
    is_tt_compatible: true,
    last_seen: lastSeen,
    offline_status: {
      id: UNIT_ID,
      offline: false,
      lastSeenOnline: lastSeen,
      offlineMessage: null,
      isUnreliable: false,
    },
    environment: { connection: 'fibre', mobile: false, firmware: '8.4.2', sensor: 'v2' },
    isp: { id: 4, name: 'Spark', country_id: 158 },
    package: {
      id: 9,
      name: 'Fibre 300',
      download_kbps: 300_000,
      upload_kbps: 100_000,
      changed_at: '2026-01-15',
    },
    address: {
      line1: '1 Queen Street',
      line2: null,
      line3: null,
      city: 'Auckland',
      postcode: '1010',
      country_id: 158,
    },
    location: { timezone: 'Pacific/Auckland' },
    geo_data: null,
    ...overrides,
  }
}

/** A metric_results request as the handler saw it. */
export type SeenRequest = v.InferOutput<typeof MetricResultsRequestSchema> & { signal: AbortSignal }

/** Hourly (or raw) points over the asked range, the third one an ERROR (a gap). */
export function pointsFor(request: SeenRequest, value = 100): MetricPoint[] {
  const from = Date.parse(request.date.from)
  const to = Date.parse(request.date.to)
  const step = 3_600_000
  const points: MetricPoint[] = []
  for (let time = from + step, i = 0; time <= to; time += step, i += 1) {
    const raw = request.aggregation === 'raw'
    points.push(
      i === 2
        ? { dtime: new Date(time).toISOString(), metricValue: null, status: 'ERROR' }
        : {
            dtime: new Date(time).toISOString(),
            metricValue: value + (i % 5),
            status: 'OK',
            ...(raw ? { testId: `test-${i}` } : { count: 1 }),
          },
    )
  }
  return points
}

export type DashboardServerOptions = {
  unit?: AccessibleUnit
  /** Metrics the unit reports (GET /metrics). */
  reported?: string[]
  disconnections?: Disconnection[]
  disconnectionsEnabled?: boolean
  inProgress?: string | null
  /** Answer for one metric instead of the generated points. */
  metricAnswer?: (request: SeenRequest) => Response | undefined | Promise<Response | undefined>
}

/** msw handlers of a whole dashboard; every metric_results request is recorded in `seen`. */
export function dashboardHandlers(options: DashboardServerOptions = {}) {
  const seen: SeenRequest[] = []
  const unit = options.unit ?? unitFixture()
  const handlers = [
    ...signInHandlers({
      payload: { user_id: USER.userId, sub: USER.sub },
      grants: { Agent: { trigger_testing: [{ unit: UNIT_ID }] } },
      accessibles: {
        apollo: [],
        units: [{ unitId: UNIT_ID }],
        volunteer: null,
        administration: null,
      },
    }),
    http.put(apiUrl('zeus', '/users/:userId/preferences'), () => HttpResponse.json({ data: {} })),
    http.get(apiUrl('zeus', '/users/:sub/accessible-units/:unitId'), () =>
      contractJson(AccessibleUnitResponseSchema, { data: unit }),
    ),
    http.get(apiUrl('unit-analytics', '/:unitId/metrics'), () =>
      contractJson(UnitMetricsResponseSchema, {
        data: (options.reported ?? Object.keys(CONSUMER_METRICS))
          .filter(isConsumerMetricKey)
          .map((key) => ({
            key,
            unit: CONSUMER_METRICS[key].unit,
            family: CONSUMER_METRICS[key].family,
            canRun: true,
          })),
      }),
    ),
    http.post(apiUrl('unit-analytics', '/:unitId/metric_results'), async ({ request }) => {
      const body = v.parse(MetricResultsRequestSchema, await request.json())
      const entry = { ...body, signal: request.signal }
      seen.push(entry)
      const custom = await options.metricAnswer?.(entry)
      if (custom) return custom
      const results = pointsFor(entry, body.metric === 'httpgetmt' ? 280 : 20)
      return contractJson(MetricResultsResponseSchema, {
        data: {
          status: 'OK',
          metricMetadata: {
            metricKey: body.metric,
            unit: isConsumerMetricKey(body.metric) ? CONSUMER_METRICS[body.metric].unit : 'count',
          },
          results,
          dataUsage: { totalBytesProcessed: 1000 },
        },
      })
    }),
    http.get(apiUrl('unit-analytics', '/:unitId/disconnections'), () =>
      contractJson(DisconnectionsResponseSchema, {
        data: options.disconnections ?? [],
        meta: { enabled: options.disconnectionsEnabled ?? true },
      }),
    ),
    http.get(apiUrl('unit-analytics', '/:unitId/disconnection_in_progress'), () =>
      contractJson(DisconnectionInProgressResponseSchema, {
        data: options.inProgress ? [{ dtime: options.inProgress, isUnreliable: false }] : [],
      }),
    ),
    http.get(apiUrl('unit-analytics', '/:unitId/skipped_tests'), () =>
      contractJson(SkippedTestsResponseSchema, {
        data: [
          { dtime: new Date().toISOString(), metricKey: 'httpgetmt', reason: 'cross_traffic' },
          { dtime: new Date().toISOString(), metricKey: 'httppostmt', reason: 'cross_traffic' },
          { dtime: new Date().toISOString(), metricKey: 'udpLatency', reason: 'maintenance' },
        ],
        meta: { total: 3 },
      }),
    ),
    http.get(apiUrl('unit-analytics', '/:unitId/data_usage'), () =>
      contractJson(DataUsageResponseSchema, {
        data: [{ dtime: new Date().toISOString(), bytes: 2_400_000_000 }],
        meta: { totalBytes: 2_400_000_000 },
      }),
    ),
  ]
  return { handlers, seen }
}

/** Renders `ui` with i18n and a fresh query client (no retries). */
export function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const result = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </I18nProvider>,
  )
  return { ...result, client }
}
