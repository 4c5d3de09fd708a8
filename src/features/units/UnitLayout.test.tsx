import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { UnitDetailResponseSchema, type UnitDetail } from '#contracts/unit-search.ts'
import { DisconnectionInProgressResponseSchema } from '#contracts/unit-analytics.ts'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { constantCareKeys } from '../../api/units.api'
import { deauthenticate } from '../../session'
import { renderAsEngineer, unitDetail, unitSearchHandlers } from './testing/fixtures'
import { UnitLayout } from './UnitLayout'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  onlineManager.setOnline(true)
  vi.restoreAllMocks()
  server.resetHandlers()
  deauthenticate()
})
afterAll(() => {
  server.close()
})

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()

function serve(unit: UnitDetail | 'refused', inProgress: string | null = null) {
  let unitRequests = 0
  // First match wins: these before the defaults.
  server.use(
    http.get(apiUrl('zeus', '/units/:id'), () => {
      unitRequests += 1
      return unit === 'refused'
        ? apiErrorResponse(403, { code: 'FORBIDDEN' })
        : contractJson(UnitDetailResponseSchema, { data: unit })
    }),
    http.get(apiUrl('unit-analytics', '/:unitId/disconnection_in_progress'), () =>
      contractJson(DisconnectionInProgressResponseSchema, {
        data: inProgress === null ? [] : [{ dtime: inProgress, isUnreliable: false }],
      }),
    ),
    ...unitSearchHandlers().handlers,
  )
  return { requests: () => unitRequests }
}

const renderUnit = (id = 35) =>
  renderAsEngineer(
    <UnitLayout unitId={id}>
      <p>tab content</p>
    </UnitLayout>,
    { path: `/units/${String(id)}/test-results` },
  )

describe('UnitLayout: the header', () => {
  it('shows the unit’s facts, its online state and the tabs', async () => {
    serve(unitDetail(36))
    await renderUnit(36)
    expect(screen.getByRole('heading', { level: 1, name: 'Unit 36' })).toBeInTheDocument()
    expect(await screen.findByText('WB00000036')).toBeInTheDocument()
    expect(screen.getByText('D8:4F:B8:10:00:24')).toBeInTheDocument()
    expect(screen.getByText('Southern Cross Constant Care')).toBeInTheDocument()
    expect(screen.getByText('customer36@example.com')).toBeInTheDocument()
    expect(screen.getByText('NBN 100, 100 / 20 Mbps')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(/^Online$/)
    expect(screen.getByText('Last seen').nextElementSibling).toHaveTextContent(/^1 min ago \(/)
    const tabs = screen.getByRole('navigation', { name: 'Unit pages' })
    expect(within(tabs).getByRole('link', { name: 'Test results' })).toHaveAttribute(
      'href',
      '/units/36/test-results',
    )
    expect(within(tabs).getByRole('link', { name: 'Customer’s view' })).toHaveAttribute(
      'href',
      '/units/36/customer-results',
    )
    expect(screen.getByText('tab content')).toBeInTheDocument()
  })
})

describe('UnitLayout: the offline state (seeds 001 §4)', () => {
  it.each([
    {
      name: 'last seen 2 hours ago',
      unit: unitDetail(35, { last_seen: ago(2 * HOUR + MINUTE) }),
      inProgress: null,
      title: 'This unit is offline',
      message: /It has been offline for 2 hours\. Last seen/,
    },
    {
      name: 'a disconnection in progress for 3 days',
      unit: unitDetail(35),
      inProgress: ago(3 * 24 * HOUR + MINUTE),
      title: 'This unit is disconnected',
      message: /It has been disconnected for 3 days\./,
    },
    {
      name: 'last seen 40 days ago',
      unit: unitDetail(35, { last_seen: ago(40 * 24 * HOUR) }),
      inProgress: null,
      title: 'This unit is offline',
      message: /It has been offline for over a month\./,
    },
    {
      name: 'marked offline externally with a message',
      unit: unitDetail(35, {
        offline_status: {
          id: 35,
          offline: true,
          lastSeenOnline: ago(10 * MINUTE),
          offlineMessage: 'Planned maintenance',
          isUnreliable: false,
        },
        last_seen: ago(10 * MINUTE),
      }),
      inProgress: null,
      title: 'This unit is offline',
      message: /It has been offline for 10 minutes\..*Planned maintenance/,
    },
  ])('$name', async ({ unit, inProgress, title, message }) => {
    serve(unit, inProgress)
    await renderUnit()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(title)
    expect(alert).toHaveTextContent(message)
  })
})

describe('UnitLayout: offline field mode', () => {
  it('opens a unit saved on this device offline, with the age of its data', async () => {
    const served = serve(unitDetail(35))
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    onlineManager.setOnline(false)
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    client.setQueryData(constantCareKeys.detail(35), unitDetail(35), {
      updatedAt: Date.now() - 2 * HOUR,
    })
    await renderAsEngineer(
      <UnitLayout unitId={35}>
        <p>tab content</p>
      </UnitLayout>,
      { client, path: '/units/35/test-results' },
    )
    expect(await screen.findByText('WB00000035')).toBeInTheDocument()
    expect(screen.getByText(/^Data from/)).toHaveTextContent(/2 hr ago/)
    expect(screen.getByText('tab content')).toBeInTheDocument()
    expect(served.requests()).toBe(0)
  })

  it('says the saved state is the last known one, never a live green Online', async () => {
    serve(unitDetail(35))
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    onlineManager.setOnline(false)
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const fetchedAt = Date.now() - 2 * HOUR
    client.setQueryData(
      constantCareKeys.detail(35),
      { ...unitDetail(35), last_seen: new Date(fetchedAt - MINUTE).toISOString() },
      { updatedAt: fetchedAt },
    )
    await renderAsEngineer(
      <UnitLayout unitId={35}>
        <p>tab content</p>
      </UnitLayout>,
      { client, path: '/units/35/test-results' },
    )
    expect(await screen.findByText('WB00000035')).toBeInTheDocument()
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent(/^Last known: online, 2 hr ago$/)
    expect(screen.queryByText('This unit is offline')).not.toBeInTheDocument()
  })

  it('says so when the unit was never opened on this device', async () => {
    serve(unitDetail(35))
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    onlineManager.setOnline(false)
    await renderUnit()
    expect(await screen.findByText('It loads when you are back online.')).toBeInTheDocument()
    expect(screen.queryByText('tab content')).not.toBeInTheDocument()
  })

  it('shows a refusal without the tabs', async () => {
    serve('refused')
    await renderUnit()
    expect(await screen.findByText('You do not have access to this.')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Unit pages' })).not.toBeInTheDocument()
  })
})
