/**
 * Chart render time: builds bench/chart (the dashboard's TimeSeriesChart on a page of its own) and
 * opens it in Debian's Chromium at a phone viewport; the median time from mount to chart.js's first
 * render of a 10,000-point series (decimation on), in en-GB and ar-SA (mirrored axis).
 *
 *   node scripts/bench-chart.ts [--points 10000] [--runs 7]
 *
 * Used by `npm run bench`; prints JSON.
 */
import { parseArgs } from 'node:util'
import react from '@vitejs/plugin-react'
import { median, withBenchPage } from './bench-page.ts'

/** One series of renders: the per-run times in ms and their median. */
export type ChartBenchResult = { locale: string; points: number; runs: number[]; medianMs: number }

/** Builds the page, serves it on loopback and measures each locale. */
export async function benchChart(points: number, runs: number): Promise<ChartBenchResult[]> {
  return withBenchPage('chart', [react()], async (browser, origin) => {
    const results: ChartBenchResult[] = []
    for (const locale of ['en-GB', 'ar-SA']) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
      await page.goto(`${origin}/?points=${points}&runs=${runs}&locale=${locale}`)
      const result = await page.waitForFunction(
        () => (globalThis as { benchResult?: unknown }).benchResult,
        null,
        { timeout: 60_000 },
      )
      const value = (await result.jsonValue()) as { runs: number[] } | undefined
      const times = value?.runs ?? []
      results.push({ locale, points, runs: times, medianMs: median(times) })
      await page.close()
    }
    return results
  })
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      points: { type: 'string', default: '10000' },
      runs: { type: 'string', default: '7' },
    },
  })
  const results = await benchChart(Number(values.points), Number(values.runs))
  console.log(JSON.stringify(results, null, 2))
}
