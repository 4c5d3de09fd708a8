/**
 * The JS weight of pages, measured one way for `npm run bench` and the size check of `npm test`
 * (tests/e2e/size-budget.spec.ts): every script a page loads in Chromium, with service workers
 * blocked (a network load, not the precache), until the network is idle, the page's h1 shows and
 * the page has settled (the dashboard: its first chart drawn); per file its gzip -9 size, bytes as
 * transferred and decoded.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { gzipSync, constants as zlib } from 'node:zlib'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test'

export type ScriptFile = {
  url: string
  encoding: string
  transferred: number
  bytes: number
  gzip: number
}
export type JsWeight = { files: ScriptFile[]; transferred: number; bytes: number; gzip: number }

/**
 * A page to measure: its path, or its path and what to wait for once its h1 shows (scripts that
 * load after the network first goes idle, such as the chart worker, which under load can start
 * more than 500 ms after the data arrived).
 */
export type JsWeightPage = string | { path: string; settled: (page: Page) => Promise<void> }

/**
 * Resolves once the page has drawn its first chart (MetricChart's `chart-render:<metric>`
 * measure): the chart worker (or the page's chart.js fallback) has loaded by then.
 */
export async function firstChartDrawn(page: Page, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline) {
    const drawn = await page.evaluate(() =>
      performance
        .getEntriesByType('measure')
        .some((entry) => entry.name.startsWith('chart-render:')),
    )
    if (drawn) return
    await sleep(50)
  }
  const heading = await page.locator('#root h1').first().textContent()
  throw new Error(
    `no chart drawn on ${page.url()} within ${timeoutMs / 1000} s (its h1: "${heading ?? ''}")`,
  )
}

/** A phone-sized context without service workers: every script comes over the network. */
export const JS_WEIGHT_CONTEXT: BrowserContextOptions = {
  serviceWorkers: 'block',
  viewport: { width: 412, height: 823 },
  isMobile: true,
}

export function gzipSize(data: Buffer): number {
  return gzipSync(data, { level: zlib.Z_BEST_COMPRESSION }).length
}

/** Every script response of one page load, until the network is idle and the page has settled. */
export async function scriptsOf(
  context: BrowserContext,
  url: string,
  settled?: (page: Page) => Promise<void>,
): Promise<JsWeight> {
  const page = await context.newPage()
  const pending: Promise<ScriptFile | null>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null)
        if (!body) return null
        const sizes = await response.request().sizes()
        return {
          url: new URL(response.url()).pathname,
          encoding: (await response.headerValue('content-encoding')) ?? 'identity',
          transferred: sizes.responseBodySize,
          bytes: body.length,
          gzip: gzipSize(body),
        }
      })(),
    )
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.locator('#root h1').first().waitFor()
  await settled?.(page)
  const files = (await Promise.all(pending)).filter((file): file is ScriptFile => file !== null)
  await page.close()
  files.sort((a, b) => b.gzip - a.gzip)
  const sum = (pick: (file: ScriptFile) => number) => files.reduce((n, file) => n + pick(file), 0)
  return {
    files,
    transferred: sum((f) => f.transferred),
    bytes: sum((f) => f.bytes),
    gzip: sum((f) => f.gzip),
  }
}

/**
 * JS weight of pages signed out (one context, in order: a later page may reuse the HTTP cache
 * of an earlier one, as a visitor's browser would) and signed in (a new context with the
 * signed-in cookie and an empty HTTP cache). `signIn` signs a page of the signed-out context in.
 */
export async function runJsWeight<Out extends string, In extends string>(
  browser: Browser,
  baseUrl: string,
  pages: { signedOut: Record<Out, JsWeightPage>; signedIn: Record<In, JsWeightPage> },
  signIn: (page: Page) => Promise<void>,
): Promise<Record<Out | In, JsWeight>> {
  const weights: Partial<Record<Out | In, JsWeight>> = {}
  const measure = (context: BrowserContext, page: JsWeightPage) =>
    typeof page === 'string'
      ? scriptsOf(context, `${baseUrl}${page}`)
      : scriptsOf(context, `${baseUrl}${page.path}`, page.settled)
  const signedOut = await browser.newContext(JS_WEIGHT_CONTEXT)
  let storageState: Awaited<ReturnType<BrowserContext['storageState']>>
  try {
    for (const [name, page] of Object.entries(pages.signedOut) as [Out, JsWeightPage][]) {
      weights[name] = await measure(signedOut, page)
    }
    const page = await signedOut.newPage()
    await signIn(page)
    storageState = await signedOut.storageState()
  } finally {
    await signedOut.close()
  }
  // A new context: same cookie, empty HTTP cache.
  const signedIn = await browser.newContext({ ...JS_WEIGHT_CONTEXT, storageState })
  try {
    for (const [name, page] of Object.entries(pages.signedIn) as [In, JsWeightPage][]) {
      weights[name] = await measure(signedIn, page)
    }
  } finally {
    await signedIn.close()
  }
  return weights as Record<Out | In, JsWeight>
}

/** "123.4 KB" (KiB, as the bench prints). */
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`

/** One line per file, heaviest first: path, gzip size, bytes transferred and encoding. */
export function fileTable(weight: JsWeight): string {
  return weight.files
    .map(
      (file) =>
        `  ${file.url.padEnd(52)} ${kb(file.gzip).padStart(9)} gz ${kb(file.transferred).padStart(9)} ${file.encoding}`,
    )
    .join('\n')
}
