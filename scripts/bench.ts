/**
 * `npm run bench`: front-end weight and speed of the PWA, on loopback only, bounded in time.
 *
 *   npm run bench [-- --runs 3] [--url http://127.0.0.1:8080] [--timeout 600] [--skip-lighthouse]
 *                 [--only-lighthouse [--pages dashboard,analytics]]
 *
 * Without --url (or BENCH_URL) it starts its own server through scripts/start.ts (which builds
 * dist/ when it is stale) on a free port with a throw-away DATA_DIR, and stops it at the end.
 * It measures, with Debian's Chromium:
 * - Lighthouse 13 (mobile form factor, default simulated throttling) on /login, signed out, and on
 *   the consumer dashboard, signed in (same Chrome profile, `disableStorageReset`, with the HTTP
 *   cache and the service worker cleared before each run so that it is a network load);
 * - the JS (scripts) /login and the dashboard load: per file, gzip -9 size and bytes as transferred;
 * - the service worker's precache (entries and bytes, from the manifest injected in /sw.js);
 * - offline warm start: after an online visit that installs the worker, the network is cut and
 *   the dashboard reloaded 5 times; time from navigation start to its h1 painted (median).
 * Writes bench-results/report.json and prints a table.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { assertLoopback, CHROMIUM_FLAGS, freePort, waitForHealth } from './bench-support.ts'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import { chromium, type Browser, type Page } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { DEMO_PASSWORD } from '../server/db/demo-accounts.ts'
import { benchChart, type ChartBenchResult } from './bench-chart.ts'
import { median } from './bench-page.ts'
import { compressDir } from './compress-dist.ts'
import {
  fileTable,
  firstChartDrawn,
  gzipSize,
  kb,
  runJsWeight,
  type JsWeight,
} from './js-weight.ts'

const ROOT = join(import.meta.dirname, '..')
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS]
const ACCOUNT = 'consumer@example.com'
/** The analyst's chart builder (issue 23: Lighthouse ≥ 90 performance, its JS over the dashboard's). */
const ANALYTICS = '/analytics'
const ANALYST = 'analyst@example.com'
const DASHBOARD = '/dashboard'
/** The Saudi study's sign-up (issue 5 figures): a volunteer's first page, signed out. */
const SIGNUP = '/signup/sa'
const WARM_START_RUNS = 5
/** Lighthouse's mobile CPU slowdown, applied to a second series of warm starts. */
const MOBILE_CPU_SLOWDOWN = 4
const GOALS = {
  performance: 95,
  analyticsPerformance: 90,
  accessibility: 100,
  loginJsGzipKb: 120,
  offlineWarmStartMs: 500,
  chartRenderMs: 50,
  metricResultsP99Ms: 20,
  unitSearchP99Ms: 30,
}
const CHART_POINTS = 10_000

/** What scripts/bench-unit-analytics.ts prints (the fields read here). */
type MetricResultsBench = {
  clients: number
  requests: number
  failures: number
  p50Ms: number
  p99Ms: number
  serialP99Ms: number
  requestsPerSecond: number
}

/** What scripts/bench-unit-search.ts prints (the fields read here). */
type UnitSearchBench = { panelUnits: number; worstP99Ms: number }

/** What scripts/bench-memory.ts prints (the fields read here). */
type MemoryBench = {
  settleSeconds: number
  idle: { totalMb: number; byRole: Record<string, number> }
  afterJourneys: {
    totalMb: number
    byRole: Record<string, number>
    journeysExitCode: number | null
  } | null
  goalMb: number
}

/** What scripts/bench-scanner.ts prints (the fields read here). */
type ScannerBench = {
  decode: { yPlane: { medianMs: number; p95Ms: number } }
  decodeMiss: { yPlane: { medianMs: number; p95Ms: number } }
  chunks: { totalGzipKb: number }
}

/**
 * Runs one of the benchmark scripts and parses the JSON object it prints last (the scripts print
 * progress on stderr, their report on stdout).
 */
