import 'fake-indexeddb/auto'
import { useState } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import * as v from 'valibot'
import { CONSUMER_METRICS, isConsumerMetricKey } from '#contracts/metrics.ts'
import {
  MetricResultsRequestSchema,
  MetricResultsResponseSchema,
  UnitMetricsResponseSchema,
  type MetricPoint,
} from '#contracts/unit-analytics.ts'
import { apiUrl, contractJson, signInHandlers } from '../../api/testing/contract-handlers'
import { isoDateOf } from '../../lib/date-range'
import { resetQueueTest, signInForTest, USER } from '../../offline/testing/queue-test-utils'
import type { ConsumerAnalyticsSearch } from './analytics-search'
import { ConsumerAnalyticsPage } from './ConsumerAnalyticsPage'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

// jsdom has no canvas: the chart keeps what it was given to draw, by its accessible name.
const drawn = vi.hoisted(() => new Map<string, unknown>())
vi.mock('react-chartjs-2', () => ({
  Line: (props: { 'aria-label': string; data: unknown }) => {
    drawn.set(props['aria-label'], props.data)
    return <canvas role="img" aria-label={props['aria-label']} />
  },
}))

const UNIT_ID = 11
const DAY = 86_400_000
const REPORTED = ['httpgetmt', 'httppostmt', 'udpLatency', 'mobile_signal_strength'] as const

type Asked = v.InferOutput<typeof MetricResultsRequestSchema>
let asked: Asked[] = []

/** Three points a metric: a value, a NO_DATA gap, and a second value (mobile signal 0 = no value). */
function resultsFor(request: Asked): MetricPoint[] {
  const from = Date.parse(request.date.from)
  const step = request.aggregation === 'daily' ? DAY : 3_600_000
  const value = (n: number) => (request.metric === 'mobile_signal_strength' ? -80 - n : 100 + n)
  return [
    { dtime: new Date(from).toISOString(), metricValue: value(1), status: 'OK' },
    { dtime: new Date(from + step).toISOString(), metricValue: null, status: 'NO_DATA' },
    {
      dtime: new Date(from + 2 * step).toISOString(),
      metricValue: request.metric === 'mobile_signal_strength' ? 0 : value(2),
      status: 'OK',
    },
  ]
}

const server = setupServer(
  // The session refreshes itself on mount (grants, accessibles, preferences).
  ...signInHandlers({
    payload: { user_id: USER.userId, sub: USER.sub },
    accessibles: {
      apollo: [],
      units: [{ unitId: UNIT_ID }],
      volunteer: null,
      administration: null,
    },
  }),
  http.get(apiUrl('unit-analytics', `/${UNIT_ID}/metrics`), () =>
    contractJson(UnitMetricsResponseSchema, {
      data: REPORTED.map((key) => ({
        key,
        unit: CONSUMER_METRICS[key].unit,
        family: CONSUMER_METRICS[key].family,
        canRun: true,
      })),
    }),
  ),
  http.post(apiUrl('unit-analytics', `/${UNIT_ID}/metric_results`), async ({ request }) => {
    const body = v.parse(MetricResultsRequestSchema, await request.json())
    asked.push(body)
    const metric = body.metric
    if (!isConsumerMetricKey(metric)) throw new Error('unknown metric')
    return contractJson(MetricResultsResponseSchema, {
      data: {
        status: 'OK',
        metricMetadata: { metricKey: metric, unit: CONSUMER_METRICS[metric].unit },
        results: resultsFor(body),
        dataUsage: { totalBytesProcessed: 0 },
      },
    })
  }),
)

/** The search the page last asked for (the route would navigate to it). */
const last: { search: ConsumerAnalyticsSearch } = { search: {} }

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  asked = []
  last.search = {}
  drawn.clear()
  signInForTest()
})
afterEach(async () => {
  server.resetHandlers()
  await resetQueueTest()
})
afterAll(() => {
  server.close()
})

function Harness({ initial }: { initial: ConsumerAnalyticsSearch }) {
  const [search, setSearch] = useState(initial)
  return (
    <ConsumerAnalyticsPage
      search={search}
      onSearchChange={(next) => {
        last.search = next
        setSearch(next)
      }}
    />
  )
}

function start(initial: ConsumerAnalyticsSearch = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Harness initial={initial} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  return userEvent.setup()
}

const SLOW = { timeout: 5_000 }
const spanDays = (request: Asked) =>
  (Date.parse(request.date.to) - Date.parse(request.date.from)) / DAY

