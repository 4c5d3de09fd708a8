import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { TestRunResponseSchema } from '#contracts/unit-analytics.ts'
import { apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { TestResultPage } from './TestResultPage'
import { renderWithClient, UNIT_ID } from './testing/fixtures'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'share')
})
afterAll(() => {
  server.close()
})

const TEST_ID = 'a1b2c3d4-run'

function serveRun() {
  server.use(
    http.get(apiUrl('unit-analytics', `/${UNIT_ID}/test_results/${TEST_ID}`), () =>
      contractJson(TestRunResponseSchema, {
        data: {
          testId: TEST_ID,
          dtime: '2026-05-10T09:00:00Z',
          origin: 'scheduled',
          kind: 'scheduled',
          results: [
            { metricKey: 'httpgetmt', metricValue: 287.4, status: 'OK', bytes: 300_000_000 },
            { metricKey: 'udpLatency', metricValue: 11.25, status: 'OK', bytes: 10_000 },
            { metricKey: 'udpPacketLoss', metricValue: null, status: 'ERROR', bytes: 0 },
          ],
        },
      }),
    ),
  )
}

describe('TestResultPage (seeds 2.6)', () => {
  it('is titled by the test id and lists every metric of the run', async () => {
    serveRun()
    renderWithClient(<TestResultPage unitId={UNIT_ID} testId={TEST_ID} />)
    expect(screen.getByRole('heading', { level: 1, name: TEST_ID })).toBeInTheDocument()
    await waitFor(() => {
      expect(document.title).toBe(`Test ${TEST_ID} – Whitebox`)
    })
    expect(await screen.findByRole('row', { name: 'Download speed 287 Mbps' })).toBeInTheDocument()
    expect(screen.getByRole('row', { name: 'Latency 11.3 ms' })).toBeInTheDocument()
    expect(screen.getByRole('row', { name: 'Packet loss Test failed' })).toBeInTheDocument()
    expect(screen.getByText(/Scheduled test/)).toHaveTextContent('300 MB used')
  })

  it('shares through the Web Share API when there is one', async () => {
    serveRun()
    const share = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    renderWithClient(<TestResultPage unitId={UNIT_ID} testId={TEST_ID} />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Share' }))
    expect(share).toHaveBeenCalledWith({ title: TEST_ID, url: window.location.href })
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument()
  })

  it('otherwise copies the link and says so', async () => {
    serveRun()
    // user-event puts its own clipboard on navigator; no navigator.share here.
    const user = userEvent.setup()
    renderWithClient(<TestResultPage unitId={UNIT_ID} testId={TEST_ID} />)
    await user.click(screen.getByRole('button', { name: 'Share' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied')
    expect(await navigator.clipboard.readText()).toBe(window.location.href)
  })
})
