/**
 * metric_results latency under load (issue 4 §6), on loopback only.
 *
 *   node scripts/bench-unit-analytics.ts [--clients 50] [--requests 20000] [--unit 1] [--url URL] [--warm-only]
 *
 * Without --url it starts a throw-away server (temporary DATA_DIR, its own embedded PostgreSQL,
 * the full demo seed with 90 days of history) on a free port, and reports how long that start
 * took. Then, signed in as the consumer, `clients` concurrent clients (keep-alive connections,
 * one request in flight on each; the load comes from autocannon, see loadRun) POST metric_results
 * for one unit over one month at hourly aggregation, rotating over the dashboard's default
 * metrics, until `requests` have been answered, after a tenth as many as a warm-up; then one
 * client alone sends 200 more (the service time without queueing). Every request asks for the encodings Chromium asks for (the answer comes in brotli,
 * ~6 KB instead of ~57 KB of JSON), except in the last run. The runs:
 * - warm (the top-level fields, which scripts/bench.ts reads): the same six requests again and
 *   again, as dashboards of one unit ask them; after the first of each, the server's answer cache
 *   serves them, already encoded;
 * - cold (`cold`, a tenth of the requests): every request's range starts one second later than
 *   any before, so no answer is cached and each one is computed (bucket query, presenter, JSON); the grant check's unit
 *   facts stay cached, as they do for any signed-in caller;
 * - plain (`plain`): warm, without Accept-Encoding (a client that takes the JSON as it is).
 * Prints one JSON object (latencies in ms, and the server's CPU per request, server and
 * PostgreSQL together, when it started the server); exits 1 when any request failed.
 * Goal: p99 ≤ 20 ms with 50 clients.
 */
import { parseArgs } from 'node:util'
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

const GOAL_P99_MS = 20
const SERIAL_REQUESTS = 200
const METRICS = [
  'httpgetmt',
  'httppostmt',
  'udpLatency',
  'udpPacketLoss',
  'web_jitter',
  'responsiveness',
]

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    requests: { type: 'string', default: '20000' },
    unit: { type: 'string', default: '1' },
    account: { type: 'string', default: 'consumer' },
    url: { type: 'string' },
    // Only the warm run, e.g. to profile the cached path: --warm-only
    'warm-only': { type: 'boolean', default: false },
  },
})
const clients = Math.min(200, Math.max(1, Number(values.clients) || 50))
const requests = Math.min(200_000, Math.max(clients, Number(values.requests) || 20_000))
const unitId = Number(values.unit) || 1

/** For the sign-in only: the load runs have their own connections (loadRun). */
const http = keepAliveClient(1)

type Mode = 'warm' | 'cold' | 'plain'

/** One month up to the script's start: the same range for every warm request. */
const to = new Date()
const from = new Date(to.getTime() - 30 * 86_400_000)
/** Cold requests so far: each starts its range this many seconds after `from`, never twice. */
let coldSeq = 0

function requestBody(mode: Mode, index: number): string {
  const metric = METRICS[index % METRICS.length] ?? 'httpgetmt'
  const start = mode === 'cold' ? new Date(from.getTime() + ++coldSeq * 1000) : from
  return JSON.stringify({
    date: { from: start.toISOString(), to: to.toISOString() },
    aggregation: 'hourly',
    metric,
  })
}

async function run(base: string, token: string, mode: Mode, count: number, connections = clients) {
  let index = 0
  const path = `/api/unit-analytics/${String(unitId)}/metric_results`
  return loadRun({
    base,
    connections,
    amount: count,
    token,
    // What Chromium sends; `plain` asks for none (the JSON as it is, ~10 times the bytes).
    headers: {
      'content-type': 'application/json',
      ...(mode === 'plain' ? {} : { 'accept-encoding': BROWSER_ACCEPT_ENCODING }),
    },
    next: () => ({ method: 'POST', path, body: requestBody(mode, index++) }),
  })
}

const ms = (value: number) => Math.round(value * 10) / 10
const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b)

