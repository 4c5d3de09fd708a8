/**
 * Map-data latency and size of the analytics service (issue 24 figures), on loopback only.
 *
 *   node scripts/bench-maps.ts [--runs 24] [--panel 6] [--url URL [--pid PID]] [--cases a,b]
 *
 * Without --url it starts a throw-away server (temporary DATA_DIR, its own embedded PostgreSQL,
 * the full demo seed: panel 6 with 2,000 units, 90 days of day summaries, 30 days of mobile test
 * positions of its 4G/5G units) and reports how long that start took. One client, one request at
 * a time, every request distinct (its range ends one day earlier than the previous one's, so
 * the service's unit sums, kept per range, never help). Cases:
 *   - aggregate_map_month: an H3 map of download over 30 days, the zoom cycling through the steps
 *     (goal p50 ≤ 200 ms), and region areas;
 *   - aggregate_map_month_zooming: the same month's map through the zoom steps, as a user zooms
 *     (only the first request reads the units' day summaries);
 *   - raw_map_month: one point per unit (2,000), coarsened (analyst) and exact (staff);
 *   - raw_mobile_month: every mobile test position of download over 30 days (~65,000 points),
 *     coarsened and exact: latency, answer size (JSON) and bytes over the wire (compressed). More
 *     than MAP_SEND_LIMIT points come clustered by the server for a view (the first: the world);
 *   - raw_mobile_month_views: the same month, exact, moved around Sydney at zoom 8 as a user pans
 *     (one range: the server keeps the month's clustered points between views);
 *   - raw_map_100k_in_process: 100,000 synthetic unit points through the route's placing,
 *     columns, clustering (supercluster, as an answer over MAP_SEND_LIMIT) and the first view's
 *     JSON, in this process (no server); `nextViewP50`: a pan's view from the kept index.
 * Prints one JSON object: p50, p10, p90, min, max per case, in ms.
 */
import { parseArgs } from 'node:util'
import { noPoints, viewBox } from '../contracts/maps.ts'
import { placePoints } from '../server/services/maps/areas.ts'
import { clusteredView, indexPoints } from '../server/services/maps/point-views.ts'
import {
  assertLoopback,
  benchSignIn,
  BROWSER_ACCEPT_ENCODING,
  keepAliveClient,
  percentile,
  startBenchServer,
  treeCpuSeconds,
  type BenchServer,
} from './bench-support.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '24' },
    panel: { type: 'string', default: '6' },
    url: { type: 'string' },
    // With --url: the server's process id, to count its (and its PostgreSQL's) CPU per request.
    pid: { type: 'string' },
    // Comma-separated case names (default: all).
    cases: { type: 'string' },
  },
})
const runs = Math.min(80, Math.max(3, Number(values.runs) || 24))
const panel = Number(values.panel) || 6

const day = (date: Date) => date.toISOString().slice(0, 10)
const minus = (date: Date, days: number) => new Date(date.getTime() - days * 86_400_000)

type Case = {
  name: string
  account: 'analyst' | 'staff'
  form: (end: Date, i: number) => Record<string, unknown>
  /** Every request over the same range (its zoom still changes): a user zooming one map. */
  sameRange?: boolean
}

const month = (end: Date) => ({ from: day(minus(end, 29)), to: day(end) })
const ZOOMS = [2, 4, 6, 9]

const CASES: Case[] = [
  {
    name: 'aggregate_map_month',
    account: 'analyst',
    form: (end, i) => ({
      metrics: [{ key: 'httpgetmt' }],
      mapType: 'map',
      zoom: ZOOMS[i % ZOOMS.length],
      date: month(end),
    }),
  },
  {
    name: 'aggregate_map_month_zooming',
    account: 'analyst',
    sameRange: true,
    form: (end, i) => ({
      metrics: [{ key: 'udpLatency' }],
      mapType: 'map',
      zoom: ZOOMS[i % ZOOMS.length],
      date: month(end),
    }),
  },
  {
    name: 'aggregate_map_month_regions',
    account: 'analyst',
    form: (end) => ({
      metrics: [{ key: 'udpLatency' }],
      mapType: 'map',
      area: 'region',
      plotValue: 'perc_95',
      date: month(end),
    }),
  },
  {
    name: 'raw_map_month_coarse',
    account: 'analyst',
    form: (end) => ({ metrics: [{ key: 'httpgetmt' }], mapType: 'raw_map', date: month(end) }),
  },
  {
    name: 'raw_map_month_exact',
    account: 'staff',
    form: (end) => ({ metrics: [{ key: 'httpgetmt' }], mapType: 'raw_map', date: month(end) }),
  },
  {
    // Mobile positions cover the last 30 days: ranges of 25–30 days ending today.
    name: 'raw_mobile_month_exact',
    account: 'staff',
    form: (_, i) => ({
      metrics: [{ key: 'httpgetmt' }],
      mapType: 'raw_mobile',
      date: { from: day(minus(new Date(), 30 - (i % 6))), to: day(new Date()) },
    }),
  },
  {
    name: 'raw_mobile_month_views',
    account: 'staff',
    sameRange: true,
    form: (_, i) => ({
      metrics: [{ key: 'httpgetmt' }],
      mapType: 'raw_mobile',
      date: { from: day(minus(new Date(), 30)), to: day(new Date()) },
      zoom: 8,
      bbox: sydneyView(i),
    }),
  },
  {
    name: 'raw_mobile_month_coarse',
    account: 'analyst',
    form: (_, i) => ({
      metrics: [{ key: 'httpgetmt' }],
      mapType: 'raw_mobile',
      date: { from: day(minus(new Date(), 30 - (i % 6))), to: day(new Date()) },
    }),
  },
]

