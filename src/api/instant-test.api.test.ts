import { afterEach, describe, expect, it, vi } from 'vitest'
import { MockSocket } from '../features/instant-test/testing/mock-socket'
import { setServiceBaseUrl } from './http'
import { instantTestSocketUrl, openInstantTest, type InstantTestEvent } from './instant-test.api'

const TEST_ID = '5f0c2a4e-8d6b-4c1e-9a7f-3b2d1c0e9f8a'

afterEach(() => {
  setServiceBaseUrl('trigger-testing', null)
  vi.unstubAllGlobals()
  MockSocket.reset()
})

describe('instantTestSocketUrl', () => {
  it.each([
    { base: null, expected: `ws://${location.host}/api/trigger-testing/ws` },
    { base: 'https://tests.example.com/tt', expected: 'wss://tests.example.com/tt/ws' },
    { base: 'http://10.0.0.2:9000', expected: 'ws://10.0.0.2:9000/ws' },
  ])('$base → $expected', ({ base, expected }) => {
    setServiceBaseUrl('trigger-testing', base)
    expect(instantTestSocketUrl()).toBe(expected)
  })
})

describe('openInstantTest', () => {
  it('sends auth then start, relays messages and closes after the result', () => {
    vi.stubGlobal('WebSocket', MockSocket)
    const events: InstantTestEvent[] = []
    openInstantTest({
      unitId: 4,
      origin: 'web_iframe',
      token: 'tok',
      onEvent: (e) => events.push(e),
    })
    const socket = MockSocket.latest()
    socket.open()
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'tok' },
      { type: 'start', unitId: 4, origin: 'web_iframe' },
    ])
    socket.receive({ type: 'progress', phase: 'latency', percent: 0 })
    socket.receive({ type: 'result', testId: TEST_ID, results: [] })
    expect(socket.closedBy).toBe('client')
    // The client's own close is not reported as a lost connection.
    expect(events).toEqual([
      { type: 'progress', phase: 'latency', percent: 0 },
      { type: 'result', testId: TEST_ID, results: [] },
    ])
  })

  it('reports a close before the end, with its code and reason', () => {
    vi.stubGlobal('WebSocket', MockSocket)
    const events: InstantTestEvent[] = []
    openInstantTest({ unitId: 4, origin: 'web_app', token: 'tok', onEvent: (e) => events.push(e) })
    MockSocket.latest().serverClose(4408, 'AUTH_TIMEOUT')
    expect(events).toEqual([{ type: 'closed', code: 4408, reason: 'AUTH_TIMEOUT' }])
  })

  it('turns a message it cannot read into UNKNOWN and stops', () => {
    vi.stubGlobal('WebSocket', MockSocket)
    const events: InstantTestEvent[] = []
    openInstantTest({ unitId: 4, origin: 'web_app', token: 'tok', onEvent: (e) => events.push(e) })
    const socket = MockSocket.latest()
    socket.open()
    socket.receive('not json')
    socket.receive({ type: 'progress', phase: 'latency', percent: 10 })
    expect(events).toEqual([{ type: 'error', code: 'UNKNOWN' }])
    expect(socket.readyState).toBe(MockSocket.CLOSED)
  })
})
