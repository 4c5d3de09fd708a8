import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { INSTANT_TEST_CODES, type InstantTestCode } from '#contracts/instant-test.ts'
import { AccessibleUnitResponseSchema, type AccessibleUnit } from '#contracts/units.ts'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { instantTestCodeMessage } from '../../lib/instant-test-codes'
import { reportNetworkFailure } from '../../offline/online-state'
import type { Session } from '../../session'
import type { TokenPair } from '../../session/tokens'
import { sessionFixture } from '../shell/testing/render-in-router'
import { InstantTestPanel } from './InstantTestPanel'
import { MockSocket } from './testing/mock-socket'
import { renderWithProviders } from './testing/render'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

const UNIT = 11
const TEST_ID = '0b7c4f6e-0f4e-4f43-9d0b-2b1f7d0c9a11'
const session: Session = sessionFixture('consumer')

const pair = (token: string, expiresInSeconds: number): TokenPair => ({
  accessToken: { token, expiresAt: Math.floor(Date.now() / 1000) + expiresInSeconds },
  refreshToken: { token: 'refresh', expiresAt: Math.floor(Date.now() / 1000) + 86_400 },
})
let tokens: TokenPair | null = null
const renewNow = vi.fn<() => Promise<TokenPair | null>>()

vi.mock('../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../session')>()),
  useSession: () => session,
  getTokens: () => tokens,
  renewNow: () => renewNow(),
}))

let unit: AccessibleUnit | 'refused'
let unitRequests = 0
const server = setupServer(
  http.get(apiUrl('zeus', `/users/${session.sub}/accessible-units/${UNIT}`), () => {
    unitRequests += 1
    if (unit === 'refused') return apiErrorResponse(403, { code: 'FORBIDDEN' })
    return contractJson(AccessibleUnitResponseSchema, { data: unit })
  }),
)

const compatibleUnit: AccessibleUnit = {
  unitId: UNIT,
  mac: 'D8:4F:B8:10:00:0B',
  label: 'Living room',
  name: 'Living room',
  panel_id: 1,
  is_tt_compatible: true,
  last_seen: new Date().toISOString(),
  offline_status: {
    id: UNIT,
    offline: false,
    lastSeenOnline: new Date().toISOString(),
    offlineMessage: null,
    isUnreliable: false,
  },
  environment: { hardware: 'Whitebox 8', connection: 'fibre' },
}

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  MockSocket.reset()
  vi.stubGlobal('WebSocket', MockSocket)
  tokens = pair('access-1', 900)
  renewNow.mockReset()
  unit = compatibleUnit
  unitRequests = 0
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  server.resetHandlers()
})
afterAll(() => {
  server.close()
})

function renderPanel(wording: 'consumer' | 'engineer' = 'consumer') {
  return renderWithProviders(<InstantTestPanel unitId={UNIT} wording={wording} />)
}

/** Renders, waits for the compatibility check, presses Run and opens the socket. */
async function startTest(wording: 'consumer' | 'engineer' = 'consumer') {
  const user = userEvent.setup()
  const view = await renderPanel(wording)
  await user.click(await screen.findByRole('button', { name: 'Run instant test' }))
  const socket = await vi.waitFor(() => MockSocket.latest())
  act(() => {
    socket.open()
  })
  return { user, socket, view }
}

const text = (
  code: InstantTestCode | 'OFFLINE' | 'CONNECTION_LOST' | 'SESSION_ENDED',
  wording: 'consumer' | 'engineer',
) => {
  const message = instantTestCodeMessage(code, wording)
  return { title: i18n._(message.title), explanation: i18n._(message.explanation) }
}

describe('InstantTestPanel: not started', () => {
  it.each([
    { wording: 'consumer' as const, intro: /Test your broadband now/ },
    { wording: 'engineer' as const, intro: /Run latency, download and upload tests on this unit/ },
  ])('offers the test with the $wording introduction', async ({ wording, intro }) => {
    await renderPanel(wording)
    expect(screen.getByRole('heading', { name: 'Instant test' })).toBeInTheDocument()
    expect(screen.getByText(intro)).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Run instant test' })).toBeEnabled()
    expect(MockSocket.instances).toHaveLength(0)
  })
})

