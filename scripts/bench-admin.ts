/**
 * Admin agents search latency (issue 25 figure: p99 ≤ 50 ms over a 2,000-unit panel), on
 * loopback only.
 *
 *   node scripts/bench-admin.ts [--requests 600] [--panel 6] [--url URL]
 *
 * Without --url it starts a throw-away server (temporary DATA_DIR, its own embedded PostgreSQL,
 * the full demo seed: panel 6 holds the 2,000-unit benchmark fleet) and reports how long that
 * start took. Signed in as staff (a developer passes the admin permissions on every panel), it
 * first reads the panel's agents (ids, MACs, owners' emails), then measures at concurrency 1 and
 * 4 a deterministic mix (seeded PRNG) of GET /api/admin/panels/{pid}/agents as the admin's
 * agents table sends them:
 *   - pages (50 a page) at random pages under each sort of the table, ascending and descending,
 *     with include=lmap_config (half of them);
 *   - the search row's filters: an agent id, a MAC written with colons, hyphens or none, an
 *     owner's email in any case, and one filter in ten naming nothing of this panel (empty).
 * Then the metadata CSV upload (issue 25 figure: 10,000 rows ≤ 10 s with the preview): the panel is
 * topped up to --csv-rows units (own server only: straight into its PostgreSQL), four fields of
 * each format are created, and a file as a spreadsheet saves it (UTF-8 BOM, `;` delimiters, CRLF,
 * quoted text) with one row per unit is sent as the admin's card sends it: the preview (dry run),
 * then the apply, --csv-runs times with new values each run. Each apply is checked in the database
 * (every unit holds the run's values) when the bench owns it. With a built app (dist/) the same is
 * done as the panel administrator in Chromium at 390×844, file chosen to "… units updated.".
 * Prints one JSON object (p50, p90, p99, max per concurrency and per kind, CPU per request of the
 * server and its PostgreSQL; the CSV runs' preview, apply and total ms) and writes
 * bench-results/admin.json; exits 1 when a request failed or a check did not hold.
 */
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { ADMIN_AGENT_SORT_FIELDS, type MetadataField } from '../contracts/admin.ts'
import { createPool } from '../server/db/client.ts'
import { DEMO_PASSWORD } from '../server/db/demo-accounts.ts'
import { findRunningEmbedded } from '../server/db/embedded.ts'
import { mulberry32 } from '../server/db/synthetic/prng.ts'
import {
  assertLoopback,
  BROWSER_ACCEPT_ENCODING,
  benchSignIn,
  CHROMIUM_FLAGS,
  keepAliveClient,
  loadRun,
  type KeepAliveClient,
  percentile,
  startBenchServer,
  treeCpuSeconds,
  type BenchServer,
} from './bench-support.ts'

const GOAL_P99_MS = 50
const GOAL_CSV_MS = 10_000
const CONCURRENCY = [1, 4] as const

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '600' },
    panel: { type: 'string', default: '6' },
    url: { type: 'string' },
    'csv-rows': { type: 'string', default: '10000' },
    'csv-runs': { type: 'string', default: '3' },
  },
})
const requests = Math.min(20_000, Math.max(50, Number(values.requests) || 600))
const panel = Number(values.panel) || 6
const csvRows = Math.min(20_000, Math.max(1, Number(values['csv-rows']) || 10_000))
const csvRuns = Math.min(10, Math.max(1, Number(values['csv-runs']) || 3))

type Agent = { agent_id: number; mac: string; email: string | null }
type Kind = 'page' | 'id' | 'mac' | 'email' | 'miss'

const stats = (latencies: readonly number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b)
  const round = (value: number) => Math.round(value * 10) / 10
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  }
}

/** A MAC as people type it: colons, hyphens, or bare hex. */
function macAs(mac: string, style: number): string {
  const hex = mac.replace(/[^0-9a-f]/gi, '')
  const pairs = hex.match(/../g) ?? []
  if (style === 0) return pairs.join(':')
  if (style === 1) return pairs.join('-').toUpperCase()
  return hex
}

