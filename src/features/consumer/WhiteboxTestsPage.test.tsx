import { useState } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { ChartData } from 'chart.js'
import { MetricResultsResponseSchema } from '#contracts/unit-analytics.ts'
import { apiUrl, contractJson } from '../../api/testing/contract-handlers'
import type { DisconnectionPeriod, Period } from '../../lib/periods'
import { deauthenticate } from '../../session'
import {
  dashboardHandlers,
  renderWithClient,
  signIn,
  UNIT_ID,
  unitFixture,
  type DashboardServerOptions,
} from './testing/fixtures'
import { WhiteboxTestsPage } from './WhiteboxTestsPage'

// jsdom has no canvas: the chart.js components are replaced by a canvas stand-in that keeps the
// data each chart was given, so the tests assert on what would be drawn.
const drawn = vi.hoisted(() => ({
  line: new Map<string, unknown>(),
  lineOptions: new Map<string, unknown>(),
  bar: new Map<string, unknown>(),
}))
vi.mock('react-chartjs-2', () => ({
  Line: (props: { 'aria-label': string; data: unknown; options: unknown }) => {
    drawn.line.set(props['aria-label'], props.data)
    drawn.lineOptions.set(props['aria-label'], props.options)
    return <canvas role="img" aria-label={props['aria-label']} />
  },
  Bar: (props: { 'aria-label': string; data: unknown }) => {
    drawn.bar.set(props['aria-label'], props.data)
    return <canvas role="img" aria-label={props['aria-label']} />
  },
}))
vi.mock('../instant-test', () => ({
  InstantTestPanel: ({ wording }: { wording: string }) => <p>instant test panel ({wording})</p>,
  InstantTestHistory: () => <p>instant test history</p>,
}))

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  deauthenticate()
  drawn.line.clear()
  drawn.lineOptions.clear()
  drawn.bar.clear()
})
afterAll(() => {
  server.close()
})

function Harness({
  initial = 'week',
  onOpenTest,
}: {
  initial?: Period
  onOpenTest?: (testId: string) => void
}) {
  const [period, setPeriod] = useState<Period>(initial)
  const [disconnections, setDisconnections] = useState<DisconnectionPeriod>('week')
  return (
    <WhiteboxTestsPage
      unitId={UNIT_ID}
      period={period}
      disconnectionPeriod={disconnections}
      onPeriodChange={setPeriod}
      onDisconnectionPeriodChange={setDisconnections}
      onOpenTest={onOpenTest}
    />
  )
}

function start(
  options: DashboardServerOptions = {},
  initial?: Period,
  onOpenTest?: (testId: string) => void,
) {
  const { handlers, seen } = dashboardHandlers(options)
  server.use(...handlers)
  signIn()
  renderWithClient(<Harness initial={initial} onOpenTest={onOpenTest} />)
  return seen
}

// Generous: the first render of a file also loads chart.js and the catalogues on a busy machine.
const SLOW = { timeout: 5_000 }

const resultsPeriod = (name: string) =>
  within(screen.getByRole('group', { name: 'Period of the test results' })).getByRole('radio', {
    name,
  })

type LineData = ChartData<'line', { x: number; y: number }[]>
const lineData = (label: string) => drawn.line.get(label) as LineData | undefined

const DEFAULT_CHARTS = [
  'Download speed',
  'Upload speed',
  'Latency',
  'Packet loss',
  'Jitter',
  'Responsiveness',
]

