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
 * Prints one JSON object (p50, p90, p99, max per concurrency and per kind, CPU per request of the
 * server and its PostgreSQL) and writes bench-results/admin.json; exits 1 when a request failed.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ADMIN_AGENT_SORT_FIELDS } from '../contracts/admin.ts'
import { mulberry32 } from '../server/db/synthetic/prng.ts'
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

const GOAL_P99_MS = 50
const CONCURRENCY = [1, 4] as const

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '600' },
    panel: { type: 'string', default: '6' },
    url: { type: 'string' },
  },
})
const requests = Math.min(20_000, Math.max(50, Number(values.requests) || 600))
const panel = Number(values.panel) || 6

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
  const outDir = join(import.meta.dirname, '..', 'bench-results')
  await mkdir(outDir, { recursive: true })
  await writeFile(join(outDir, 'admin.json'), `${JSON.stringify(result, null, 2)}\n`)
  console.log(JSON.stringify(result, null, 2))
} finally {
  http.destroy()
  await server?.stop()
}
if (failed) process.exitCode = 1
