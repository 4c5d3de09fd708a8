/**
 * Map render time (issue 24 figures): builds bench/map (the app's Leaflet layer on a page of its
 * own) and opens it in Debian's Chromium at a phone viewport: a raw map of `points` units
 * (clustered with supercluster), time from the answer in hand to the first frame with the
 * clusters on screen, then ten pans and zooms, each from the call to the frame after its redraw.
 * Above MAP_SEND_LIMIT points the answers are the server's clustered views (bench/map/main.ts).
 *
 *   node scripts/bench-map-render.ts [--points 100000] [--runs 3]
 *
 * Prints JSON: per run the first render and the frames; medians and the worst frame.
 */
import { parseArgs } from 'node:util'
import { median, withBenchPage } from './bench-page.ts'

const { values } = parseArgs({
  options: {
    points: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
  },
})
const points = Math.max(1000, Number(values.points) || 100_000)
const runs = Math.min(10, Math.max(1, Number(values.runs) || 3))

await withBenchPage('map', [], async (browser, origin) => {
  const results: { firstRenderMs: number; frames: number[]; byView: boolean }[] = []
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await page.goto(`${origin}/?points=${points}`)
    const handle = await page.waitForFunction(
      () => (globalThis as { mapBenchResult?: unknown }).mapBenchResult,
      null,
      { timeout: 120_000 },
    )
    results.push((await handle.jsonValue()) as (typeof results)[number])
    await page.close()
  }
  const frames = results.flatMap((r) => r.frames)
  const round = (ms: number) => Math.round(ms)
  console.log(
    JSON.stringify(
      {
        points,
        // Above MAP_SEND_LIMIT the app's server clusters and sends views: the page does the same.
        byView: results[0]?.byView ?? false,
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
})
