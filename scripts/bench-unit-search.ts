/**
 * Constant-care unit search latency (issue 6 §6), on loopback only.
 *
 *   node scripts/bench-unit-search.ts [--units 10000] [--requests 1000] [--indexes]
 *                                     [--url URL (--data-dir DIR | --database-url URL)]
 *
 * Without --url it starts a throw-away server (temporary DATA_DIR, its own embedded PostgreSQL,
 * the full demo seed). It then inserts `units` extra units into panel 3 (two in five with an
 * owner, so email searches have something to find; one in twenty never seen) in two bulk
 * INSERT … SELECT generate_series statements, signs in as the engineer (Unit search on panel 3)
 * and measures, at concurrency 1 and 10:
 * - GET search/units with a mix of terms: ids, owners' emails (any case), MACs (colon, hyphen,
 *   Cisco dotted), serials (exact, lower case) and serial prefixes, and one term in ten naming a
 *   unit of another panel (an empty answer);
 * - GET panels/3/agents pages 50 at a time at random pages under the table's sorts, with
 *   include=lmap_config (the server keeps each sort's order for a minute: pages after the first
 *   are primary-key lookups), and the same with Cache-Control: no-cache (agentsOrderMiss: every
 *   page sorts the panel again, as the first page of a new sort does; not part of the goal).
 * With --indexes it first creates the indexes this script proposes (PROPOSED_INDEXES) so that
 * their effect can be measured. Prints one JSON object and writes bench-results/unit-search.json;
 * exits 1 when any request failed. Goal: p99 ≤ 30 ms.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { findRunningEmbedded } from '../server/db/embedded.ts'
import { mulberry32, type Random } from '../server/db/synthetic/prng.ts'
import {
  assertLoopback,
  BROWSER_ACCEPT_ENCODING,
  benchSignIn,
  keepAliveClient,
  loadRun,
  percentile,
  startBenchServer,
  treeCpuSeconds,
  type BenchServer,
} from './bench-support.ts'

const GOAL_P99_MS = 30
const PANEL = 3
const CONCURRENCY = [1, 10] as const
const SORTS = ['id', '-last_seen', 'last_seen', 'mac', '-email', 'isp', '-package']
/** Indexes worth having if the plans need them; created only with --indexes. */
const PROPOSED_INDEXES = [
  'CREATE INDEX IF NOT EXISTS units_panel_last_seen_idx ON units (panel_id, last_seen NULLS FIRST, id)',
  'CREATE INDEX IF NOT EXISTS units_serial_number_pattern_idx ON units (serial_number text_pattern_ops)',
]

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '1000' },
    indexes: { type: 'boolean', default: false },
    url: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
  },
})
const extraUnits = Math.min(200_000, Math.max(0, Number(values.units) || 0))
const requests = Math.min(50_000, Math.max(50, Number(values.requests) || 1000))

/** For the sign-in only: the load runs have their own connections (loadRun). */
const http = keepAliveClient(1)