describe('InstantTestPanel: running', () => {
  it('authenticates, starts the unit test and shows live progress per phase', async () => {
    const { socket } = await startTest()
    expect(socket.url).toBe(`ws://${location.host}/api/trigger-testing/ws`)
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'access-1' },
      { type: 'start', unitId: UNIT, origin: 'web_app' },
    ])
    const live = screen.getByText('Checking that your unit can run the test…')
    expect(live).toHaveAttribute('aria-live', 'polite')

    act(() => {
      socket.receive({ type: 'authenticated' })
      socket.receive({ type: 'started', testId: TEST_ID })
    })
    expect(screen.getByText('Test started.')).toBeInTheDocument()

    act(() => {
      socket.receive({ type: 'progress', phase: 'latency', percent: 0 })
      socket.receive({ type: 'progress', phase: 'latency', percent: 40, value: 17.25 })
    })
    expect(screen.getByText('Testing latency…')).toHaveAttribute('aria-live', 'polite')
    const latency = screen.getByRole('progressbar', { name: 'Latency' })
    expect(latency).toHaveAttribute('value', '40')
    expect(latency).toHaveAttribute('aria-valuetext', '40%, 17.3\u00a0ms')

    act(() => {
      socket.receive({ type: 'progress', phase: 'latency', percent: 100, value: 12 })
      socket.receive({ type: 'progress', phase: 'download', percent: 0 })
      socket.receive({ type: 'progress', phase: 'download', percent: 30, value: 412.345 })
    })
    expect(screen.getByText('Testing download speed…')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Latency' })).toHaveAttribute('value', '100')
    expect(screen.getByRole('progressbar', { name: 'Download' })).toHaveAttribute('value', '30')
    expect(screen.getByText('412 Mbps')).toBeInTheDocument()
    // The value already measured for a phase stays while a step carries none.
    act(() => {
      socket.receive({ type: 'progress', phase: 'download', percent: 40 })
    })
    expect(screen.getByText('412 Mbps')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Upload' })).toHaveAttribute('value', '0')
    expect(screen.queryByRole('button', { name: /Run/ })).not.toBeInTheDocument()
  })

  it('renews an access token that is about to expire before opening the socket', async () => {
    tokens = pair('old', 10)
    renewNow.mockResolvedValue(pair('renewed', 900))
    const { socket } = await startTest()
    expect(renewNow).toHaveBeenCalledTimes(1)
    expect(socket.sent[0]).toEqual({ type: 'auth', token: 'renewed' })
  })

  it('renews once and asks again when the server refuses the token', async () => {
    const { socket } = await startTest()
    renewNow.mockResolvedValue(pair('renewed', 900))
    act(() => {
      socket.serverClose(4401, 'TOKEN_EXPIRED')
    })
    const second = await vi.waitFor(() => {
      expect(MockSocket.instances).toHaveLength(2)
      return MockSocket.latest()
    })
    act(() => {
      second.open()
    })
    expect(second.sent[0]).toEqual({ type: 'auth', token: 'renewed' })
    // A second refusal ends it: the session could not be renewed.
    act(() => {
      second.serverClose(4401, 'UNAUTHENTICATED')
    })
    expect(await screen.findByText(text('SESSION_ENDED', 'consumer').title)).toBeInTheDocument()
    expect(renewNow).toHaveBeenCalledTimes(1)
  })

  it('closes the socket when the panel goes away', async () => {
    const { socket, view } = await startTest()
    view.unmount()
    expect(socket.readyState).toBe(MockSocket.CLOSED)
    expect(socket.closedBy).toBe('client')
  })
})

describe('InstantTestPanel: succeeded', () => {
  it('shows the results, links to the result page and offers another run', async () => {
    const { socket } = await startTest()
    act(() => {
      socket.receive({ type: 'started', testId: TEST_ID })
      socket.receive({
        type: 'result',
        testId: TEST_ID,
        results: [
          { metricKey: 'udpLatency', metricValue: 11.84 },
          { metricKey: 'udpPacketLoss', metricValue: 0.12 },
          { metricKey: 'httpgetmt', metricValue: 861.204 },
          { metricKey: 'httppostmt', metricValue: 95.5 },
        ],
      })
    })
    expect(screen.getByText('Test complete')).toBeInTheDocument()
    const terms = screen.getAllByRole('term').map((term) => term.textContent)
    expect(terms).toEqual(['Download', 'Upload', 'Latency', 'Packet loss'])
    expect(screen.getByText('861 Mbps')).toBeInTheDocument()
    expect(screen.getByText('95.5 Mbps')).toBeInTheDocument()
    expect(screen.getByText('11.8 ms')).toBeInTheDocument()
    expect(screen.getByText('0.12%')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See the full result' })).toHaveAttribute(
      'href',
      `/dashboard/results/${TEST_ID}?unit=${UNIT}`,
    )
    expect(screen.getByRole('button', { name: 'Run again' })).toBeEnabled()
    expect(socket.closedBy).toBe('client')
  })

  it('shows engineers the results without the consumer result page link', async () => {
    const { socket } = await startTest('engineer')
    act(() => {
      socket.receive({
        type: 'result',
        testId: TEST_ID,
        results: [{ metricKey: 'httpgetmt', metricValue: 50 }],
      })
    })
    expect(screen.getByText('50 Mbps')).toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })
})

