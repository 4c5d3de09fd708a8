/**
 * The chart render benchmark page (scripts/bench-chart.ts builds and opens it): the dashboard's
 * TimeSeriesChart with N points, mounted afresh R times; time from mount to chart.js's first
 * render, in the page's own clock. Results land on `window.benchResult`.
 */
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createRoot, type Root } from 'react-dom/client'
import { flushSync } from 'react-dom'
// The drawn chart itself (the pages load it through lazy-charts; its load is not what is timed).
import { TimeSeriesChart } from '../../src/features/charts/TimeSeriesChart'
import type { ChartSeries } from '../../src/features/charts'

declare global {
  interface Window {
    benchResult?: { points: number; runs: number[]; locale: string }
  }
}

const params = new URLSearchParams(location.search)
const POINTS = Number(params.get('points') ?? 10_000)
const RUNS = Number(params.get('runs') ?? 7)
const LOCALE = params.get('locale') ?? 'en-GB'

// A month of minute-spaced samples, deterministic (LCG), with some gaps like real results.
const start = Date.UTC(2026, 9, 1)
let seed = 42
const random = () => (seed = (seed * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32
const series: ChartSeries[] = [
  {
    id: 'download',
    label: 'Download',
    points: Array.from({ length: POINTS }, (_, i) => ({
      x: start + i * 60_000,
      y: random() < 0.01 ? null : 280 + random() * 40 - (i % 1440 > 1140 ? 90 : 0),
    })),
  },
]
const range = { from: start, to: start + POINTS * 60_000 }

i18n.loadAndActivate({ locale: LOCALE, messages: {} })
document.documentElement.lang = LOCALE
document.documentElement.dir = LOCALE === 'ar-SA' ? 'rtl' : 'ltr'

function renderOnce(root: Root): Promise<number> {
  return new Promise((resolve) => {
    const t0 = performance.now()
    flushSync(() => {
      root.render(
        <I18nProvider i18n={i18n}>
          <TimeSeriesChart
            series={series}
            range={range}
            label="Download speed"
            valueFormat={{ kind: 'number', template: '{value} Mbps' }}
            onFirstDraw={() => {
              resolve(performance.now() - t0)
            }}
          />
        </I18nProvider>,
      )
    })
  })
}

async function main(): Promise<void> {
  const container = document.getElementById('root')
  if (!container) throw new Error('no #root')
  const runs: number[] = []
  for (let i = 0; i < RUNS; i += 1) {
    const root = createRoot(container)
    runs.push(await renderOnce(root))
    root.unmount()
    await new Promise((r) => setTimeout(r, 50))
  }
  window.benchResult = { points: POINTS, runs, locale: LOCALE }
}

void main()
