import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
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
  it('is titled by the test id; its heading names the test and its time; every metric with its meaning', async () => {
    serveRun()
    renderWithClient(<TestResultPage unitId={UNIT_ID} testId={TEST_ID} />)
    await waitFor(() => {
      expect(document.title).toBe(`Test ${TEST_ID} – Whitebox`)
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Scheduled test, .*2026/ }),
    ).toBeInTheDocument()
    // The id stays on the page, to read and copy.
    expect(screen.getByText(TEST_ID)).toBeInTheDocument()
    const list = screen.getByRole('list', { name: 'Results of this test' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(items[0]).toHaveTextContent('Download speed287 Mbps')
    expect(items[0]).toHaveTextContent('How fast data reaches you')
    expect(
      within(items[0] as HTMLElement).getByRole('link', { name: 'More about Download speed' }),
    ).toHaveAttribute('href', '/hc/en-gb/articles/4201')
    expect(items[1]).toHaveTextContent('Latency11.3 ms')
    // 11.25 ms is good for everyday use (≤ 30 ms).
    expect(items[1]).toHaveTextContent('Good for everyday use')
    expect(items[2]).toHaveTextContent('Packet lossTest failed')
    expect(items[2]).not.toHaveTextContent(/Good|Fair|Poor/)
    expect(screen.getByText(/Scheduled test ·/)).toHaveTextContent('300 MB used')
  })

  it('copies the test id', async () => {
    serveRun()
    const user = userEvent.setup()
    renderWithClient(<TestResultPage unitId={UNIT_ID} testId={TEST_ID} />)
    await user.click(screen.getByRole('button', { name: 'Copy ID' }))
    expect(await navigator.clipboard.readText()).toBe(TEST_ID)
    expect(screen.getByText('Test ID copied')).toBeInTheDocument()
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
    expect(await screen.findByText('Link copied')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(window.location.href)
  })
})