/** The CSV bench's fields, one of each format: key → format. */
const CSV_FIELDS = [
  ['bench_site', 'text'],
  ['bench_floor', 'number'],
  ['bench_installed', 'date'],
  ['bench_managed', 'boolean'],
] as const satisfies readonly (readonly [string, MetadataField['format']])[]

/** Run `run`'s values of unit `id`, the same on the client and in the database check. */
function csvValues(run: number, id: number): [string, string, string, string] {
  const day = String(1 + ((id + run) % 28)).padStart(2, '0')
  return [
    `Site ${run}-${id}; "north"`,
    String((id * 7 + run) % 40),
    `2026-0${1 + (run % 9)}-${day}`,
    String((id + run) % 2 === 0),
  ]
}

/** A spreadsheet's CSV: UTF-8 BOM, `;` delimiters, CRLF, text quoted with its quotes doubled. */
function spreadsheetCsv(run: number, unitIds: readonly number[]): string {
  const quote = (cell: string) => (/[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)
  const lines = [['unit_id', ...CSV_FIELDS.map(([key]) => key)].join(';')]
  for (const id of unitIds) lines.push([String(id), ...csvValues(run, id)].map(quote).join(';'))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

/** Adds units to `pid` until it has `count` (straight into the bench's own database). */
async function topUpPanel(databaseUrl: string, pid: number, count: number): Promise<number> {
  const pool = createPool(databaseUrl, 1)
  try {
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM units WHERE panel_id = $1',
      [pid],
    )
    const missing = count - (rows[0]?.n ?? 0)
    if (missing <= 0) return 0
    await pool.query(
      `WITH ids AS (
         SELECT nextval(pg_get_serial_sequence('units', 'id'))::int AS id FROM generate_series(1, $2)
       ), added AS (
         INSERT INTO units (id, mac, label, serial_number, panel_id, environment)
         SELECT id,
                concat_ws(':', '02', 'cb', lpad(to_hex((id >> 24) & 255), 2, '0'),
                          lpad(to_hex((id >> 16) & 255), 2, '0'), lpad(to_hex((id >> 8) & 255), 2, '0'),
                          lpad(to_hex(id & 255), 2, '0')),
                'CSV bench unit ' || id, 'WB' || lpad(id::text, 8, '0'), $1,
                '{"connection": "fibre"}'::jsonb
         FROM ids RETURNING id
       )
       INSERT INTO unit_attributes (unit_id, technology) SELECT id, 'fibre' FROM added`,
      [pid, missing],
    )
    return missing
  } finally {
    await pool.end()
  }
}

/** The first `count` units of `pid`, by id. */
async function panelUnits(databaseUrl: string, pid: number, count: number): Promise<number[]> {
  const pool = createPool(databaseUrl, 1)
  try {
    const { rows } = await pool.query<{ id: number }>(
      'SELECT id FROM units WHERE panel_id = $1 ORDER BY id LIMIT $2',
      [pid, count],
    )
    return rows.map((row) => row.id)
  } finally {
    await pool.end()
  }
}

/** Units of `unitIds` whose bench fields do not hold run `run`'s values (0 when the apply held). */
async function csvMismatches(
  databaseUrl: string,
  pid: number,
  run: number,
  unitIds: readonly number[],
): Promise<number> {
  const pool = createPool(databaseUrl, 1)
  try {
    const { rows } = await pool.query<{ id: number; custom: Record<string, string> | null }>(
      `SELECT u.id, ua.custom FROM units u LEFT JOIN unit_attributes ua ON ua.unit_id = u.id
       WHERE u.panel_id = $1 AND u.id = ANY($2::int[])`,
      [pid, unitIds],
    )
    if (rows.length !== unitIds.length) return unitIds.length - rows.length
    return rows.filter(({ id, custom }) => {
      const expected = csvValues(run, id)
      return CSV_FIELDS.some(([key], i) => custom?.[key] !== expected[i])
    }).length
  } finally {
    await pool.end()
  }
}

/** Makes the bench's fields on `pid` (those it lacks). */
async function ensureFields(http: KeepAliveClient, base: string, token: string, pid: number) {
  const fieldsPath = `${base}/api/admin/panels/${pid}/metadata-fields`
  const listed = await http.send('GET', fieldsPath, { token })
  const existing = new Set(
    (JSON.parse(listed.body) as { data: MetadataField[] }).data.map((field) => field.key),
  )
  for (const [key, format] of CSV_FIELDS) {
    if (existing.has(key)) continue
    const made = await http.send('POST', fieldsPath, {
      token,
      body: JSON.stringify({ key, display_name: key.replace('_', ' '), format }),
    })
    if (made.status !== 201) throw new Error(`field ${key} answered ${made.status}: ${made.body}`)
  }
}

/**
 * The same upload as the panel administrator makes it in the app (the built app in Debian's
 * Chromium at 390×844): sign in as `admin`, open Metadata, grow the panel it shows to
 * --csv-rows units, choose the file, wait for the preview, apply, wait for "… units updated.".
 */
async function csvInBrowser(
  http: KeepAliveClient,
  base: string,
  databaseUrl: string,
): Promise<{ result: Record<string, unknown>; ok: boolean }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  })
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await page.goto(`${base}/login`)
    await page.evaluate(() => {
      localStorage.setItem('wb.notifyUpdates', 'false')
    })
    await page.getByLabel('Email').fill('admin@example.com')
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))
    const fieldsRequest = page.waitForRequest(/\/api\/admin\/panels\/\d+\/metadata-fields/)
    await page.goto(`${base}/admin/metadata`)
    const pid = Number(/panels\/(\d+)\//.exec((await fieldsRequest).url())?.[1])
    const added = await topUpPanel(databaseUrl, pid, csvRows)
    await ensureFields(http, base, await benchSignIn(http, base, 'admin'), pid)
    const unitIds = await panelUnits(databaseUrl, pid, csvRows)
    await page.reload()
    const runs: Record<string, number | boolean>[] = []
    let ok = true
    for (let run = 1; run <= csvRuns; run += 1) {
      const buffer = Buffer.from(spreadsheetCsv(100 + run, unitIds))
      const chooser = page.waitForEvent('filechooser')
      await page.getByRole('button', { name: 'Choose a CSV file' }).click()
      const t0 = performance.now()
      await (await chooser).setFiles({ name: 'metadata.csv', mimeType: 'text/csv', buffer })
      await page.getByText(/^This file changes [\d,]+ units:$/).waitFor({ timeout: 60_000 })
      const t1 = performance.now()
      // After a file dialog this headless Chromium ignores trusted clicks (see admin.spec).
      await page.getByRole('button', { name: 'Apply the changes' }).dispatchEvent('click')
      await page.getByText(/^[\d,]+ units updated\.$/).waitFor({ timeout: 60_000 })
      const t2 = performance.now()
      const mismatches = await csvMismatches(databaseUrl, pid, 100 + run, unitIds)
      if (mismatches !== 0) {
        ok = false
        console.error(`browser CSV run ${run}: ${mismatches} units without the file's values`)
      }
      runs.push({
        previewMs: Math.round(t1 - t0),
        applyMs: Math.round(t2 - t1),
        totalMs: Math.round(t2 - t0),
        held: mismatches === 0,
      })
      // The next file starts from the card's first step again.
      await page.reload()
    }
    const totals = runs.map((run) => Number(run.totalMs)).sort((a, b) => a - b)
    return {
      ok,
      result: {
        panel: pid,
        unitsAdded: added,
        rows: unitIds.length,
        medianTotalMs: totals[totals.length >> 1],
        maxTotalMs: totals.at(-1),
        runs,
      },
    }
  } finally {
    await browser.close()
  }
}

