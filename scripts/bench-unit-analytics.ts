/**
 * metric_results latency under load (issue 4 §6), on loopback only.
 *
 *   node scripts/bench-unit-analytics.ts [--clients 50] [--requests 2000] [--unit 1] [--url URL]
 *
 * Without --url it starts a throw-away server (temporary DATA_DIR, its own embedded PostgreSQL,
 * the full demo seed with 90 days of history) on a free port, and reports how long that start
 * took. Then, signed in as the consumer, `clients` concurrent clients POST metric_results for one
 * unit over one month at hourly aggregation, rotating over the dashboard's default metrics, until
 * `requests` have been answered; then one client alone sends 200 more (the service time without
 * queueing). Prints one JSON object (latencies in ms, and the server's CPU per request, server
 * and PostgreSQL together, when it started the server); exits 1 when any request failed.
 * Goal: p99 ≤ 20 ms with 50 clients.
 */
import { parseArgs } from 'node:util'
import {
  assertLoopback,
  benchSignIn,
  keepAliveClient,
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
    requests: { type: 'string', default: '2000' },
    unit: { type: 'string', default: '1' },
    account: { type: 'string', default: 'consumer' },
    url: { type: 'string' },
  },
})
const clients = Math.min(200, Math.max(1, Number(values.clients) || 50))
const requests = Math.min(100_000, Math.max(clients, Number(values.requests) || 2000))
const unitId = Number(values.unit) || 1

/** One keep-alive connection per client, as browsers (and a load balancer) would hold. */
const http = keepAliveClient(clients)

async function run(base: string, token: string, count: number, concurrency = clients) {
  const to = new Date()
  const from = new Date(to.getTime() - 30 * 86_400_000)
  const url = `${base}/api/unit-analytics/${unitId}/metric_results`
  const latencies: number[] = []
  let failures = 0
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const metric = METRICS[next % METRICS.length] ?? 'httpgetmt'
        next += 1
        const body = JSON.stringify({
          date: { from: from.toISOString(), to: to.toISOString() },
          aggregation: 'hourly',
          metric,
        })
        const t0 = performance.now()
        const response = await http.send('POST', url, { body, token })
        latencies.push(performance.now() - t0)
        if (response.status !== 200) failures += 1
      }
    }),
  )
  return { latencies, failures, seconds: (performance.now() - started) / 1000 }
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

  // Warm-up: JIT, the connection pool and PostgreSQL's caches are not what we measure.
  await run(base, token, clients * 4)
  const pid = server?.process.pid
  const cpuBefore = pid ? await treeCpuSeconds(pid) : 0
  const { latencies, failures, seconds } = await run(base, token, requests)
  const cpuAfter = pid ? await treeCpuSeconds(pid) : 0
  // One client at a time: the service time itself, without queueing behind 49 others.
  const serial = await run(base, token, SERIAL_REQUESTS, 1)
  const serialSorted = [...serial.latencies].sort((a, b) => a - b)
  const sorted = [...latencies].sort((a, b) => a - b)
  const ms = (value: number) => Math.round(value * 10) / 10
  const p99 = ms(percentile(sorted, 99))
  const report = {
    benchmark: 'unit-analytics metric_results, one unit x one month, hourly',
    unit: unitId,
    clients,
    requests: latencies.length,
    failures,
    p50Ms: ms(percentile(sorted, 50)),
    p95Ms: ms(percentile(sorted, 95)),
    p99Ms: p99,
    maxMs: ms(sorted.at(-1) ?? NaN),
    requestsPerSecond: Math.round(latencies.length / seconds),
    goalP99Ms: GOAL_P99_MS,
    goalMet: p99 <= GOAL_P99_MS,
    serialP50Ms: ms(percentile(serialSorted, 50)),
    serialP99Ms: ms(percentile(serialSorted, 99)),
    serverCpuMsPerRequest: pid ? ms(((cpuAfter - cpuBefore) * 1000) / latencies.length) : null,
    startupWithSeedMs: server?.startupMs ?? null,
  }
  console.log(JSON.stringify(report, null, 2))
  if (failures + serial.failures > 0) exitCode = 1
} finally {
  http.destroy()
  await server?.stop()
}
process.exitCode = exitCode