async function runJsonScript<T>(script: string, args: string[]): Promise<T> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', script), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  running.add(child)
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const code = await new Promise<number | null>((done) => child.once('exit', done))
  running.delete(child)
  const start = out.indexOf('{')
  if (start < 0) throw new Error(`${script} exited ${String(code)} without a report`)
  return JSON.parse(out.slice(start)) as T
}

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.BENCH_URL },
    runs: { type: 'string', default: '3' },
    timeout: { type: 'string', default: '600' },
    'skip-lighthouse': { type: 'boolean', default: false },
    'only-lighthouse': { type: 'boolean', default: false },
    /** With --only-lighthouse: the pages to run (login, signup, dashboard, analytics). */
    pages: { type: 'string', default: 'login,signup,dashboard,analytics' },
    'skip-memory': { type: 'boolean', default: false },
    'skip-memory-e2e': { type: 'boolean', default: false },
  },
})
const lighthouseRuns = Math.min(9, Math.max(1, Number(values.runs) || 1))
const LIGHTHOUSE_PAGES = ['login', 'signup', 'dashboard', 'analytics'] as const
type LighthousePage = (typeof LIGHTHOUSE_PAGES)[number]
const lighthousePages = new Set(values.pages.split(',').map((page) => page.trim()))
for (const page of lighthousePages) {
  if (!(LIGHTHOUSE_PAGES as readonly string[]).includes(page)) {
    throw new Error(`--pages: no page "${page}" (${LIGHTHOUSE_PAGES.join(', ')})`)
  }
}
if (lighthousePages.size < LIGHTHOUSE_PAGES.length && !values['only-lighthouse']) {
  throw new Error('--pages goes with --only-lighthouse: the report needs every page')
}
/** The memory figure after the e2e journeys runs the whole Playwright suite: ~15 minutes more. */
const memoryJourneys = !values['skip-memory'] && !values['skip-memory-e2e']
const timeoutSeconds = Math.min(
  3600,
  Math.max(60, Number(values.timeout) || (memoryJourneys ? 2400 : 600)),
)

type WarmStart =
  | { available: false; reason: string }
  | {
      available: true
      runsMs: number[]
      medianMs: number
      throttledRunsMs: number[]
      throttledMedianMs: number
      /** Navigation start → the first chart drawn (the "first chart painted"). */
      chartRunsMs: number[]
      chartMedianMs: number
      throttledChartMedianMs: number
      heading: string
    }

/** Signs a demo account in through the login form and waits until the app has left /login. */
async function signIn(page: Page, baseUrl: string, account = ACCOUNT): Promise<void> {
  await page.goto(`${baseUrl}/login`)
  // The "What's new" dialog opens once after a sign-in; the figures are about the dashboard.
  await page.evaluate(() => {
    localStorage.setItem('wb.notifyUpdates', 'false')
  })
  await page.getByLabel('Email').fill(account)
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await page.locator('form button[type=submit]').click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 })
  await page.locator('#root h1').first().waitFor({ timeout: 30_000 })
}

/** The chart builder is up: its heading and its metric choice are on the page. */
async function builderReady(page: Page): Promise<void> {
  await page.locator('#root h1').first().waitFor({ timeout: 30_000 })
  await page.waitForLoadState('networkidle', { timeout: 30_000 })
}

/** The precache manifest that vite-plugin-pwa injected in /sw.js: unique URLs and their sizes. */
async function precacheOf(
  baseUrl: string,
): Promise<{ entries: number; bytes: number; gzip: number; missing: string[] } | null> {
  const response = await fetch(`${baseUrl}/sw.js`)
  const type = response.headers.get('content-type') ?? ''
  if (!response.ok || !type.includes('javascript')) return null
  const source = await response.text()
  const urls = new Set(
    [...source.matchAll(/\{"revision":(?:"[^"]*"|null),"url":"([^"]+)"\}/g)].map((m) => m[1] ?? ''),
  )
  let bytes = 0
  let gzip = 0
  const missing: string[] = []
  for (const url of urls) {
    const file = await fetch(new URL(url, `${baseUrl}/`))
    if (!file.ok) {
      missing.push(url)
      continue
    }
    const body = Buffer.from(await file.arrayBuffer())
    bytes += body.length
    gzip += gzipSize(body)
  }
  return { entries: urls.size, bytes, gzip, missing }
}

type LighthouseRun = {
  version: string
  finalUrl: string
  performance: number | null
  accessibility: number | null
  bestPractices: number | null
  lcpMs: number | null
  tbtMs: number | null
  cls: number | null
  fcpMs: number | null
  failedAudits: string[]
}

/** The median of a page's runs, with what the report adds around it. */
type LighthouseFigures = LighthouseRun & {
  url: string
  runs: number
  allRuns: { performance: number | null; lcpMs: number | null }[]
}

async function lighthouseOnce(
  url: string,
  port: number,
  keepStorage: boolean,
): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: keepStorage,
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
  // BENCH_LHR_DIR keeps every run's whole report, to read the diagnostics the table leaves out.
  const lhrDir = process.env.BENCH_LHR_DIR
  if (lhrDir) {
    await mkdir(lhrDir, { recursive: true })
    const name = new URL(url).pathname.replaceAll('/', '_') || '_'
    await writeFile(join(lhrDir, `${name}-${Date.now()}.json`), JSON.stringify(lhr))
  }
  const score = (id: string) => {
    const value = lhr.categories[id]?.score
    return typeof value === 'number' ? Math.round(value * 100) : null
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null
  const failedAudits = Object.values(lhr.categories)
    .flatMap((category) => category.auditRefs)
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 0.9)
    .map((audit) => audit?.id ?? '')
  return {
    version: lhr.lighthouseVersion,
    finalUrl: new URL(lhr.finalDisplayedUrl).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    failedAudits: [...new Set(failedAudits)],
  }
}

/** Lighthouse's own advice for a trace it failed to record: run it again (at most twice more). */
const TRACE_ERRORS = /NO_NAVSTART|NO_FCP|NO_TRACING_STARTED|TRACE/

async function lighthouseRetrying(
  url: string,
  port: number,
  before: (() => Promise<void>) | null,
): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    if (before) await before()
    try {
      return await lighthouseOnce(url, port, before !== null)
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !TRACE_ERRORS.test(error.message))
        throw error
      console.error(`${url}: ${error.message}; running it again`)
    }
  }
}

