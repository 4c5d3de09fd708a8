import { useState } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import type { QueryClient } from '@tanstack/react-query'
import { MyGrantsResponseSchema } from '#contracts/auth.ts'
import { CONSUMER_METRIC_KEYS } from '#contracts/metrics.ts'
import { apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { constantCareKeys } from '../../api/units.api'
import { DEFAULT_METRICS, visibleMetrics } from '../../lib/metric-selection'
import { deauthenticate } from '../../session'
import { dashboardHandlers } from '../consumer/testing/fixtures'
import {
  engineerSession,
  renderAsEngineer,
  unitDetail,
  unitSearchHandlers,
} from './testing/fixtures'
import { UnitTestResultsPage } from './UnitTestResultsPage'

// jsdom has no canvas: a stand-in for the chart.js components.
vi.mock('react-chartjs-2', () => ({
  Line: (props: { 'aria-label': string }) => <canvas role="img" aria-label={props['aria-label']} />,
  Bar: (props: { 'aria-label': string }) => <canvas role="img" aria-label={props['aria-label']} />,
}))

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

function Page() {
  const [all, setAll] = useState(false)
  return (
    <UnitTestResultsPage
      unitId={45}
      period="week"
      disconnectionPeriod="week"
      allMetrics={all}
      onPeriodChange={() => undefined}
      onDisconnectionPeriodChange={() => undefined}
      onAllMetricsChange={setAll}
    />
  )
}

const charts = () => document.querySelectorAll('section[data-metric]')

/** Waits for the unit's detail from the server (a test's own data must not be overwritten by it). */
async function unitLoaded(client: QueryClient) {
  await waitFor(() => {
    expect(client.getQueryState(constantCareKeys.detail(45))?.status).toBe('success')
  })
}

describe('UnitTestResultsPage', { timeout: 15_000 }, () => {
  it('offers the instant test in the engineer’s words and charts the main metrics, or all of them', async () => {
    // The engineer's calls first: the first matching handler answers.
    server.use(...unitSearchHandlers().handlers, ...dashboardHandlers().handlers)
    const { client } = await renderAsEngineer(<Page />, { path: '/units/45/test-results' })
    client.setQueryData(constantCareKeys.detail(45), unitDetail(45))
    expect(await screen.findByRole('heading', { name: 'Instant test' })).toBeInTheDocument()
    expect(
      screen.getByText(
        'Run latency, download and upload tests on this unit now (about ten seconds).',
      ),
    ).toBeInTheDocument()

    const { alwaysShown, selected } = visibleMetrics(DEFAULT_METRICS, CONSUMER_METRIC_KEYS)
    await waitFor(() => {
      expect(charts()).toHaveLength(selected.length + alwaysShown.length)
    })
    const all = CONSUMER_METRIC_KEYS.length
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: `Show all ${String(all)} metrics` }))
    expect(charts()).toHaveLength(all)
    expect(screen.getByRole('button', { name: 'Show the main metrics only' })).toBeInTheDocument()
  })

  it('leaves the instant test out without trigger_testing on the unit’s panel', async () => {
    const session = engineerSession()
    const grants = { Unit: session.grants.Unit ?? {} }
    server.use(...unitSearchHandlers().handlers, ...dashboardHandlers().handlers)
    // The session's background refresh (at idle, later on a busy machine) must read the same
    // grants, or it brings trigger_testing back (a later `use` answers first).
    server.use(
      http.get(apiUrl('auth', '/myGrants'), () =>
        contractJson(MyGrantsResponseSchema, { data: grants }),
      ),
    )
    const { client } = await renderAsEngineer(<Page />, {
      path: '/units/45/test-results',
      session: { ...session, grants },
    })
    client.setQueryData(constantCareKeys.detail(45), unitDetail(45))
    expect(await screen.findByRole('heading', { name: 'Test results' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Instant test' })).not.toBeInTheDocument()
  })

  it('offers no instant test on an offline unit, and says why in the engineer’s words', async () => {
    server.use(...unitSearchHandlers().handlers, ...dashboardHandlers().handlers)
    const { client } = await renderAsEngineer(<Page />, { path: '/units/45/test-results' })
    await unitLoaded(client)
    const detail = unitDetail(45)
    client.setQueryData(constantCareKeys.detail(45), {
      ...detail,
      offline_status: { ...detail.offline_status, offline: true },
    })
    expect(await screen.findByRole('heading', { name: 'Instant test' })).toBeInTheDocument()
    const run = screen.getByRole('button', { name: 'Run instant test' })
    expect(run).toBeDisabled()
    expect(run).toHaveAccessibleDescription(
      'The unit has not reported in for over 30 minutes or is disconnected, so it cannot be reached.',
    )
  })

  it('says at once that a unit on old firmware cannot take an instant test', async () => {
    server.use(...unitSearchHandlers().handlers, ...dashboardHandlers().handlers)
    const { client } = await renderAsEngineer(<Page />, { path: '/units/45/test-results' })
    await unitLoaded(client)
    client.setQueryData(constantCareKeys.detail(45), { ...unitDetail(45), is_tt_compatible: false })
    expect(await screen.findByText('Firmware too old for instant tests')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Run instant test' })).not.toBeInTheDocument()
  })
})
