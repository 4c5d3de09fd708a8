import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { InstantTestHistoryResponseSchema, type InstantTestRun } from '#contracts/instant-test.ts'
import { instantTestHistoryQueryOptions } from '../../api/instant-test.api'
import { apiErrorResponse, apiUrl, contractJson } from '../../api/testing/contract-handlers'
import { InstantTestHistory } from './InstantTestHistory'
import { renderWithProviders } from './testing/render'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

const UNIT = 11
const run = (n: number, overrides: Partial<InstantTestRun> = {}): InstantTestRun => ({
  testId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  unitId: UNIT,
  status: 'succeeded',
  code: null,
  origin: 'web_app',
  kind: 'instant_test',
  startedAt: new Date(Date.UTC(2026, 10, n, 9, 30)).toISOString(),
  finishedAt: new Date(Date.UTC(2026, 10, n, 9, 30, 8)).toISOString(),
  results: [
    { metricKey: 'udpLatency', metricValue: 10 + n },
    { metricKey: 'httpgetmt', metricValue: 800 + n },
    { metricKey: 'httppostmt', metricValue: 90 + n },
  ],
  bytes: 1_100_000_000,
  ...overrides,
})

/** The server's tests for the unit, newest first. */
let runs: InstantTestRun[] = []
let status = 200
const requested: { page: string | null; perPage: string | null }[] = []

const server = setupServer(
  http.get(apiUrl('trigger-testing', `/units/${UNIT}/tests`), ({ request }) => {
    const params = new URL(request.url).searchParams
    requested.push({ page: params.get('page'), perPage: params.get('per_page') })
    if (status !== 200) return apiErrorResponse(status, { code: 'FORBIDDEN' })
    const page = Number(params.get('page'))
    const perPage = Number(params.get('per_page'))
    return contractJson(InstantTestHistoryResponseSchema, {
      data: runs.slice((page - 1) * perPage, page * perPage),
      meta: {
        pagination: {
          count: runs.slice((page - 1) * perPage, page * perPage).length,
          current_page: page,
          total_pages: Math.max(1, Math.ceil(runs.length / perPage)),
          per_page: perPage,
          total: runs.length,
        },
      },
    })
  }),
)

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  runs = []
  status = 200
  requested.length = 0
})
afterEach(() => {
  server.resetHandlers()
})
afterAll(() => {
  server.close()
})

function renderHistory(wording?: 'consumer' | 'engineer') {
  return renderWithProviders(<InstantTestHistory unitId={UNIT} wording={wording} />)
}

describe('InstantTestHistory', () => {
  it('lists the tests newest first with their results and result links', async () => {
    runs = [
      run(20),
      run(19, { status: 'failed', code: 'UNREACHABLE', results: [] }),
      run(18, { status: 'running', finishedAt: null, results: [] }),
    ]
    await renderHistory()
    const items = await screen.findAllByRole('listitem')
    expect(items).toHaveLength(3)
    const [newest, failed, running] = items as [HTMLElement, HTMLElement, HTMLElement]
    expect(within(newest).getByText('820 Mbps')).toBeInTheDocument()
    expect(within(newest).getByText('110 Mbps')).toBeInTheDocument()
    expect(within(newest).getByText('30 ms')).toBeInTheDocument()
    expect(
      within(newest)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Download', 'Upload', 'Latency'])
    expect(within(newest).getByRole('link', { name: 'See the full result' })).toHaveAttribute(
      'href',
      `/dashboard/results/${run(20).testId}?unit=${UNIT}`,
    )
    expect(within(newest).getByText(/20 Nov 2026/)).toHaveAttribute('datetime', run(20).startedAt)
    expect(within(failed).getByText('Your Whitebox is offline')).toBeInTheDocument()
    expect(within(failed).queryByRole('link')).not.toBeInTheDocument()
    expect(within(running).getByText('Running…')).toBeInTheDocument()
    expect(requested).toEqual([{ page: '1', perPage: '10' }])
  })

  it('explains failures in the engineer wording when asked', async () => {
    runs = [run(4), run(3, { status: 'failed', code: 'UNREACHABLE', results: [] })]
    await renderHistory('engineer')
    expect(await screen.findByText('Unit offline')).toBeInTheDocument()
    // The result page belongs to the consumer dashboard.
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })

  it('pages through older tests', async () => {
    runs = Array.from({ length: 12 }, (_, i) => run(30 - i))
    const user = userEvent.setup()
    await renderHistory()
    expect(await screen.findAllByRole('listitem')).toHaveLength(10)
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Older' }))
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument()
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    expect(requested.at(-1)).toEqual({ page: '2', perPage: '10' })
  })

  it('says when there is nothing yet', async () => {
    await renderHistory()
    expect(await screen.findByText(/No instant tests yet/)).toBeInTheDocument()
  })

  it('shows a refusal through the shared query states, with Retry', async () => {
    status = 403
    await renderHistory()
    expect(await screen.findByText('You do not have access to this.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  it('is kept on the device with the other results', () => {
    expect(instantTestHistoryQueryOptions(UNIT).meta).toEqual({ persist: 'results' })
  })
})
