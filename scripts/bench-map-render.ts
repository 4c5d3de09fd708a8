/**
 * Map render time (issue 24 figures): builds bench/map (the app's Leaflet layer on a page of its
 * own) and opens it in Debian's Chromium at a phone viewport: a raw map of `points` units
 * (clustered with supercluster), time from the answer in hand to the first frame with the
 * clusters on screen, then ten pans and zooms, each from the call to the frame after its redraw.
 *
 *   node scripts/bench-map-render.ts [--points 100000] [--runs 3]
 *
 * Prints JSON: per run the first render and the frames; medians and the worst frame.
 */
import { createServer } from 'node:http'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { build } from 'vite'
import { CHROMIUM_FLAGS } from './bench-support.ts'

const ROOT = join(import.meta.dirname, '..')
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
}

const { values } = parseArgs({
  options: {
    points: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
  },
})
const points = Math.max(1000, Number(values.points) || 100_000)
const runs = Math.min(10, Math.max(1, Number(values.runs) || 3))

const median = (list: readonly number[]) => {
  const sorted = list.toSorted((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

const outDir = await mkdtemp(join(tmpdir(), 'wb-map-bench-'))
try {
  await build({
    root: join(ROOT, 'bench/map'),
    configFile: false,
    logLevel: 'warn',
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
    const results: { firstRenderMs: number; frames: number[] }[] = []
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
      await page.goto(`http://127.0.0.1:${port}/?points=${points}`)
      const handle = await page.waitForFunction(
        () => (globalThis as { mapBenchResult?: unknown }).mapBenchResult,
        null,
        { timeout: 120_000 },
      )
      results.push((await handle.jsonValue()) as { firstRenderMs: number; frames: number[] })
      await page.close()
    }
    const frames = results.flatMap((r) => r.frames)
    const round = (ms: number) => Math.round(ms)
    console.log(
      JSON.stringify(
        {
          points,
          runs: results.map((r) => ({
            firstRenderMs: round(r.firstRenderMs),
            frames: r.frames.map(round),
          })),
          firstRenderMedianMs: round(median(results.map((r) => r.firstRenderMs))),
          frameMedianMs: round(median(frames)),
          frameWorstMs: round(Math.max(...frames)),
        },
        null,
        2,
      ),
    )
  } finally {
    await browser.close()
    server.close()
  }
} finally {
  await rm(outDir, { recursive: true, force: true })
}