/** The CSV upload runs: fields made, then preview and apply of one row per unit of the panel. */
async function csvBench(
  http: KeepAliveClient,
  base: string,
  token: string,
  unitIds: readonly number[],
  databaseUrl: string | null,
): Promise<{ result: Record<string, unknown>; ok: boolean }> {
  await ensureFields(http, base, token, panel)
  const uploadPath = `${base}/api/admin/panels/${panel}/metadata.csv`
  const runs: Record<string, number | boolean>[] = []
  let ok = true
  for (let run = 1; run <= csvRuns; run += 1) {
    const file = spreadsheetCsv(run, unitIds)
    const headers = { 'content-type': 'text/csv', 'accept-encoding': BROWSER_ACCEPT_ENCODING }
    const t0 = performance.now()
    const preview = await http.send('POST', uploadPath, { token, body: file, headers })
    const t1 = performance.now()
    const applied = await http.send('POST', `${uploadPath}?apply=true`, {
      token,
      body: file,
      headers,
    })
    const t2 = performance.now()
    const rows = (JSON.parse(applied.body) as { rows?: number }).rows
    const previewRows = (JSON.parse(preview.body) as { rows?: number }).rows
    const mismatches =
      databaseUrl === null ? null : await csvMismatches(databaseUrl, panel, run, unitIds)
    const held =
      preview.status === 200 &&
      applied.status === 200 &&
      previewRows === unitIds.length &&
      rows === unitIds.length &&
      (mismatches === null || mismatches === 0)
    if (!held) {
      ok = false
      console.error(`CSV run ${run}: preview ${preview.status}, apply ${applied.status}`, {
        previewRows,
        rows,
        mismatches,
        body: applied.status === 200 ? undefined : applied.body.slice(0, 500),
      })
    }
    runs.push({
      previewMs: Math.round(t1 - t0),
      applyMs: Math.round(t2 - t1),
      totalMs: Math.round(t2 - t0),
      previewBytes: preview.bytes,
      held,
    })
  }
  const totals = runs.map((run) => Number(run.totalMs)).sort((a, b) => a - b)
  return {
    ok,
    result: {
      rows: unitIds.length,
      fileBytes: Buffer.byteLength(spreadsheetCsv(1, unitIds)),
      goalMs: GOAL_CSV_MS,
      medianTotalMs: totals[totals.length >> 1],
      maxTotalMs: totals.at(-1),
      runs,
    },
  }
}

