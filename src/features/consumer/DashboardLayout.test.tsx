import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MyAccessiblesResponseSchema, MyGrantsResponseSchema } from '#contracts/auth.ts'
import { MyFlagsSchema, resolveFlags } from '#contracts/flags.ts'
import { AnomaliesInProgressResponseSchema } from '#contracts/unit-analytics.ts'
import { apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { deauthenticate } from '../../session'
import { renderInRouter } from '../shell/testing/render-in-router'
import { DashboardLayout } from './DashboardLayout'
import { INSTANT_TESTABLE_KEY, isInstantTestable } from './instant-testable-flag'
import {
  consumerSession,
  dashboardHandlers,
  signIn,
  UNIT_ID,
  unitFixture,
  type DashboardServerOptions,
} from './testing/fixtures'
import type { Session } from '../../session'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  deauthenticate()
})
afterAll(() => {
  server.close()
})

const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
const HOUR = 3_600_000

async function renderLayout(
  options: DashboardServerOptions & { session?: Session; onUnitChange?: (id: number) => void } = {},
) {
  const { handlers } = dashboardHandlers(options)
  server.use(...handlers)
  // The session's background refresh asks the server for the units and grants: it must answer
  // with the session's own, or the refresh (at idle, later on a busy machine) replaces them.
  const session = options.session
  if (session) {
    server.use(
      http.get(apiUrl('auth', '/myAccessibles'), () =>
        contractJson(MyAccessiblesResponseSchema, { data: session.accessibles }),
      ),
      http.get(apiUrl('auth', '/myGrants'), () =>
        contractJson(MyGrantsResponseSchema, { data: session.grants }),
      ),
    )
  }
  signIn(options.session)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return renderInRouter(
    <QueryClientProvider client={client}>
      <DashboardLayout
        unitParam={undefined}
        variant="tabs"
        onUnitChange={options.onUnitChange ?? (() => undefined)}
      >
        <p>tab content</p>
      </DashboardLayout>
    </QueryClientProvider>,
    '/dashboard/whitebox-tests',
  )
}