/** Warm-up, the concurrent run (with the server tree's CPU) and the serial run of one mode. */
async function measure(
  base: string,
  token: string,
  mode: Mode,
  pid: number | undefined,
  count: number,
) {
  // Warm-up: JIT, the connection pool and PostgreSQL's caches are not what we measure.
  await run(base, token, mode, Math.max(clients * 4, Math.round(count / 10)))
  const cpuBefore = pid ? await treeCpuSeconds(pid) : 0
  const { latencies, failures, seconds, bytesPerResponse } = await run(base, token, mode, count)
  const cpuAfter = pid ? await treeCpuSeconds(pid) : 0
  // One client at a time: the service time itself, without queueing behind 49 others.
  const serial = await run(base, token, mode, SERIAL_REQUESTS, 1)
  const sorted = sortedOf(latencies)
  const serialSorted = sortedOf(serial.latencies)
  return {
    requests: latencies.length,
    failures: failures + serial.failures,
    p50Ms: ms(percentile(sorted, 50)),
    p95Ms: ms(percentile(sorted, 95)),
    p99Ms: ms(percentile(sorted, 99)),
    maxMs: ms(sorted.at(-1) ?? NaN),
    requestsPerSecond: Math.round(latencies.length / seconds),
    serialP50Ms: ms(percentile(serialSorted, 50)),
    serialP99Ms: ms(percentile(serialSorted, 99)),
    serverCpuMsPerRequest: pid ? ms(((cpuAfter - cpuBefore) * 1000) / latencies.length) : null,
    bytesPerResponse,
  }
}

let server: BenchServer | null = null
let base = values.url ?? ''
let exitCode = 0
try {
  if (base) {
    assertLoopback(base, 'load-test')
  } else {
    server = await startBenchServer({ prefix: 'wb-bench-ua-' })
    base = server.url
  }
  const token = await benchSignIn(http, base, values.account)
  const pid = server?.process.pid
  const warm = await measure(base, token, 'warm', pid, requests)
  // Each cold answer is computed (~10 times the work): a tenth of the requests tells as much.
  const cold = values['warm-only']
    ? null
    : await measure(base, token, 'cold', pid, Math.max(clients, Math.round(requests / 10)))
  const plain = values['warm-only'] ? null : await measure(base, token, 'plain', pid, requests)
  const report = {
    benchmark: 'unit-analytics metric_results, one unit x one month, hourly',
    unit: unitId,
    clients,
    // The warm run: the dashboard's six requests repeated (answer cache hits after the first).
    run: 'warm: the same 6 requests repeated (cached answers after the first of each)',
    requests: warm.requests,
    failures: warm.failures,
    p50Ms: warm.p50Ms,
    p95Ms: warm.p95Ms,
    p99Ms: warm.p99Ms,
    maxMs: warm.maxMs,
    requestsPerSecond: warm.requestsPerSecond,
    goalP99Ms: GOAL_P99_MS,
    goalMet: warm.p99Ms <= GOAL_P99_MS,
    serialP50Ms: warm.serialP50Ms,
    serialP99Ms: warm.serialP99Ms,
    serverCpuMsPerRequest: warm.serverCpuMsPerRequest,
    acceptEncoding: BROWSER_ACCEPT_ENCODING,
    bytesPerResponse: warm.bytesPerResponse,
    cold: cold && {
      run: 'cold: every range starts 1 s later than any before (each answer computed)',
      ...cold,
      goalMet: cold.p99Ms <= GOAL_P99_MS,
    },
    plain: plain && {
      run: 'warm, without Accept-Encoding: the JSON sent as it is',
      ...plain,
      goalMet: plain.p99Ms <= GOAL_P99_MS,
    },
    startupWithSeedMs: server?.startupMs ?? null,
  }
  console.log(JSON.stringify(report, null, 2))
  if (warm.failures + (cold?.failures ?? 0) + (plain?.failures ?? 0) > 0) exitCode = 1
} finally {
  http.destroy()
  await server?.stop()
}
process.exitCode = exitCode