// Sydney at zoom 8, panned by a third of a degree at each step (eight views, then again).
const sydneyView = (i: number) =>
  viewBox(8, {
    south: -34.2,
    west: 150.6 + (i % 8) * 0.33,
    north: -33.5,
    east: 151.3 + (i % 8) * 0.33,
  })

const stats = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    p50: Math.round(percentile(sorted, 50)),
    p10: Math.round(percentile(sorted, 10)),
    p90: Math.round(percentile(sorted, 90)),
    min: Math.round(sorted[0] ?? NaN),
    max: Math.round(sorted.at(-1) ?? NaN),
  }
}

/**
 * 100,000 unit points through the route's code (placing, columns, then as the route sends more
 * than MAP_SEND_LIMIT: clustered, the first view, JSON), in this process; also the next view
 * (a pan at zoom 8: the index kept).
 */
function inProcess100k(coarse: boolean) {
  const latencies: number[] = []
  const panLatencies: number[] = []
  let bytes = 0
  for (let run = 0; run < 5; run += 1) {
    const points = Array.from({ length: 100_000 }, (_, i) => ({
      unit: i + 1,
      lat: -38 + ((i * 7919) % 10_000) / 1000 + run * 1e-4,
      lon: 140 + ((i * 104_729) % 12_000) / 1000,
      exact: !coarse,
    }))
    const start = performance.now()
    const placed = placePoints(points)
    const data = noPoints({ mapType: 'raw_map', metric: 'httpgetmt', plotValue: 'median' })
    placed.forEach((p, i) => {
      if (!p) return
      data.lat.push(p.lat)
      data.lon.push(p.lon)
      data.value.push(Math.round(((i % 997) / 7) * 1000) / 1000)
      data.exact.push(p.exact)
      data.unit.push(p.exact ? i + 1 : null)
    })
    data.count = data.lat.length
    const indexed = indexPoints(data)
    bytes = JSON.stringify({ data: clusteredView(indexed, {}) }).length
    latencies.push(performance.now() - start)
    const next = performance.now()
    JSON.stringify({ data: clusteredView(indexed, { zoom: 8, bbox: sydneyView(run) }) })
    panLatencies.push(performance.now() - next)
  }
  return { ...stats(latencies), jsonBytes: bytes, nextViewP50: stats(panLatencies).p50 }
}

let server: BenchServer | null = null
let base = values.url
if (base === undefined) {
  server = await startBenchServer({ prefix: 'wb-bench-maps-' })
  base = server.url
}
assertLoopback(base)
const http = keepAliveClient(1)
try {
  const tokens = {
    analyst: await benchSignIn(http, base, 'analyst'),
    staff: await benchSignIn(http, base, 'staff'),
  }
  const result: Record<string, unknown> = {
    panel,
    runs,
    startupMs: server ? Math.round(server.startupMs) : null,
  }
  const only = values.cases?.split(',')
  const rootPid = server?.process.pid ?? (values.pid ? Number(values.pid) : null)
  for (const benchCase of CASES.filter((c) => !only || only.includes(c.name))) {
    const cpuBefore = rootPid === null ? null : await treeCpuSeconds(rootPid)
    const latencies: number[] = []
    let failures = 0
    let items = 0
    let jsonBytes = 0
    let wireBytes = 0
    for (let i = 0; i < runs; i += 1) {
      const end = minus(new Date(), benchCase.sameRange === true ? 0 : i)
      const body = JSON.stringify(benchCase.form(end, i))
      const start = performance.now()
      const answer = await http.send('POST', `${base}/api/analytics/panel/${panel}/map-data`, {
        body,
        token: tokens[benchCase.account],
        headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      })
      latencies.push(performance.now() - start)
      if (answer.status !== 200) {
        failures += 1
        continue
      }
      const text = answer.body
      const data = (
        JSON.parse(text) as {
          data: { areas?: unknown[]; count?: number; clusters?: { lat: unknown[] } }
        }
      ).data
      // Areas, or points and (a clustered view) clusters.
      items += data.areas?.length ?? (data.count ?? 0) + (data.clusters?.lat.length ?? 0)
      jsonBytes += text.length
      wireBytes += answer.bytes
    }
    const ok = Math.max(1, runs - failures)
    const cpuAfter = rootPid === null ? null : await treeCpuSeconds(rootPid)
    result[benchCase.name] = {
      ...stats(latencies),
      // Server + PostgreSQL CPU per request: what latency would be on an idle machine, roughly.
      cpuMsPerRequest:
        cpuBefore === null || cpuAfter === null
          ? null
          : Math.round(((cpuAfter - cpuBefore) * 1000) / runs),
      itemsPerAnswer: Math.round(items / ok),
      jsonKB: Math.round(jsonBytes / ok / 1024),
      wireKB: Math.round(wireBytes / ok / 1024),
      failures,
    }
  }
  if (!only || only.includes('raw_map_100k_in_process')) {
    result.raw_map_100k_in_process_exact = inProcess100k(false)
    result.raw_map_100k_in_process_coarse = inProcess100k(true)
  }
  console.log(JSON.stringify(result, null, 2))
} finally {
  http.destroy()
  await server?.stop()
}