describe('ConsumerAnalyticsPage', () => {
  it('charts download, upload and latency over the last 30 days, hourly', async () => {
    start()
    for (const name of ['Download speed', 'Upload speed', 'Latency']) {
      expect(
        await screen.findByRole('img', { name: `${name} chart, the last 30 days` }, SLOW),
      ).toBeInTheDocument()
    }
    expect(asked.map((request) => request.metric).sort()).toEqual([
      'httpgetmt',
      'httppostmt',
      'udpLatency',
    ])
    for (const request of asked) {
      expect(request.aggregation).toBe('hourly')
      expect(spanDays(request)).toBeCloseTo(30, 5)
    }
    expect(screen.getByText('Hourly values, the last 30 days')).toBeInTheDocument()
  })

  it('the last 90 days are asked daily', async () => {
    const user = start()
    await screen.findByRole('img', { name: /^Download speed chart/ }, SLOW)
    asked = []
    await user.click(screen.getByRole('radio', { name: 'Last 90 days' }))
    expect(last.search).toMatchObject({ days: 90 })
    await screen.findByRole('img', { name: 'Download speed chart, the last 90 days' }, SLOW)
    expect(asked).toHaveLength(3)
    expect(asked.every((request) => request.aggregation === 'daily')).toBe(true)
    expect(asked.every((request) => Math.round(spanDays(request)) === 90)).toBe(true)
  })

  it('fixed dates: refuses a range longer than 92 days, then shows a valid one', async () => {
    const user = start()
    await screen.findByRole('img', { name: /^Download speed chart/ }, SLOW)
    await user.click(screen.getByRole('radio', { name: 'Fixed dates' }))
    const from = screen.getByLabelText('From')
    const to = screen.getByLabelText('To')
    const today = Date.now()
    await user.clear(from)
    await user.type(from, isoDateOf(today - 100 * DAY))
    await user.click(screen.getByRole('button', { name: 'Show' }))
    expect(to).toHaveAccessibleDescription('Choose at most 92 days.')
    expect(last.search.from).toBeUndefined()

    await user.clear(from)
    await user.type(from, isoDateOf(today - 2 * DAY))
    await user.clear(to)
    await user.type(to, isoDateOf(today - 3 * DAY))
    await user.click(screen.getByRole('button', { name: 'Show' }))
    expect(to).toHaveAccessibleDescription('The end date must be on or after the start date.')

    asked = []
    await user.clear(to)
    await user.type(to, isoDateOf(today - DAY))
    await user.click(screen.getByRole('button', { name: 'Show' }))
    expect(last.search).toMatchObject({
      from: isoDateOf(today - 2 * DAY),
      to: isoDateOf(today - DAY),
      days: undefined,
    })
    await waitFor(() => {
      expect(asked).toHaveLength(3)
    })
    // Two whole days, from the start of the first to the end of the second.
    expect(asked.every((request) => Math.round(spanDays(request)) === 2)).toBe(true)
    expect(asked.every((request) => request.aggregation === 'hourly')).toBe(true)
  })

  it('charts each chosen metric; none chosen says so', async () => {
    const user = start({ metrics: 'mobile_signal_strength' })
    await screen.findByRole('img', { name: /^Mobile signal strength chart/ }, SLOW)
    expect(screen.getAllByRole('img')).toHaveLength(1)
    await user.click(screen.getByText('Metrics (1 chosen)'))
    const list = screen.getByRole('group', { name: 'Metrics to show' })
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label') ?? box.closest('label')?.textContent),
    ).toEqual(['Download speed', 'Upload speed', 'Latency', 'Mobile signal strength'])
    await user.click(within(list).getByRole('checkbox', { name: 'Mobile signal strength' }))
    expect(last.search.metrics).toBe('')
    expect(
      await screen.findByText('Choose at least one metric to see its chart.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: "Download CSV: the charts' data" })).toBeDisabled()
  })

  it('downloads exactly what the charts show as CSV', async () => {
    let saved: Blob | null = null
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob
      return 'blob:analytics'
    })
    const revokeObjectURL = vi.fn()
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }))
    const clicked: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download)
    })
    try {
      const user = start({ metrics: 'httpgetmt,mobile_signal_strength', days: 7 })
      await screen.findByRole('img', { name: /^Mobile signal strength chart/ }, SLOW)
      await screen.findByRole('img', { name: /^Download speed chart/ }, SLOW)
      const button = screen.getByRole('button', { name: "Download CSV: the charts' data" })
      await waitFor(() => {
        expect(button).toBeEnabled()
      })
      await user.click(button)

      expect(clicked).toEqual([`whitebox-${UNIT_ID}-last-7-days-to-${isoDateOf(Date.now())}.csv`])
      expect(saved).not.toBeNull()
      const bytes = new Uint8Array(await (saved as unknown as Blob).arrayBuffer())
      // A UTF-8 byte-order mark first (Blob.text() would drop it), then the CSV.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const text = await (saved as unknown as Blob).text()
      const byMetric = new Map(asked.map((request) => [request.metric, resultsFor(request)]))
      const download = byMetric.get('httpgetmt') ?? []
      const signal = byMetric.get('mobile_signal_strength') ?? []
      const iso = (point: MetricPoint | undefined) => new Date(point?.dtime ?? 0).toISOString()
      expect(text).toBe(
        'metric,dtime,value,unit,status\r\n' +
          `httpgetmt,${iso(download[0])},101,Mbps,OK\r\n` +
          `httpgetmt,${iso(download[1])},,Mbps,NO_DATA\r\n` +
          `httpgetmt,${iso(download[2])},102,Mbps,OK\r\n` +
          `mobile_signal_strength,${iso(signal[0])},-81,dBm,OK\r\n` +
          `mobile_signal_strength,${iso(signal[1])},,dBm,NO_DATA\r\n` +
          // A signal strength of 0 is drawn as no value, so it is downloaded as none too.
          `mobile_signal_strength,${iso(signal[2])},,dBm,NO_VALUE\r\n`,
      )
      // The chart drew the same two download values, with the NO_DATA between them as a gap.
      const chart = drawn.get('Download speed chart, the last 7 days') as {
        datasets: { data: { y: number }[] }[]
      }
      expect(chart.datasets[0]?.data.map((point) => point.y)).toEqual([101, Number.NaN, 102])
    } finally {
      click.mockRestore()
      vi.unstubAllGlobals()
    }
  })
})