/** Runs Lighthouse `runs` times and keeps the run with the median performance score. */
async function lighthouseMedian(
  url: string,
  port: number,
  runs: number,
  before: (() => Promise<void>) | null,
): Promise<LighthouseFigures> {
  const results: LighthouseRun[] = []
  for (let i = 0; i < runs; i += 1) {
    results.push(await lighthouseRetrying(url, port, before))
  }
  const sorted = [...results].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1))
  const chosen = sorted[Math.floor((sorted.length - 1) / 2)]
  if (!chosen) throw new Error('no Lighthouse run')
  return {
    url: new URL(url).pathname,
    runs,
    ...chosen,
    allRuns: results.map((r) => ({ performance: r.performance, lcpMs: r.lcpMs })),
  }
}

/**
 * Lighthouse on /login and the Saudi sign-up signed out, then on the dashboard signed in (the
 * consumer), then on the chart builder signed in as the analyst.
 */
async function runLighthouse(
  baseUrl: string,
  profileDir: string,
): Promise<Partial<Record<LighthousePage, LighthouseFigures>>> {
  await mkdir(profileDir, { recursive: true })
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    userDataDir: profileDir,
    logLevel: 'silent',
  })
  running.add(chrome)
  let browser: Browser | null = null
  try {
    const figures: Partial<Record<LighthousePage, LighthouseFigures>> = {}
    if (lighthousePages.has('login')) {
      figures.login = await lighthouseMedian(`${baseUrl}/login`, chrome.port, lighthouseRuns, null)
    }
    if (lighthousePages.has('signup')) {
      figures.signup = await lighthouseMedian(
        `${baseUrl}${SIGNUP}`,
        chrome.port,
        lighthouseRuns,
        null,
      )
    }
    if (!lighthousePages.has('dashboard') && !lighthousePages.has('analytics')) return figures

    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
    const context = browser.contexts()[0]
    if (!context) throw new Error('the Chrome profile has no browser context')
    const page = await context.newPage()
    await signIn(page, baseUrl)
    const cdp = await context.newCDPSession(page)
    // Keep what signing in stored (cookie, local storage, IndexedDB) but load the app from the
    // network each run: the warm, service-worker case is the offline warm start's.
    const clearCaches = async () => {
      await cdp.send('Network.clearBrowserCache')
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(baseUrl).origin,
        storageTypes: 'service_workers,cache_storage',
      })
    }
    if (lighthousePages.has('dashboard')) {
      figures.dashboard = await lighthouseMedian(
        `${baseUrl}${DASHBOARD}`,
        chrome.port,
        lighthouseRuns,
        clearCaches,
      )
    }
    if (!lighthousePages.has('analytics')) return figures
    // The analyst: everything of the consumer's session dropped, then signed in afresh.
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(baseUrl).origin,
      storageTypes: 'all',
    })
    await context.clearCookies()
    await signIn(page, baseUrl, ANALYST)
    figures.analytics = await lighthouseMedian(
      `${baseUrl}${ANALYTICS}`,
      chrome.port,
      lighthouseRuns,
      clearCaches,
    )
    return figures
  } finally {
    await browser?.close().catch(() => undefined)
    chrome.kill()
    running.delete(chrome)
  }
}