describe('InstantTestPanel: failed', () => {
  const cases = INSTANT_TEST_CODES.flatMap((code) =>
    (['consumer', 'engineer'] as const).map((wording) => ({ code, wording })),
  )

  it.each(cases)('$code in the $wording wording', async ({ code, wording }) => {
    const { socket } = await startTest(wording)
    act(() => {
      socket.receive({ type: 'error', code })
    })
    const { title, explanation } = text(code, wording)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(title)
    expect(alert).toHaveTextContent(explanation)
    const retry = screen.queryByRole('button', { name: 'Run again' })
    const permanent = ['ACCESS_DENIED', 'NOT_TT_COMPATIBLE', 'INCOMPATIBLE', 'NO_AVAILABLE_TESTS']
    if (permanent.includes(code) || code === 'IN_PROGRESS') expect(retry).not.toBeInTheDocument()
    else expect(retry).toBeEnabled()
  })

  it('IN_PROGRESS asks to wait 1 minute and brings the button back after 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { socket } = await startTest()
    act(() => {
      socket.receive({ type: 'error', code: 'IN_PROGRESS' })
    })
    expect(screen.getByRole('alert')).toHaveTextContent(/wait 1 minute/)
    act(() => {
      vi.advanceTimersByTime(59_000)
    })
    expect(screen.queryByRole('button', { name: 'Run again' })).not.toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(1_500)
    })
    expect(screen.getByRole('button', { name: 'Run again' })).toBeEnabled()
  })

  it('a socket that drops mid-test says the connection was lost', async () => {
    const { socket } = await startTest()
    act(() => {
      socket.receive({ type: 'started', testId: TEST_ID })
      socket.serverClose(1006)
    })
    expect(screen.getByRole('alert')).toHaveTextContent(text('CONNECTION_LOST', 'consumer').title)
    expect(screen.getByRole('button', { name: 'Run again' })).toBeEnabled()
  })

  it('a message this version cannot read ends as UNKNOWN', async () => {
    const { socket } = await startTest('engineer')
    act(() => {
      socket.receive('{"type":"progress","phase":"teleport"}')
    })
    expect(screen.getByRole('alert')).toHaveTextContent(text('UNKNOWN', 'engineer').title)
  })
})

describe('InstantTestPanel: offline', () => {
  it('disables Run visibly with the reason while offline, and queues nothing', async () => {
    await renderPanel()
    expect(await screen.findByRole('button', { name: 'Run instant test' })).toBeEnabled()
    act(() => {
      reportNetworkFailure()
    })
    const button = screen.getByRole('button', { name: 'Run instant test' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription(
      'You are offline. An instant test needs a connection; it is not saved for later.',
    )
    expect(MockSocket.instances).toHaveLength(0)
    expect(renewNow).not.toHaveBeenCalled()
  })
})

describe('InstantTestPanel: compatibility check (consumer)', () => {
  it.each([
    {
      name: 'a unit without instant-test firmware',
      setup: () => {
        unit = { ...compatibleUnit, is_tt_compatible: false }
      },
      code: 'NOT_TT_COMPATIBLE' as const,
    },
    {
      name: 'a mobile unit',
      setup: () => {
        unit = { ...compatibleUnit, environment: { connection: 'mobile' } }
      },
      code: 'INCOMPATIBLE' as const,
    },
    {
      name: 'a check that failed (treated as not compatible)',
      setup: () => {
        unit = 'refused'
      },
      code: 'NOT_TT_COMPATIBLE' as const,
    },
  ])('$name: says so and offers no test', async ({ setup, code }) => {
    setup()
    await renderPanel('consumer')
    expect(await screen.findByRole('alert')).toHaveTextContent(text(code, 'consumer').title)
    expect(screen.queryByRole('button', { name: /Run/ })).not.toBeInTheDocument()
  })

  it('leaves the check to the server for engineers', async () => {
    unit = { ...compatibleUnit, is_tt_compatible: false }
    await renderPanel('engineer')
    expect(await screen.findByRole('button', { name: 'Run instant test' })).toBeEnabled()
    expect(unitRequests).toBe(0)
  })
})
