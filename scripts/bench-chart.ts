/**
 * Chart render time: builds bench/chart (the dashboard's TimeSeriesChart on a page of its own) and
 * opens it in Debian's Chromium at a phone viewport; the median time from mount to chart.js's first
 * render of a 10,000-point series (decimation on), in en-GB and ar-SA (mirrored axis).
 *
 *   node scripts/bench-chart.ts [--points 10000] [--runs 7]
 *
 * Used by `npm run bench`; prints JSON.
 */
import { createServer } from 'node:http'
import { readFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { build } from 'vite'
import react from '@vitejs/plugin-react'
import { CHROMIUM_FLAGS } from './bench-support.ts'

const ROOT = join(import.meta.dirname, '..')
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
}

/** One series of renders: the per-run times in ms and their median. */
export type ChartBenchResult = { locale: string; points: number; runs: number[]; medianMs: number }

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

/** Builds the page, serves it on loopback and measures each locale. */
export async function benchChart(points: number, runs: number): Promise<ChartBenchResult[]> {
  const outDir = await mkdtemp(join(tmpdir(), 'wb-chart-bench-'))
  try {
    await build({
      root: join(ROOT, 'bench/chart'),
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, target: 'es2023' },
    })
    const server = createServer((request, response) => {
      const path = normalize(new URL(request.url ?? '/', 'http://x').pathname).replace(/^\/+/, '')
      readFile(join(outDir, path === '' ? 'index.html' : path)).then(
        (body) => {
          response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'text/html' })
          response.end(body)
        },
        () => {
          response.writeHead(404).end()
        },
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    })
    try {
      const results: ChartBenchResult[] = []
      for (const locale of ['en-GB', 'ar-SA']) {
        const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
        await page.goto(`http://127.0.0.1:${port}/?points=${points}&runs=${runs}&locale=${locale}`)
        const result = await page.waitForFunction(
          () => (globalThis as { benchResult?: unknown }).benchResult,
          null,
          {
            timeout: 60_000,
          },
        )
        const value = (await result.jsonValue()) as { runs: number[] } | undefined
        const times = value?.runs ?? []
        results.push({ locale, points, runs: times, medianMs: median(times) })
        await page.close()
      }
      return results
    } finally {
      await browser.close()
      server.close()
    }
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
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