describe('WhiteboxTestsPage', () => {
  it('draws the six default metrics with their data, gaps left out, package speed as a line', async () => {
    const seen = start({
      reported: [
        'httpgetmt',
        'httppostmt',
        'udpLatency',
        'udpPacketLoss',
        'web_jitter',
        'responsiveness',
        'httpget',
      ],
    })
    for (const name of DEFAULT_CHARTS) {
      expect(
        await screen.findByRole('img', { name: `${name} chart in the last 7 days` }, SLOW),
      ).toBeInTheDocument()
    }
    expect(screen.getAllByRole('img', { name: /chart in the last 7 days$/ })).toHaveLength(6)
    expect(screen.getByText('instant test panel (consumer)')).toBeInTheDocument()

    // One request per metric, a week of hourly buckets, all sent at once (not one after another).
    expect(seen.map((r) => r.metric).sort()).toEqual([
      'httpgetmt',
      'httppostmt',
      'responsiveness',
      'udpLatency',
      'udpPacketLoss',
      'web_jitter',
    ])
    for (const request of seen) {
      expect(request.aggregation).toBe('hourly')
      expect(Date.parse(request.date.to) - Date.parse(request.date.from)).toBe(7 * 86_400_000)
    }

    const download = lineData('Download speed chart in the last 7 days')
    const [series, reference] = download?.datasets ?? []
    // 168 hourly buckets, one of them an ERROR: drawn as a gap (NaN, the line breaks), never as 0.
    const values = series?.data.filter((p) => Number.isFinite(p.y)) ?? []
    expect(values).toHaveLength(167)
    expect(values.every((p) => p.y >= 280)).toBe(true)
    expect(series?.data.filter((p) => Number.isNaN(p.y))).toHaveLength(1)
    expect(reference).toMatchObject({ label: 'Your package (300 Mbps)' })
    expect(reference?.data.map((p) => p.y)).toEqual([300, 300])
    // Latency is not a speed: no package line.
    expect(lineData('Latency chart in the last 7 days')?.datasets).toHaveLength(1)

    const downloadPanel = screen.getByRole('region', { name: 'Download speed' })
    expect(within(downloadPanel).getByText('Gaps in the line:')).toBeInTheDocument()
    expect(within(downloadPanel).getByText('1 failed test')).toBeInTheDocument()
    expect(
      within(downloadPanel).getByText(/Latest .*, median .*, from 167 values in the last 7 days\./),
    ).toBeInTheDocument()
  })

  it('changing the period asks again with the new range (raw for a day)', async () => {
    const user = userEvent.setup()
    const seen = start({ reported: ['httpgetmt'] })
    await screen.findByRole('img', { name: 'Download speed chart in the last 7 days' }, SLOW)
    seen.length = 0
    await user.click(resultsPeriod('Day'))
    expect(
      await screen.findByRole('img', { name: 'Download speed chart in the last 24 hours' }, SLOW),
    ).toBeInTheDocument()
    expect(seen).toHaveLength(1)
    expect(seen[0]?.aggregation).toBe('raw')
    expect(Date.parse(seen[0]?.date.to ?? '') - Date.parse(seen[0]?.date.from ?? '')).toBe(
      86_400_000,
    )

    await user.click(resultsPeriod('Month'))
    await screen.findByRole('img', { name: 'Download speed chart in the last month' }, SLOW)
    const month = seen[1]
    const days =
      (Date.parse(month?.date.to ?? '') - Date.parse(month?.date.from ?? '')) / 86_400_000
    expect(month?.aggregation).toBe('hourly')
    expect(days).toBeGreaterThanOrEqual(28)
    expect(days).toBeLessThanOrEqual(31)
  })

  it('cancels the request of the period it leaves', async () => {
    const user = userEvent.setup()
    const seen = start({
      reported: ['httpgetmt'],
      metricAnswer: async (request) => {
        if (request.aggregation === 'hourly') await delay('infinite')
        return undefined
      },
    })
    const weekly = () => seen.find((r) => r.metric === 'httpgetmt' && r.aggregation === 'hourly')
    await waitFor(() => {
      expect(weekly()).toBeDefined()
    })
    expect(weekly()?.signal.aborted).toBe(false)
    await user.click(resultsPeriod('Day'))
    await screen.findByRole('img', { name: 'Download speed chart in the last 24 hours' }, SLOW)
    await waitFor(() => {
      expect(weekly()?.signal.aborted).toBe(true)
    })
  })

  it('refuses a seventh metric and saves a change of choice in the preferences', async () => {
    const user = userEvent.setup()
    const puts: unknown[] = []
    const { handlers } = dashboardHandlers()
    // The first matching handler answers: this one before the defaults.
    server.use(
      http.put(apiUrl('zeus', '/users/:userId/preferences'), async ({ request }) => {
        puts.push(await request.json())
        return HttpResponse.json({ data: {} })
      }),
      ...handlers,
    )
    signIn()
    renderWithClient(<Harness />)
    await user.click(await screen.findByText('Choose metrics (6 of 6)'))
    const seventh = screen.getByRole('checkbox', { name: 'Gaming latency' })
    await user.click(seventh)
    expect(seventh).not.toBeChecked()
    expect(screen.getByRole('status')).toHaveTextContent(
      'You can show up to 6 metrics. Remove one to add another.',
    )
    expect(puts).toEqual([])

    await user.click(screen.getByRole('checkbox', { name: 'Jitter' }))
    await user.click(screen.getByRole('checkbox', { name: 'Gaming latency' }))
    expect(screen.getByRole('checkbox', { name: 'Gaming latency' })).toBeChecked()
    expect(
      await screen.findByRole('img', { name: 'Gaming latency chart in the last 7 days' }, SLOW),
    ).toBeInTheDocument()
    expect(
      screen.queryByRole('img', { name: 'Jitter chart in the last 7 days' }),
    ).not.toBeInTheDocument()
    await waitFor(() => {
      expect(puts.at(-1)).toEqual({
        consumerDashboardMetrics: [
          'httpgetmt',
          'httppostmt',
          'udpLatency',
          'udpPacketLoss',
          'responsiveness',
          'gaming_latency',
        ],
      })
    })
  })

  it('always shows the always-shown metrics the unit reports, beside the six', async () => {
    start()
    expect(
      await screen.findByRole(
        'img',
        { name: 'Speed consistency (80/80) chart in the last 7 days' },
        SLOW,
      ),
    ).toBeInTheDocument()
    expect(
      await screen.findAllByRole('img', { name: /chart in the last 7 days$/ }, SLOW),
    ).toHaveLength(7)
  })

  it('says when the Whitebox cannot run a test, without drawing zeros', async () => {
    start({
      reported: ['httpgetmt', 'responsiveness'],
      metricAnswer: (request) =>
        request.metric === 'responsiveness'
          ? contractJson(MetricResultsResponseSchema, {
              data: {
                status: 'DEVICE_CANT_RUN_TEST',
                metricMetadata: { metricKey: 'responsiveness', unit: 'RPM' },
                results: [],
                dataUsage: { totalBytesProcessed: 0 },
              },
            })
          : undefined,
    })
    const panel = await screen.findByRole('region', { name: 'Responsiveness' })
    expect(
      await within(panel).findByText('Your Whitebox cannot run this test.'),
    ).toBeInTheDocument()
    expect(lineData('Responsiveness chart in the last 7 days')).toBeUndefined()
  })

  it('shows disconnections per day with an ongoing one measured to now', async () => {
    const now = Date.now()
    start({
      reported: ['httpgetmt'],
      disconnections: [
        {
          id: 1,
          dtime: new Date(now - 2 * 86_400_000).toISOString(),
          endDtime: new Date(now - 2 * 86_400_000 + 300_000).toISOString(),
          metricValue: 300,
          isUnreliable: false,
        },
        {
          id: 2,
          dtime: new Date(now - 3_600_000).toISOString(),
          endDtime: null,
          metricValue: null,
          isUnreliable: false,
        },
      ],
    })
    expect(
      await screen.findByText(/^2 disconnections in the last 7 days, 1h 5m in total\.$/),
    ).toBeInTheDocument()
    expect(
      screen.getByText('A disconnection is still going on; its length is counted up to now.'),
    ).toBeInTheDocument()
    const bars = drawn.bar.get('Number of disconnections in the last 7 days') as ChartData<
      'bar',
      number[]
    >
    expect(bars.datasets[0]?.data.reduce((a, b) => a + b, 0)).toBe(2)
    expect(bars.labels?.length).toBeGreaterThanOrEqual(7)
  })

  it('says when disconnection measurements are not enabled', async () => {
    start({ reported: ['httpgetmt'], disconnectionsEnabled: false })
    expect(
      await screen.findByText('Disconnection measurements are not enabled for your Whitebox.'),
    ).toBeInTheDocument()
  })

  it('shows skipped tests and the data the tests used', async () => {
    start({ reported: ['httpgetmt'] })
    const skipped = await screen.findByRole('region', { name: 'Skipped tests' })
    expect(await within(skipped).findByText('3')).toBeInTheDocument()
    expect(within(skipped).getByText('Your connection was busy: 2')).toBeInTheDocument()
    const usage = screen.getByRole('region', { name: 'Data used by tests' })
    expect(await within(usage).findByText('2.4 GB')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Mobile device limits' })).toHaveTextContent(
      /a newer phone can reach 890 Mbps, an older one about 80 Mbps/,
    )
  })

  it('leads with a verdict in plain words, the figures one tap away (issue 22 §3)', async () => {
    start()
    // Download ~282 Mbps on a 300 Mbps package, no disconnection.
    const verdict = await screen.findByRole(
      'region',
      { name: 'Your broadband is delivering what you pay for' },
      SLOW,
    )
    expect(verdict).toHaveTextContent('Your download is 94% of your package.')
    expect(verdict).toHaveTextContent('Steady in the evening')
    expect(verdict).toHaveTextContent('No disconnections in the last 7 days.')
    await userEvent.setup().click(within(verdict).getByText('See the figures'))
    expect(within(verdict).getByText('Median download').nextElementSibling).toHaveTextContent(
      '282 Mbps',
    )
  })

  it('says when the download falls short, and counts the disconnections', async () => {
    const now = Date.now()
    start({
      unit: unitFixture({
        package: {
          id: 10,
          name: 'Fibre 1000',
          download_kbps: 1_000_000,
          upload_kbps: 100_000,
          changed_at: '2026-01-15',
        },
      }),
      disconnections: [1, 2, 3, 4, 5].map((n) => ({
        id: n,
        dtime: new Date(now - n * 3_600_000).toISOString(),
        endDtime: new Date(now - n * 3_600_000 + 60_000).toISOString(),
        metricValue: 60,
        isUnreliable: false,
      })),
    })
    const verdict = await screen.findByRole(
      'region',
      { name: 'Your download is well below what you pay for' },
      SLOW,
    )
    expect(verdict).toHaveTextContent('Your download is only 28% of your package.')
    expect(verdict).toHaveTextContent('5 disconnections in the last 7 days')
  })

  it('says on every card what the metric means and whether it is good, with its article', async () => {
    start({ reported: ['httpgetmt', 'udpLatency'] })
    const card = (await screen.findByRole('heading', { name: 'Latency' }, SLOW)).closest('section')
    expect(card).not.toBeNull()
    const latency = within(card as HTMLElement)
    expect(latency.getByText(/The delay before data answers/)).toBeInTheDocument()
    // ~22 ms median.
    expect(await latency.findByText('Good for everyday use')).toBeInTheDocument()
    expect(latency.getByRole('link', { name: 'More about Latency' })).toHaveAttribute(
      'href',
      '/hc/en-gb/articles/4202',
    )
  })

  it('aggregates the month: a point per day with the day’s range as a band', async () => {
    start({ reported: ['httpgetmt'] }, 'month')
    const label = 'Download speed chart in the last month'
    await screen.findByRole('img', { name: label }, SLOW)
    const points = lineData(label)?.datasets[0]?.data ?? []
    // ~30 days, not ~720 hours.
    expect(points.length).toBeGreaterThanOrEqual(28)
    expect(points.length).toBeLessThanOrEqual(33)
    const options = drawn.lineOptions.get(label) as {
      plugins: { wbBands: { bands: { points: unknown[] }[] } | false }
    }
    expect(options.plugins.wbBands).not.toBe(false)
    expect(options.plugins.wbBands && options.plugins.wbBands.bands[0]?.points.length).toBe(
      points.length,
    )
  })

  it('shows a tapped point’s value first; opening its test is a second tap', async () => {
    const onOpenTest = vi.fn()
    start({ reported: ['httpgetmt'] }, 'day', onOpenTest)
    const label = 'Download speed chart in the last 24 hours'
    await screen.findByRole('img', { name: label }, SLOW)
    const options = drawn.lineOptions.get(label) as {
      onClick: (
        event: unknown,
        elements: { datasetIndex: number; index: number }[],
        chart: unknown,
      ) => void
    }
    const data = lineData(label)
    act(() => {
      options.onClick(undefined, [{ datasetIndex: 0, index: 0 }], { data })
    })
    expect(onOpenTest).not.toHaveBeenCalled()
    expect(await screen.findByText(/: 280 Mbps$/)).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open this test' }))
    expect(onOpenTest).toHaveBeenCalledWith('test-0')
  })
})