/** The figures of every page (the report has them all: `--pages` goes with --only-lighthouse). */
function everyPage(
  figures: Partial<Record<LighthousePage, LighthouseFigures>>,
): Record<LighthousePage, LighthouseFigures> {
  const { login, signup, dashboard, analytics } = figures
  if (!login || !signup || !dashboard || !analytics) throw new Error('a Lighthouse page is missing')
  return { login, signup, dashboard, analytics }
}

/** Milliseconds from navigation start to the first paint of a non-empty `#root h1`. */
const HEADING_PAINT_PROBE = `(() => {
  const painted = () => {
    requestAnimationFrame(() => {
      // The frame after the one that showed the heading: it has been painted by now.
      const channel = new MessageChannel()
      channel.port1.onmessage = () => { window.__wbHeadingPaintedMs = performance.now() }
      channel.port2.postMessage(null)
    })
  }
  const check = () => {
    const heading = document.querySelector('#root h1')
    if (heading && heading.textContent.trim()) {
      observer.disconnect()
      window.__wbHeading = heading.textContent.trim()
      painted()
    }
  }
  const observer = new MutationObserver(check)
  observer.observe(document, { childList: true, subtree: true, characterData: true })
})()`

/**
 * Milliseconds from navigation start to the end of the first chart's first draw: the dashboard's
 * charts measure `chart-render:<metric>` from mount to chart.js's first render.
 */
const CHART_PAINT_PROBE = `(() => {
  new PerformanceObserver((list, observer) => {
    const first = list.getEntries().find((entry) => entry.name.startsWith('chart-render:') && !entry.name.endsWith(':start'))
    if (!first) return
    observer.disconnect()
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => { window.__wbChartPaintedMs = performance.now() }
      channel.port2.postMessage(null)
    })
  }).observe({ type: 'measure', buffered: true })
})()`

async function chartPaintMs(page: Page): Promise<number> {
  for (let i = 0; i < 1500; i += 1) {
    const ms = await page.evaluate<unknown>('window.__wbChartPaintedMs')
    if (typeof ms === 'number') return ms
    await sleep(20)
  }
  throw new Error(`no chart drawn on ${page.url()} within 30 s`)
}

async function headingPaintMs(page: Page): Promise<{ ms: number; heading: string }> {
  // Polled with evaluate: waitForFunction with a string needs eval, which the app's CSP forbids.
  // The time itself is taken in the page, so the polling interval does not count.
  for (let i = 0; i < 1000; i += 1) {
    const result = await page.evaluate<{ ms: unknown; heading: unknown }>(
      '({ ms: window.__wbHeadingPaintedMs, heading: window.__wbHeading })',
    )
    if (typeof result.ms === 'number') return { ms: result.ms, heading: String(result.heading) }
    await sleep(20)
  }
  throw new Error(`no h1 painted on ${page.url()} within 20 s`)
}

/** Offline warm start of the dashboard through the service worker; null when there is none. */
async function runWarmStart(browser: Browser, baseUrl: string): Promise<WarmStart> {
  const context = await browser.newContext({
    serviceWorkers: 'allow',
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  })
  try {
    await context.addInitScript(HEADING_PAINT_PROBE)
    await context.addInitScript(CHART_PAINT_PROBE)
    const page = await context.newPage()
    await signIn(page, baseUrl)
    await page.goto(`${baseUrl}${DASHBOARD}`)
    await headingPaintMs(page)
    const state = async () =>
      page.evaluate<string>(`navigator.serviceWorker.getRegistration().then((r) =>
        !r ? 'none' : (r.active ? r.active.state : r.installing || r.waiting ? 'installing' : 'none'))`)
    let status = await state()
    // Registration can wait for the load event and idle time; give it a few seconds.
    for (let i = 0; i < 100 && status !== 'activated'; i += 1) {
      if (status === 'none' && i >= 50) break
      await sleep(100)
      status = await state()
    }
    if (status !== 'activated') {
      return {
        available: false,
        reason:
          status === 'none'
            ? 'the app registers no service worker (yet): no offline start to time'
            : `the service worker did not activate (state: ${status})`,
      }
    }
    // A worker that does not claim open pages controls them from the next load on.
    await page.reload()
    await headingPaintMs(page)
    await context.setOffline(true)
    const cdp = await context.newCDPSession(page)
    const series = async (slowdown: number) => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
      const runs: number[] = []
      const chartRuns: number[] = []
      let heading = ''
      for (let i = 0; i < WARM_START_RUNS; i += 1) {
        await page.reload()
        const result = await headingPaintMs(page)
        heading = result.heading
        runs.push(Math.round(result.ms))
        chartRuns.push(Math.round(await chartPaintMs(page)))
      }
      return { runs, chartRuns, heading }
    }
    const fast = await series(1)
    const slow = await series(MOBILE_CPU_SLOWDOWN)
    const controlled = await page.evaluate<boolean>('navigator.serviceWorker.controller !== null')
    if (!controlled) {
      return { available: false, reason: 'the page loaded offline without a controlling worker' }
    }
    return {
      available: true,
      runsMs: fast.runs,
      medianMs: median(fast.runs),
      throttledRunsMs: slow.runs,
      throttledMedianMs: median(slow.runs),
      chartRunsMs: fast.chartRuns,
      chartMedianMs: median(fast.chartRuns),
      throttledChartMedianMs: median(slow.chartRuns),
      heading: fast.heading,
    }
  } finally {
    await context.close()
  }
}

