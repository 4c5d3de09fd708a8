import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { deauthenticate } from '../../session'
import { AgentDetailsPage } from './AgentDetailsPage'
import { dashboardHandlers, renderWithClient, signIn, UNIT_ID } from './testing/fixtures'

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

describe('AgentDetailsPage (seeds 2.6 details tab)', () => {
  it.each([
    { label: 'Label', value: 'WB-000011' },
    { label: 'MAC address', value: 'D8:4F:B8:10:00:0B' },
    { label: 'Internet provider', value: 'Spark' },
    { label: 'Package', value: 'Fibre 300 (300 Mbps down, 100 Mbps up)' },
    { label: 'Package changed on', value: '15 January 2026' },
    { label: 'Time zone', value: 'Pacific/Auckland' },
    // Known attributes in words; one the app does not know keeps the agent's own name.
    {
      label: 'Environment',
      value: 'Connection: FibreMobile unit: NoFirmware: 8.4.2sensor: v2',
    },
    { label: 'Installation address', value: '1 Queen StreetAuckland1010' },
  ])('shows $label', async ({ label, value }) => {
    server.use(...dashboardHandlers().handlers)
    signIn()
    renderWithClient(<AgentDetailsPage unitId={UNIT_ID} />)
    const term = await screen.findByText(label, { selector: 'dt' })
    expect(term.nextElementSibling).toHaveTextContent(value)
  })
})
