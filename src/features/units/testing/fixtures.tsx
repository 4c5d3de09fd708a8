import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { http } from 'msw'
import { MyFlagsSchema, resolveFlags } from '#contracts/flags.ts'
import {
  AgentPageSchema,
  UnitDetailResponseSchema,
  UnitSearchResponseSchema,
  type AgentRow,
  type UnitDetail,
} from '#contracts/unit-search.ts'
import {
  apiErrorResponse,
  apiUrl,
  contractJson,
  signInHandlers,
} from '../../../api/testing/contract-handlers'
import { constantCareKeys } from '../../../api/units.api'
import type { Session } from '../../../session'
import { signIn } from '../../consumer/testing/fixtures'
import { renderInRouter } from '../../shell/testing/render-in-router'

export const PANEL = 3
const PANEL_3 = [{ panel: PANEL }]

/** engineer@example.com of the demo seed: unit search, test_view and the scanner on panel 3. */
export function engineerSession(overrides: Partial<Session> = {}): Session {
  return {
    userId: 3,
    sub: 'sub-engineer',
    email: 'engineer@example.com',
    firstName: 'Mei',
    lastName: 'Chen',
    organisation: { id: 2, name: 'Southern Cross Networks' },
    grants: {
      Unit: { search: PANEL_3, test_view: PANEL_3, outages_view: PANEL_3 },
      'test-measurements': { barcode_scanner: PANEL_3 },
      Agent: { trigger_testing: PANEL_3 },
    },
    accessibles: {
      apollo: [
        { pid: PANEL, front_name: 'Southern Cross Constant Care' },
        { pid: 2, front_name: 'Southern Cross Multiview' },
      ],
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
    ...overrides,
  }
}

const HEX = (n: number) => n.toString(16).padStart(2, '0').toUpperCase()

/** Agent row `id` of panel 3: seen `id` minutes ago, owned by a customer when the id is even. */
export function agentRow(id: number): AgentRow {
  return {
    id,
    mac: `D8:4F:B8:10:${HEX(id >> 8)}:${HEX(id & 0xff)}`,
    serial_number: `WB${String(id).padStart(8, '0')}`,
    email: id % 2 === 0 ? `customer${String(id)}@example.com` : null,
    first_name: id % 2 === 0 ? 'Ana' : null,
    last_name: id % 2 === 0 ? 'Silva' : null,
    last_seen: new Date(Date.now() - id * 60_000).toISOString(),
    isp: 'Telstra',
    package: 'NBN 100',
    panel_id: PANEL,
    lmap_config: { schedule: 'Standard hourly', tests_per_day: 24 },
  }
}

/** The unit as GET units/{id} returns it (seen a minute ago unless overridden). */
export function unitDetail(id: number, overrides: Partial<UnitDetail> = {}): UnitDetail {
  const row = agentRow(id)
  const lastSeen = new Date(Date.now() - 60_000).toISOString()
  return {
    id,
    mac: row.mac,
    serial_number: row.serial_number,
    label: `Panel 3 unit ${String(id)}`,
    panel_id: PANEL,
    is_tt_compatible: true,
    last_seen: lastSeen,
    offline_status: {
      id,
      offline: false,
      lastSeenOnline: lastSeen,
      offlineMessage: null,
      isUnreliable: false,
    },
    panel: { pid: PANEL, front_name: 'Southern Cross Constant Care' },
    isp: { id: 7, name: 'Telstra' },
    package: { id: 20, name: 'NBN 100', download_kbps: 100_000, upload_kbps: 20_000 },
    user:
      row.email === null
        ? null
        : { id: 100 + id, email: row.email, first_name: 'Ana', last_name: 'Silva' },
    location: { timezone: 'Australia/Sydney' },
    lmap_config: { schedule: 'Standard hourly', tests_per_day: 24 },
    ...overrides,
  }
}

/** The agents request as the handler saw it. */
export type SeenAgentsRequest = { page: number; perPage: number; sorts: string; filter: string }

/**
 * msw handlers of the constant-care calls over `count` units of panel 3 (ids 1..count): agents
 * paged and sorted by id either way, search/units by id or serial, units/{id}.
 */
export function unitSearchHandlers(options: { count?: number; failAgents?: () => boolean } = {}) {
  const count = options.count ?? 60
  const ids = Array.from({ length: count }, (_, i) => i + 1)
  const seen: SeenAgentsRequest[] = []
  const engineer = engineerSession()
  const handlers = [
    ...signInHandlers({
      payload: { user_id: engineer.userId, sub: engineer.sub, organisation_id: 2 },
      grants: engineer.grants,
      accessibles: engineer.accessibles,
    }),
    http.get(apiUrl('zeus', `/panels/${String(PANEL)}/agents`), ({ request }) => {
      const url = new URL(request.url)
      const page = Number(url.searchParams.get('page'))
      const perPage = Number(url.searchParams.get('per_page'))
      const sorts = url.searchParams.get('sorts') ?? 'id'
      const idFilter = url.searchParams.get('id')
      const filter = ['id', 'email', 'mac', 'serial']
        .map((key) =>
          url.searchParams.has(key) ? `${key}=${url.searchParams.get(key) ?? ''}` : '',
        )
        .filter(Boolean)
        .join('&')
      seen.push({ page, perPage, sorts, filter })
      if (options.failAgents?.() === true) {
        return apiErrorResponse(500, { code: 'INTERNAL' })
      }
      let rows = ids.map(agentRow)
      if (idFilter !== null) rows = rows.filter((row) => String(row.id) === idFilter)
      if (sorts === '-id') rows.reverse()
      const totalPages = Math.max(1, Math.ceil(rows.length / perPage))
      return contractJson(AgentPageSchema, {
        data: rows.slice((page - 1) * perPage, page * perPage),
        meta: {
          pagination: {
            total: rows.length,
            count: Math.max(0, Math.min(perPage, rows.length - (page - 1) * perPage)),
            per_page: perPage,
            current_page: page,
            total_pages: totalPages,
          },
        },
      })
    }),
    http.get(apiUrl('zeus', '/search/units'), ({ request }) => {
      const term = new URL(request.url).searchParams.get('searchTerm') ?? ''
      const rows = ids
        .map(agentRow)
        .filter((row) => String(row.id) === term || row.serial_number.startsWith(term))
      return contractJson(UnitSearchResponseSchema, {
        data: rows,
        meta: { kind: /^\d+$/.test(term) ? 'id' : 'serial' },
      })
    }),
    http.get(apiUrl('zeus', '/units/:id'), ({ params }) =>
      contractJson(UnitDetailResponseSchema, { data: unitDetail(Number(params.id)) }),
    ),
    // The engineer's flags (all off): answered, so the app does not think itself offline.
    http.get(apiUrl('flags', ''), ({ request }) => {
      const panel = new URL(request.url).searchParams.get('panel')
      return contractJson(MyFlagsSchema, {
        data: {
          organisation_id: 2,
          panel_id: panel === null ? null : Number(panel),
          flags: resolveFlags([], { organisationId: 2, panelId: null }),
        },
      })
    }),
  ]
  return { handlers, seen }
}

/** Signs the engineer in (stored session) and renders `ui` at `path` with a fresh query client. */
export async function renderAsEngineer(
  ui: ReactNode,
  options: { path?: string; session?: Session; client?: QueryClient } = {},
) {
  signIn(options.session ?? engineerSession())
  const client =
    options.client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const rendered = await renderInRouter(
    <QueryClientProvider client={client}>{ui}</QueryClientProvider>,
    options.path ?? '/units/search',
  )
  return { ...rendered, client }
}

/** Puts units in the query cache as if opened on this device `minutesAgo` each. */
export function saveUnitsOnDevice(
  client: QueryClient,
  units: { id: number; minutesAgo: number }[],
) {
  for (const { id, minutesAgo } of units) {
    client.setQueryData(constantCareKeys.detail(id), unitDetail(id), {
      updatedAt: Date.now() - minutesAgo * 60_000,
    })
  }
}