const fixed = (value: number | null, digits = 0) => (value === null ? '–' : value.toFixed(digits))
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED')

function printReport(report: Report): void {
  const lines: string[] = [`Whitebox bench — ${report.date} — ${report.baseUrl}`, '']
  if (report.lighthouse) {
    lines.push(
      `Lighthouse ${report.lighthouseVersion} (mobile, simulated throttling, median of ${lighthouseRuns} by performance)`,
      'page        perf  a11y  best-pr   LCP ms   TBT ms    CLS     FCP ms',
    )
    for (const figures of Object.values(report.lighthouse)) {
      lines.push(
        `${figures.url.padEnd(10)} ${fixed(figures.performance).padStart(5)} ${fixed(figures.accessibility).padStart(5)} ${fixed(figures.bestPractices).padStart(8)} ${fixed(figures.lcpMs).padStart(8)} ${fixed(figures.tbtMs).padStart(8)} ${fixed(figures.cls, 3).padStart(6)} ${fixed(figures.fcpMs).padStart(10)}`,
      )
      if (figures.failedAudits.length)
        lines.push(`           below 90: ${figures.failedAudits.join(', ')}`)
    }
    lines.push('')
  }
  for (const [name, weight] of Object.entries(report.js)) {
    lines.push(
      `JS loaded by ${name}: ${weight.files.length} files, ${kb(weight.gzip)} gzip, ${kb(weight.transferred)} transferred, ${kb(weight.bytes)} decoded`,
    )
    if (weight.files.length) lines.push(fileTable(weight))
  }
  lines.push('')
  lines.push(
    report.precache
      ? `Precache: ${report.precache.entries} entries, ${kb(report.precache.bytes)} (${kb(report.precache.gzip)} gzip)` +
          (report.precache.missing.length ? `; missing: ${report.precache.missing.join(', ')}` : '')
      : 'Precache: no /sw.js in this build',
  )
  const warm = report.offlineWarmStart
  lines.push(
    warm.available
      ? `Offline warm start (${DASHBOARD}, h1 painted): median ${warm.medianMs} ms [${warm.runsMs.join(', ')}]; at ${MOBILE_CPU_SLOWDOWN}x CPU slowdown ${warm.throttledMedianMs} ms [${warm.throttledRunsMs.join(', ')}]`
      : `Offline warm start: not measured — ${warm.reason}`,
  )
  lines.push('', 'Goals:')
  for (const goal of report.goals) lines.push(`  ${goal.goal}: ${goal.value} — ${goal.status}`)
  lines.push('', `Report: bench-results/report.json (${report.seconds.toFixed(0)} s)`)
  console.log(lines.join('\n'))
}

type Report = {
  date: string
  baseUrl: string
  seconds: number
  chromium: string
  lighthouseVersion: string | null
  lighthouse: {
    login: LighthouseFigures
    signup: LighthouseFigures
    dashboard: LighthouseFigures
    analytics: LighthouseFigures
  } | null
  js: { login: JsWeight; signup: JsWeight; dashboard: JsWeight; analytics: JsWeight }
  precache: Awaited<ReturnType<typeof precacheOf>>
  offlineWarmStart: WarmStart
  /** TimeSeriesChart, 10,000 points, mount to first draw (en-GB and ar-SA). */
  chartRender: ChartBenchResult[]
  metricResults: MetricResultsBench
  unitSearch: UnitSearchBench | null
  scanner: ScannerBench
  /** PSS of a fresh `npm start` tree, idle and after the e2e journeys (null: --skip-memory). */
  memory: MemoryBench | null
  /** 1-minute load average at the start and the end: Lighthouse's TBT rises with it. */
  load: { cores: number; start: number; end: number }
  notes: string[]
  goals: { goal: string; value: string; status: 'met' | 'MISSED' | 'not measured' }[]
}