describe('DashboardLayout: the unit offline state (seeds 4.6)', () => {
  it.each([
    {
      name: 'last seen 2 hours ago',
      options: { unit: unitFixture({ last_seen: ago(2 * HOUR + 60_000) }) },
      title: 'Your Whitebox is offline',
      message: 'It has been offline for 2 hours.',
    },
    {
      name: 'a disconnection in progress for 3 days',
      options: { inProgress: ago(3 * 24 * HOUR + 60_000) },
      title: 'Your Whitebox is disconnected',
      message: 'It has been disconnected for 3 days.',
    },
    {
      name: 'last seen 40 days ago',
      options: { unit: unitFixture({ last_seen: ago(40 * 24 * HOUR) }) },
      title: 'Your Whitebox is offline',
      message: 'It has been offline for over a month.',
    },
    {
      name: 'marked offline externally, never seen',
      options: {
        unit: unitFixture({
          last_seen: null,
          offline_status: {
            id: UNIT_ID,
            offline: true,
            lastSeenOnline: null,
            offlineMessage: null,
            isUnreliable: false,
          },
        }),
      },
      title: 'Your Whitebox is offline',
      message: 'It is not sending results at the moment.',
    },
  ])('$name', async ({ options, title, message }) => {
    await renderLayout(options)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(title)
    expect(alert).toHaveTextContent(message)
  })

  it('says nothing while the unit is online', async () => {
    await renderLayout()
    expect(await screen.findByText('Living room')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('DashboardLayout: tabs', () => {
  it('shows the RealSpeed tab once the unit loads as instant-test compatible', async () => {
    await renderLayout({ unit: unitFixture({ is_tt_compatible: true }) })
    expect(await screen.findByRole('link', { name: 'RealSpeed tests' })).toBeInTheDocument()
    expect(isInstantTestable(UNIT_ID)).toBe(true)
    const open = screen.getByRole('link', { name: 'Whitebox tests' })
    expect(open).toHaveAttribute('href', '/dashboard/whitebox-tests')
    // The row (ui/TabNav, which tests its scrolling) marks the open tab.
    expect(open).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Details' })).toBeInTheDocument()
  })

  it('hides it (and clears a stale flag) for a unit that is not compatible', async () => {
    localStorage.setItem(INSTANT_TESTABLE_KEY, JSON.stringify([UNIT_ID]))
    await renderLayout({ unit: unitFixture({ is_tt_compatible: false }) })
    await waitFor(() => {
      expect(isInstantTestable(UNIT_ID)).toBe(false)
    })
    expect(screen.queryByRole('link', { name: 'RealSpeed tests' })).not.toBeInTheDocument()
  })

  it('offers a unit picker when the user has several units', async () => {
    const user = userEvent.setup()
    const onUnitChange = vi.fn()
    await renderLayout({
      onUnitChange,
      session: consumerSession({
        accessibles: {
          apollo: [],
          units: [{ unitId: UNIT_ID }, { unitId: 12 }],
          volunteer: null,
          administration: null,
        },
      }),
    })
    await user.selectOptions(await screen.findByLabelText('Whitebox'), 'Whitebox 12')
    expect(onUnitChange).toHaveBeenCalledWith(12)
  })
})

describe('DashboardLayout: area outage notice (seeds 6)', () => {
  const engineer = consumerSession({
    grants: {
      Unit: { search: [{ panel: 3 }], test_view: [{ panel: 3 }], outages_view: [{ panel: 3 }] },
      Agent: { trigger_testing: [{ unit: UNIT_ID }] },
    },
  })

  it.each([
    {
      name: 'a consumer: never asked',
      session: consumerSession(),
      panel: 3,
      flag: true,
      shown: false,
      asked: 0,
    },
    {
      name: 'outages_view on panel 3, flag on',
      session: engineer,
      panel: 3,
      flag: true,
      shown: true,
      asked: 1,
    },
    {
      name: 'outages_view on panel 3, flag off: never asked',
      session: engineer,
      panel: 3,
      flag: false,
      shown: false,
      asked: 0,
    },
    {
      name: 'a unit of another panel',
      session: engineer,
      panel: 1,
      flag: true,
      shown: false,
      asked: 0,
    },
  ])('$name', async ({ session, panel, flag, shown, asked }) => {
    let requests = 0
    const flagPanels: (string | null)[] = []
    server.use(
      http.get(apiUrl('flags', ''), ({ request }) => {
        const requested = new URL(request.url).searchParams.get('panel')
        flagPanels.push(requested)
        const flags = resolveFlags([], { organisationId: null, panelId: null })
        return contractJson(MyFlagsSchema, {
          data: {
            organisation_id: null,
            panel_id: requested === null ? null : Number(requested),
            flags: { ...flags, 'cc-area-outage-alert': flag },
          },
        })
      }),
      http.get(apiUrl('unit-analytics', '/:unitId/anomalies_in_progress'), () => {
        requests += 1
        return contractJson(AnomaliesInProgressResponseSchema, {
          data: {
            anomaliesInProgress: [
              { id: 1, type: 'outage', metric: 'httpgetmt', firstSeen: ago(HOUR) },
            ],
            macDomainOutage: true,
          },
        })
      }),
    )
    await renderLayout({ session, unit: unitFixture({ panel_id: panel }) })
    await screen.findByText('Living room')
    if (shown) {
      expect(await screen.findByText('Outage in this area')).toBeInTheDocument()
    } else {
      expect(screen.queryByText('Outage in this area')).not.toBeInTheDocument()
    }
    if (panel === 3 && session === engineer) {
      // The flag is read for the unit's panel.
      await waitFor(() => {
        expect(flagPanels).toContain('3')
      })
    } else {
      expect(flagPanels).toEqual([])
    }
    expect(requests).toBe(asked)
  })

  it.each([
    { name: 'links the outage to its collection when the server names it', collectionId: 7 },
    { name: 'names no collection the user may not open', collectionId: null },
  ])('$name', async ({ collectionId }) => {
    server.use(
      http.get(apiUrl('flags', ''), ({ request }) => {
        const requested = new URL(request.url).searchParams.get('panel')
        const flags = resolveFlags([], { organisationId: null, panelId: null })
        return contractJson(MyFlagsSchema, {
          data: {
            organisation_id: null,
            panel_id: requested === null ? null : Number(requested),
            flags: { ...flags, 'cc-area-outage-alert': true },
          },
        })
      }),
      http.get(apiUrl('unit-analytics', '/:unitId/anomalies_in_progress'), () =>
        contractJson(AnomaliesInProgressResponseSchema, {
          data: {
            anomaliesInProgress: [
              { id: 1, type: 'outage', metric: 'outage', firstSeen: ago(HOUR), collectionId },
            ],
            macDomainOutage: true,
          },
        }),
      ),
    )
    await renderLayout({ session: engineer, unit: unitFixture({ panel_id: 3 }) })
    expect(await screen.findByText('Outage in this area')).toBeInTheDocument()
    const link = screen.queryByRole('link', { name: 'Open it in the fault finder' })
    if (collectionId === null) {
      expect(link).not.toBeInTheDocument()
    } else {
      expect(link).toHaveAttribute('href', '/fault-finder/collection/7')
    }
  })
})
