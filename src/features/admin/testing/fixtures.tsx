import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type {
  AdminAgentDetail,
  AdminAgentRow,
  AdminUserRow,
  MetadataField,
} from '#contracts/admin.ts'
import type { Grants } from '#contracts/auth.ts'
import type { SetupServer } from 'msw/node'
import { apiUrl, signInHandlers } from '../../../api/testing/contract-handlers'
import type { Session } from '../../../session'
import { ToastProvider } from '../../../ui/Toast'
import { signIn } from '../../consumer/testing/fixtures'
import { renderInRouter } from '../../shell/testing/render-in-router'

export const PANEL = 3
const ON_PANEL = [{ panel: PANEL }]

export const ALL_ADMIN = [
  'agents_view',
  'agents_manage',
  'metadata_manage',
  'admin_users_manage',
] as const

/** The admin demo account on panel 3, with the given test-measurements permissions. */
export function adminSession(
  permissions: readonly string[] = ALL_ADMIN,
  extra: Grants = {},
): Session {
  return {
    userId: 5,
    sub: 'sub-admin',
    email: 'admin@example.com',
    firstName: 'Ada',
    lastName: 'Admin',
    organisation: { id: 2, name: 'Southern Cross Networks' },
    grants: {
      'test-measurements': Object.fromEntries(permissions.map((p) => [p, ON_PANEL])),
      ...extra,
    },
    accessibles: {
      apollo: [{ pid: PANEL, front_name: 'Southern Cross Constant Care' }],
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
}

export const adminUrl = (path: string) => apiUrl('admin', `/panels/${String(PANEL)}${path}`)

export function agentRow(id: number, overrides: Partial<AdminAgentRow> = {}): AdminAgentRow {
  const hex = id.toString(16).padStart(2, '0').toUpperCase()
  return {
    agent_id: id,
    agent_type: 'whitebox',
    unit_id: id,
    mac: `00:11:22:33:44:${hex}`,
    state: 'active',
    base: 'unit',
    isp: 'Southern Cross',
    package: 'Fibre 300',
    country: 'NZ',
    serial_number: `WB${String(id).padStart(7, '0')}`,
    timezone: 'Pacific/Auckland',
    last_seen: '2026-11-27T10:00:00.000Z',
    connected: true,
    ip: null,
    wan_ip: null,
    wan_ipv6: null,
    lan_ip: null,
    public_ip: null,
    gateway_ip: '192.168.1.1',
    link_speed: null,
    duplex: null,
    gateway_mac: null,
    firmware_version: '4.2.0',
    uptime: null,
    router_mode: 'bridge',
    mobile_id: null,
    device_id: null,
    manufacturer: null,
    model: null,
    group: null,
    cpe_subscription: null,
    is_cpe: false,
    email: `owner${String(id)}@example.net`,
    first_name: 'Olivia',
    last_name: 'Nguyen',
    ...overrides,
  }
}

export function agentPage(rows: AdminAgentRow[], total = rows.length, page = 1) {
  return {
    data: rows,
    meta: {
      pagination: {
        total,
        count: rows.length,
        per_page: 50,
        current_page: page,
        total_pages: Math.max(1, Math.ceil(total / 50)),
      },
    },
  }
}

export const FIELDS: MetadataField[] = [
  { id: 1, key: 'hub_code', display_name: 'Hub code', format: 'text', usage: 'analysis' },
  { id: 2, key: 'floor', display_name: 'Floor', format: 'number', usage: 'available' },
]

export function agentDetail(
  id: number,
  overrides: Partial<AdminAgentDetail> = {},
): AdminAgentDetail {
  return {
    agent: agentRow(id),
    metadata: { hub_code: 'HUB-1', floor: '' },
    extended_metadata: { technology: 'fibre' },
    address: null,
    internet_connection: {
      isp: 'Southern Cross',
      package: 'Fibre 300',
      download_kbps: 300_000,
      upload_kbps: 100_000,
      technology: 'fibre',
    },
    router_connection: {
      router_mode: 'bridge',
      gateway_ip: '192.168.1.1',
      gateway_mac: null,
      link_speed: null,
      duplex: null,
    },
    ...overrides,
  }
}

export function userRow(id: number, overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id,
    email: `user${String(id)}@example.com`,
    first_name: 'Noor',
    last_name: 'Haddad',
    enabled: true,
    default_locale: null,
    last_login: null,
    super_admin: false,
    failed_logins: 0,
    created_at: '2026-11-01T09:00:00.000Z',
    panel: PANEL,
    user_status: 'enabled',
    org_super_admin: false,
    ...overrides,
  }
}

/**
 * Signs `session` in and renders `ui` in a router, with a query client and toasts. The account's
 * own calls (grants, accessibles: the session's refresh) are answered, so the app stays online.
 */
export async function renderAsAdmin(
  ui: ReactNode,
  { server, session = adminSession() }: { server: SetupServer; session?: Session },
) {
  server.use(
    ...signInHandlers({
      grants: session.grants,
      accessibles: session.accessibles,
      payload: { user_id: session.userId, sub: session.sub },
    }),
  )
  signIn(session)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const rendered = await renderInRouter(
    <QueryClientProvider client={client}>
      <ToastProvider>{ui}</ToastProvider>
    </QueryClientProvider>,
    '/admin',
  )
  return { ...rendered, client }
}