function goalsOf(report: Omit<Report, 'goals'>): Report['goals'] {
  const goals: Report['goals'] = []
  const lh = report.lighthouse
  for (const figures of lh ? [lh.login, lh.signup, lh.dashboard, lh.analytics] : []) {
    const goal = figures === lh?.analytics ? GOALS.analyticsPerformance : GOALS.performance
    goals.push({
      goal: `Lighthouse performance ≥ ${goal} on ${figures.url}`,
      value: fixed(figures.performance),
      status: verdict((figures.performance ?? 0) >= goal),
    })
    goals.push({
      goal: `Lighthouse accessibility = ${GOALS.accessibility} on ${figures.url}`,
      value: fixed(figures.accessibility),
      status: verdict((figures.accessibility ?? 0) >= GOALS.accessibility),
    })
  }
  goals.push({
    goal: `/login JS ≤ ${GOALS.loginJsGzipKb} KB gzip`,
    value: kb(report.js.login.gzip),
    status: verdict(report.js.login.gzip <= GOALS.loginJsGzipKb * 1024),
  })
  goals.push({
    goal: `${SIGNUP} JS (gzip), no goal`,
    value: kb(report.js.signup.gzip),
    status: 'met',
  })
  goals.push({
    goal: `dashboard route JS (gzip), no goal`,
    value: kb(report.js.dashboard.gzip),
    status: 'met',
  })
  goals.push({
    goal: `${ANALYTICS} (analyst) JS (gzip), no goal: its cost over the dashboard's`,
    value: `${kb(report.js.analytics.gzip)} (${report.js.analytics.gzip >= report.js.dashboard.gzip ? '+' : '−'}${kb(Math.abs(report.js.analytics.gzip - report.js.dashboard.gzip))})`,
    status: 'met',
  })
  for (const chart of report.chartRender) {
    goals.push({
      goal: `${String(CHART_POINTS)}-point chart render ≤ ${GOALS.chartRenderMs} ms (${chart.locale}, median)`,
      value: `${chart.medianMs.toFixed(1)} ms`,
      status: verdict(chart.medianMs <= GOALS.chartRenderMs),
    })
  }
  const mr = report.metricResults
  goals.push({
    goal: `metric_results one unit × one month hourly, ${String(mr.clients)} clients: p99 ≤ ${GOALS.metricResultsP99Ms} ms`,
    value: `p50 ${String(mr.p50Ms)} ms, p99 ${String(mr.p99Ms)} ms, ${String(mr.requestsPerSecond)} req/s, ${String(mr.failures)} failed`,
    status: verdict(mr.p99Ms <= GOALS.metricResultsP99Ms && mr.failures === 0),
  })
  if (report.unitSearch) {
    goals.push({
      goal: `unit search and agents pages over ${String(report.unitSearch.panelUnits)} panel units: p99 ≤ ${GOALS.unitSearchP99Ms} ms (worst of concurrency 1 and 10)`,
      value: `${report.unitSearch.worstP99Ms.toFixed(1)} ms`,
      status: verdict(report.unitSearch.worstP99Ms <= GOALS.unitSearchP99Ms),
    })
  }
  const scan = report.scanner
  goals.push({
    goal: 'scanner: Code 128 decode per frame on the region crop (read / no code), no goal',
    value: `${scan.decode.yPlane.medianMs.toFixed(2)} ms median, ${scan.decode.yPlane.p95Ms.toFixed(2)} ms p95 / ${scan.decodeMiss.yPlane.medianMs.toFixed(1)} ms median`,
    status: 'met',
  })
  goals.push({
    goal: 'scanner chunks (UI + ZXing) gzip, no goal',
    value: `${scan.chunks.totalGzipKb.toFixed(1)} KB`,
    status: 'met',
  })
  const memory = report.memory
  if (memory) {
    const roles = (byRole: Record<string, number>) =>
      Object.entries(byRole)
        .map(([role, megabytes]) => `${role} ${megabytes.toFixed(0)}`)
        .join(', ')
    goals.push({
      goal: `npm start tree ≤ ${String(memory.goalMb)} MB PSS, ${String(memory.settleSeconds)} s after it answers`,
      value: `${memory.idle.totalMb.toFixed(0)} MB (${roles(memory.idle.byRole)})`,
      status: verdict(memory.idle.totalMb <= memory.goalMb),
    })
    const after = memory.afterJourneys
    goals.push(
      after
        ? {
            goal: `npm start tree ≤ ${String(memory.goalMb)} MB PSS after the e2e journeys`,
            value: `${after.totalMb.toFixed(0)} MB (${roles(after.byRole)}; journeys exit ${String(after.journeysExitCode)})`,
            status: verdict(after.totalMb <= memory.goalMb),
          }
        : {
            goal: `npm start tree ≤ ${String(memory.goalMb)} MB PSS after the e2e journeys`,
            value: '–',
            status: 'not measured',
          },
    )
  }
  const warm = report.offlineWarmStart
  goals.push(
    warm.available
      ? {
          goal: `offline warm start to the first chart ≤ ${GOALS.offlineWarmStartMs} ms`,
          value: `${warm.chartMedianMs} ms (${warm.throttledChartMedianMs} ms at ${MOBILE_CPU_SLOWDOWN}x CPU; heading ${warm.medianMs} ms)`,
          status: verdict(warm.chartMedianMs <= GOALS.offlineWarmStartMs),
        }
      : {
          goal: `offline warm start ≤ ${GOALS.offlineWarmStartMs} ms`,
          value: '–',
          status: 'not measured',
        },
  )
  return goals
}