/** Inserts the extra units of panel 3 (and their owners) unless an earlier run did. */
async function insertUnits(client: pg.Client, count: number): Promise<number> {
  const { rows: done } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM units WHERE label LIKE 'Bench unit %'`,
  )
  if ((done[0]?.n ?? 0) > 0 || count === 0) return 0
  const t0 = performance.now()
  await client.query('BEGIN')
  await client.query(
    `INSERT INTO users (email, first_name, last_name, password_hash)
     SELECT format('owner%s@bench.example.com', g), 'Bench', format('Owner %s', g), '!'
     FROM generate_series(1, $1::int) g WHERE g % 5 < 2`,
    [count],
  )
  await client.query(
    `WITH plans AS (
       SELECT array_agg(p.id ORDER BY p.id) AS ids, array_agg(p.isp_id ORDER BY p.id) AS isps
       FROM packages p JOIN isps i ON i.id = p.isp_id
       WHERE i.name IN ('Telstra', 'Optus', 'Aussie Broadband')
     ),
     fresh AS (
       SELECT g, nextval(pg_get_serial_sequence('units', 'id'))::int AS id
       FROM generate_series(1, $1::int) g
     )
     INSERT INTO units (id, mac, serial_number, label, panel_id, owner_user_id, is_tt_compatible,
                        isp_id, package_id, last_seen, timezone, environment)
     SELECT f.id,
            upper('D8:4F:B9:' || regexp_replace(lpad(to_hex(f.g), 6, '0'), '(..)(..)(..)', '\\1:\\2:\\3')),
            'WB' || lpad(f.id::text, 8, '0'), 'Bench unit ' || f.g, $2::int, o.id, f.g % 3 <> 0,
            pl.isps[1 + f.g % cardinality(pl.ids)], pl.ids[1 + f.g % cardinality(pl.ids)],
            CASE WHEN f.g % 20 = 0 THEN NULL ELSE now() - (f.g % 2880) * interval '1 minute' END,
            'Australia/Sydney',
            jsonb_build_object('connection', CASE WHEN f.g % 10 = 0 THEN 'mobile' ELSE 'fibre' END)
     FROM fresh f CROSS JOIN plans pl
     LEFT JOIN users o ON o.email = format('owner%s@bench.example.com', f.g)`,
    [count, PANEL],
  )
  await client.query('COMMIT')
  await client.query('ANALYZE units')
  await client.query('ANALYZE users')
  return Math.round(performance.now() - t0)
}

type Unit = { id: number; mac: string; serial: string; email: string | null }

const pick = <T>(random: Random, list: readonly T[]): T => {
  const item = list[Math.floor(random() * list.length)]
  if (item === undefined) throw new Error('empty list')
  return item
}

/** A deterministic mix of the terms field engineers type or scan. */
function searchTerms(random: Random, panel: Unit[], others: Unit[], count: number): string[] {
  const owned = panel.filter((unit) => unit.email !== null)
  const macForms = [
    (mac: string) => mac,
    (mac: string) => mac.toLowerCase().replaceAll(':', '-'),
    (mac: string) =>
      mac
        .replaceAll(':', '')
        .toLowerCase()
        .replace(/(....)(?!$)/g, '$1.'),
  ]
  const kinds: ((unit: Unit) => string)[] = [
    (unit) => String(unit.id),
    () => {
      const email = pick(random, owned).email ?? ''
      return random() < 0.5 ? email : email.toUpperCase()
    },
    (unit) => pick(random, macForms)(unit.mac),
    (unit) => unit.serial.toLowerCase(),
    (unit) => unit.serial.slice(0, -2),
  ]
  return Array.from({ length: count }, (_, n) => {
    if (n % 10 === 9) {
      const other = pick(random, others)
      return pick(random, [String(other.id), other.mac, other.serial])
    }
    return pick(random, kinds)(pick(random, panel))
  })
}

type Stats = {
  requests: number
  failures: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  maxMs: number
  requestsPerSecond: number
  serverCpuMsPerRequest: number | null
}

/** Sends every path (in order, shared by the clients) with `concurrency` clients; latencies of the answers. */
async function measure(
  base: string,
  paths: string[],
  token: string,
  concurrency: number,
  serverPid: number | null,
  headers: Record<string, string> = {},
): Promise<Stats> {
  let next = 0
  const cpuBefore = serverPid ? await treeCpuSeconds(serverPid) : 0
  const { latencies, failures, seconds } = await loadRun({
    base,
    connections: concurrency,
    amount: paths.length,
    token,
    // As Chromium asks: pages of agents come in brotli.
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers },
    next: () => ({ method: 'GET', path: paths[next++ % paths.length] ?? '/' }),
  })
  const cpuAfter = serverPid ? await treeCpuSeconds(serverPid) : 0
  const sorted = [...latencies].sort((a, b) => a - b)
  const ms = (value: number) => Math.round(value * 10) / 10
  return {
    requests: latencies.length,
    failures,
    p50Ms: ms(percentile(sorted, 50)),
    p95Ms: ms(percentile(sorted, 95)),
    p99Ms: ms(percentile(sorted, 99)),
    maxMs: ms(sorted.at(-1) ?? NaN),
    requestsPerSecond: Math.round(latencies.length / seconds),
    serverCpuMsPerRequest: serverPid
      ? ms(((cpuAfter - cpuBefore) * 1000) / latencies.length)
      : null,
  }
}

let server: BenchServer | null = null
let client: pg.Client | null = null
let exitCode = 0
try {
  let base = values.url ?? ''
  let databaseUrl = values['database-url'] ?? null
  if (base) {
    assertLoopback(base, 'load-test')
    if (!databaseUrl && values['data-dir']) {
      databaseUrl = await findRunningEmbedded(values['data-dir'])
    }
  } else {
    server = await startBenchServer({ prefix: 'wb-bench-us-' })
    base = server.url
    databaseUrl = await findRunningEmbedded(server.dataDir)
  }
  if (!databaseUrl)
    throw new Error('no database to add units to: pass --data-dir or --database-url')
  assertLoopback(databaseUrl.replace(/^postgres(ql)?:/, 'http:'), 'write to')
  client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()

  const insertMs = await insertUnits(client, extraUnits)
  const indexes: string[] = []
  if (values.indexes) {
    for (const statement of PROPOSED_INDEXES) {
      await client.query(statement)
      indexes.push(statement)
    }
    await client.query('ANALYZE units')
  }
  const { rows } = await client.query<Unit & { panelId: number | null }>(
    `SELECT u.id, u.mac, u.serial_number AS serial, u.panel_id AS "panelId", o.email
     FROM units u LEFT JOIN users o ON o.id = u.owner_user_id ORDER BY u.id`,
  )
  const panel = rows.filter((unit) => unit.panelId === PANEL)
  const others = rows.filter((unit) => unit.panelId !== PANEL)

  const token = await benchSignIn(http, base, 'engineer')

  const random = mulberry32(0x5ea2c4)
  const searchPaths = (count: number) =>
    searchTerms(random, panel, others, count).map(
      (term) =>
        `/api/zeus/search/units?${new URLSearchParams({ panelId: String(PANEL), searchTerm: term }).toString()}`,
    )
  const pages = Math.ceil(panel.length / 50)
  const agentPaths = (count: number) =>
    Array.from(
      { length: count },
      () =>
        `/api/zeus/panels/${String(PANEL)}/agents?${new URLSearchParams({
          page: String(1 + Math.floor(random() * pages)),
          per_page: '50',
          sorts: pick(random, SORTS),
          include: 'lmap_config',
        }).toString()}`,
    )

  // Warm-up: JIT, the connection pool and PostgreSQL's caches are not what we measure.
  await measure(base, [...searchPaths(300), ...agentPaths(200)], token, 10, null)
  const pid = server?.process.pid ?? null
  const results: Record<'search' | 'agents' | 'agentsOrderMiss', Record<string, Stats>> = {
    search: {},
    agents: {},
    agentsOrderMiss: {},
  }
  for (const concurrency of CONCURRENCY) {
    const key = `concurrency${concurrency}`
    results.search[key] = await measure(base, searchPaths(requests), token, concurrency, pid)
    results.agents[key] = await measure(base, agentPaths(requests), token, concurrency, pid)
    // Every page re-reads the order (the first page after a re-sort, or after the minute it is kept).
    results.agentsOrderMiss[key] = await measure(
      base,
      agentPaths(Math.ceil(requests / 4)),
      token,
      concurrency,
      pid,
      { 'cache-control': 'no-cache' },
    )
  }
  const all = Object.values(results).flatMap((byConcurrency) => Object.values(byConcurrency))
  const goalRuns = [...Object.values(results.search), ...Object.values(results.agents)]
  const worstP99 = Math.max(...goalRuns.map((stats) => stats.p99Ms))
  const report = {
    benchmark: `unit search: search/units (mixed terms) and panels/${PANEL}/agents (sorted pages)`,
    panelUnits: panel.length,
    panelOwners: panel.filter((unit) => unit.email !== null).length,
    allUnits: rows.length,
    insertMs,
    indexes,
    results,
    goalP99Ms: GOAL_P99_MS,
    worstP99Ms: worstP99,
    goalMet: worstP99 <= GOAL_P99_MS,
    startupWithSeedMs: server?.startupMs ?? null,
  }
  const text = JSON.stringify(report, null, 2)
  console.log(text)
  const dir = join(import.meta.dirname, '..', 'bench-results')
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'unit-search.json'), `${text}\n`)
  if (all.some((stats) => stats.failures > 0)) exitCode = 1
} finally {
  http.destroy()
  await client?.end().catch(() => undefined)
  await server?.stop()
}
process.exitCode = exitCode