let server: BenchServer | null = null
let base = values.url
if (base === undefined) {
  server = await startBenchServer({ prefix: 'wb-bench-admin-' })
  base = server.url
}
assertLoopback(base)
const http = keepAliveClient(1)
let failed = false
try {
  const token = await benchSignIn(http, base, 'staff')
  const agentsPath = `/api/admin/panels/${panel}/agents`

  // The panel's agents, 50 a page (also warms the connection and the plans).
  const agents: Agent[] = []
  for (let page = 1; ; page += 1) {
    const answer = await http.send('GET', `${base}${agentsPath}?page=${page}`, { token })
    if (answer.status !== 200) throw new Error(`agents page ${page} answered ${answer.status}`)
    const body = JSON.parse(answer.body) as {
      data: Agent[]
      meta: { pagination: { total_pages: number } }
    }
    agents.push(...body.data)
    if (page >= body.meta.pagination.total_pages) break
  }
  const owned = agents.filter((agent) => agent.email !== null)
  const pages = Math.max(1, Math.ceil(agents.length / 50))

  const result: Record<string, unknown> = {
    panel,
    agents: agents.length,
    ownedAgents: owned.length,
    requests,
    goalP99Ms: GOAL_P99_MS,
    startupMs: server ? server.startupMs : null,
  }
  const rootPid = server?.process.pid ?? null
  for (const connections of CONCURRENCY) {
    const random = mulberry32(20_251_128 + connections)
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
    const kinds: Kind[] = []
    const next = () => {
      const roll = random()
      let kind: Kind
      let query: string
      if (roll < 0.5) {
        kind = 'page'
        const sort = pick(ADMIN_AGENT_SORT_FIELDS)
        const sorts = random() < 0.5 ? sort : `-${sort}`
        const include = random() < 0.5 ? '&include=lmap_config' : ''
        query = `page=${1 + Math.floor(random() * pages)}&sorts=${sorts}${include}`
      } else if (roll < 0.9) {
        const agent = pick(agents)
        const which = random()
        if (which < 0.34) {
          kind = 'id'
          query = `id=${agent.agent_id}`
        } else if (which < 0.67 || owned.length === 0) {
          kind = 'mac'
          query = `mac=${encodeURIComponent(macAs(agent.mac, Math.floor(random() * 3)))}`
        } else {
          kind = 'email'
          const email = pick(owned).email ?? ''
          query = `email=${encodeURIComponent(random() < 0.5 ? email.toUpperCase() : email)}`
        }
      } else {
        kind = 'miss'
        query = random() < 0.5 ? 'id=2147483000' : 'email=nobody%40example.invalid'
      }
      kinds.push(kind)
      return { method: 'GET' as const, path: `${agentsPath}?${query}` }
    }
    const cpuBefore = rootPid === null ? null : await treeCpuSeconds(rootPid)
    const run = await loadRun({
      base,
      connections,
      amount: requests,
      token,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      next,
    })
    const cpuAfter = rootPid === null ? null : await treeCpuSeconds(rootPid)
    if (run.failures > 0) failed = true
    // autocannon answers in order per connection; at concurrency 1 the kinds line up exactly.
    const byKind: Record<string, unknown> = {}
    if (connections === 1) {
      for (const kind of ['page', 'id', 'mac', 'email', 'miss'] as const) {
        byKind[kind] = stats(run.latencies.filter((_, i) => kinds[i] === kind))
      }
    }
    result[`concurrency${connections}`] = {
      ...stats(run.latencies),
      requestsPerSecond: Math.round(run.latencies.length / run.seconds),
      cpuMsPerRequest:
        cpuBefore === null || cpuAfter === null
          ? null
          : Math.round(((cpuAfter - cpuBefore) * 1000 * 10) / requests) / 10,
      bytesPerResponse: run.bytesPerResponse,
      failures: run.failures,
      ...(connections === 1 ? { byKind } : {}),
    }
  }
  // The CSV upload, after the search runs (it grows the panel when the bench owns the server).
  const databaseUrl = server === null ? null : await findRunningEmbedded(server.dataDir)
  const added = databaseUrl === null ? 0 : await topUpPanel(databaseUrl, panel, csvRows)
  const unitIds: number[] = []
  for (let page = 1; ; page += 1) {
    const answer = await http.send('GET', `${base}${agentsPath}?page=${page}`, { token })
    const body = JSON.parse(answer.body) as {
      data: Agent[]
      meta: { pagination: { total_pages: number } }
    }
    unitIds.push(...body.data.map((agent) => agent.agent_id))
    if (page >= body.meta.pagination.total_pages) break
  }
  const csv = await csvBench(http, base, token, unitIds.slice(0, csvRows), databaseUrl)
  if (!csv.ok) failed = true
  result.csvUpload = { unitsAdded: added, ...csv.result }
  if (databaseUrl !== null && existsSync(join(import.meta.dirname, '..', 'dist', 'index.html'))) {
    const inBrowser = await csvInBrowser(http, base, databaseUrl)
    if (!inBrowser.ok) failed = true
    result.csvUploadInBrowser = inBrowser.result
  }

  const outDir = join(import.meta.dirname, '..', 'bench-results')
  await mkdir(outDir, { recursive: true })
  await writeFile(join(outDir, 'admin.json'), `${JSON.stringify(result, null, 2)}\n`)
  console.log(JSON.stringify(result, null, 2))
} finally {
  http.destroy()
  await server?.stop()
}
if (failed) process.exitCode = 1