/** Stops the server this script started, if it still runs (SIGTERM, 15 s at most). */
async function stopServer(): Promise<void> {
  if (!server || server.exitCode !== null) return
  const exited = new Promise((resolve) => server?.once('exit', resolve))
  server.kill('SIGTERM')
  await Promise.race([exited, sleep(15_000)])
}

const started = performance.now()
const loadAtStart = loadavg()[0] ?? 0
let server: ChildProcess | null = null
let workDir: string | null = null
let benchDataDir: string | null = null
let baseUrl = values.url ?? ''
/** Processes to stop if the run goes over its time (Playwright stops its own browsers on exit). */
const running = new Set<{ kill: () => unknown }>()
const deadline = setTimeout(() => {
  console.error(`bench: over ${timeoutSeconds} s, stopping`)
  for (const child of running) child.kill()
  server?.kill('SIGTERM')
  process.exitCode = 1
  setTimeout(() => process.exit(1), 10_000).unref()
}, timeoutSeconds * 1000)
deadline.unref()

try {
  workDir = await mkdtemp(join(tmpdir(), 'wb-bench-'))
  if (baseUrl) {
    baseUrl = baseUrl.replace(/\/+$/, '')
    assertLoopback(baseUrl)
  } else {
    const dataDir = join(workDir, 'data')
    benchDataDir = dataDir
    await mkdir(dataDir)
    // Run as root, PostgreSQL runs as the postgres user and must reach its data folder.
    await chmod(workDir, 0o755)
    await chmod(dataDir, 0o755)
    const port = await freePort()
    baseUrl = `http://127.0.0.1:${port}`
    server = spawn(process.execPath, [join(ROOT, 'scripts', 'start.ts')], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
    })
    // start.ts may build the PWA first: allow for it.
    await waitForHealth(baseUrl, server, 240_000)
  }

  const notes: string[] = []
  if (server) {
    // A dist/ built before compress-dist joined the build: compress it now (the server reads
    // the files on each request).
    const staticDir = resolve(ROOT, process.env.STATIC_DIR ?? 'dist')
    if (!existsSync(join(staticDir, 'index.html.gz'))) {
      await compressDir(staticDir)
      notes.push(`${staticDir} had no compressed files: compressed it before measuring`)
    }
  }
  const lighthouseFigures = values['skip-lighthouse']
    ? null
    : await runLighthouse(baseUrl, join(workDir, 'chrome-profile'))
  if (values['only-lighthouse']) {
    // A quick look while working on page speed: the Lighthouse figures only, no report file.
    for (const figures of Object.values(lighthouseFigures ?? {})) {
      const runs = figures.allRuns.map((run) => run.performance).join(', ')
      console.log(
        `${figures.url.padEnd(12)} perf ${figures.performance} [${runs}] LCP ${Math.round(figures.lcpMs ?? 0)} ` +
          `TBT ${Math.round(figures.tbtMs ?? 0)} FCP ${Math.round(figures.fcpMs ?? 0)}`,
      )
    }
    clearTimeout(deadline)
    await stopServer()
    await rm(workDir, { recursive: true, force: true })
    process.exit(0)
  }
  const lighthouseReport = lighthouseFigures && everyPage(lighthouseFigures)
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
  let js: Report['js']
  let offlineWarmStart: WarmStart
  let chromiumVersion: string
  try {
    chromiumVersion = browser.version()
    // /login and the sign-up signed out, the dashboard signed in with its first chart drawn
    // (js-weight.ts, as the size check of `npm test` measures).
    const visitor = await runJsWeight(
      browser,
      baseUrl,
      {
        signedOut: { login: '/login', signup: SIGNUP },
        signedIn: { dashboard: { path: DASHBOARD, settled: firstChartDrawn } },
      },
      (page) => signIn(page, baseUrl),
    )
    const analyst = await runJsWeight(
      browser,
      baseUrl,
      {
        signedOut: {},
        signedIn: { analytics: { path: ANALYTICS, settled: builderReady } },
      },
      (page) => signIn(page, baseUrl, ANALYST),
    )
    js = { ...visitor, ...analyst }
    offlineWarmStart = await runWarmStart(browser, baseUrl)
  } finally {
    await browser.close()
  }
  const precache = await precacheOf(baseUrl)
  const chartRender = await benchChart(CHART_POINTS, 9)
  const metricResults = await runJsonScript<MetricResultsBench>('bench-unit-analytics.ts', [
    '--url',
    baseUrl,
  ])
  // Last: it adds 10,000 units to panel 3 of the database being measured.
  const unitSearch = benchDataDir
    ? await runJsonScript<UnitSearchBench>('bench-unit-search.ts', [
        '--url',
        baseUrl,
        '--data-dir',
        benchDataDir,
      ])
    : null
  if (!unitSearch) notes.push('unit search not measured: it needs the server this script starts')
  const scanner = await runJsonScript<ScannerBench>('bench-scanner.ts', [
    '--dist',
    resolve(ROOT, process.env.STATIC_DIR ?? 'dist'),
  ])
  // Last, with this script's own server stopped: it measures a fresh `npm start` tree by itself.
  await stopServer()
  const memory = values['skip-memory']
    ? null
    : await runJsonScript<MemoryBench>('bench-memory.ts', memoryJourneys ? [] : ['--skip-e2e'])
  const dashboardHeading = offlineWarmStart.available ? offlineWarmStart.heading : null
  if (dashboardHeading) notes.push(`${DASHBOARD} measured with heading "${dashboardHeading}"`)
  if (!js.login.files.some((file) => file.encoding !== 'identity')) {
    notes.push('scripts were sent uncompressed: run `npm run build` (compress-dist) first')
  }
  const lighthouseVersion = lighthouseReport?.login.version ?? null
  const load = { cores: availableParallelism(), start: loadAtStart, end: loadavg()[0] ?? 0 }
  if (Math.max(load.start, load.end) > load.cores) {
    notes.push(
      `the machine was busy (load ${load.start.toFixed(1)} -> ${load.end.toFixed(1)} on ${load.cores} cores): ` +
        'Lighthouse TBT and performance read worse than on an idle machine',
    )
  }
  for (const figures of lighthouseReport ? Object.values(lighthouseReport) : []) {
    if (figures.finalUrl !== figures.url) {
      notes.push(`Lighthouse on ${figures.url} ended on ${figures.finalUrl}`)
    }
  }
  const partial = {
    date: new Date().toISOString(),
    baseUrl,
    seconds: (performance.now() - started) / 1000,
    chromium: chromiumVersion,
    lighthouseVersion,
    lighthouse: lighthouseReport,
    js,
    precache,
    offlineWarmStart,
    chartRender,
    metricResults,
    unitSearch,
    scanner,
    memory,
    load,
    notes,
  }
  const report: Report = { ...partial, goals: goalsOf(partial) }
  await mkdir(join(ROOT, 'bench-results'), { recursive: true })
  await writeFile(
    join(ROOT, 'bench-results', 'report.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  )
  printReport(report)
  for (const note of notes) console.log(`note: ${note}`)
} finally {
  clearTimeout(deadline)
  await stopServer()
  if (workDir) await rm(workDir, { recursive: true, force: true })
}
