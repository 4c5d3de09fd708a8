/**
 * Ingestion throughput (issue 23 figures), on loopback only.
 *
 *   node scripts/bench-ingestion.ts [--batches 400] [--size 100] [--concurrency 8]
 *                                   [--url URL --data-dir DIR]
 *
 * Without --url it starts a throw-away server (temporary DATA_DIR, its own embedded PostgreSQL,
 * the full demo seed, the demo reporter off so that the credentials below stay valid). It issues
 * a credential to every unit of the enterprise panel (straight in the database: the bench is the
 * unit), then `batches` batches of `size` new results, each from one unit (units in turn, so
 * that concurrent batches hit the same cohort rows as a real fleet does), of all the fleet's
 * metrics over the last day, `concurrency` at a time over keep-alive connections. Prints results
 * accepted per second and the batch latency p50/p90/p99 in ms; exits 1 when a batch failed.
 */
import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'
import { STORE_METRIC_KEYS } from '../contracts/ingestion.ts'
import { createDb, createPool } from '../server/db/client.ts'
import { issueFleetCredentials } from '../server/db/demo-reporter.ts'
import { findRunningEmbedded } from '../server/db/embedded.ts'
import { mulberry32 } from '../server/db/synthetic/prng.ts'
import {
  assertLoopback,
  keepAliveClient,
  percentile,
  startBenchServer,
  type BenchServer,
} from './bench-support.ts'

const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '400' },
    size: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '8' },
    url: { type: 'string' },
    'data-dir': { type: 'string' },
  },
})
const batches = Math.min(10_000, Math.max(10, Number(values.batches) || 400))
const size = Math.min(1000, Math.max(1, Number(values.size) || 100))
const concurrency = Math.min(64, Math.max(1, Number(values.concurrency) || 8))

const METRICS = STORE_METRIC_KEYS.filter((key) => key !== 'active_agent_count')

async function main(): Promise<void> {
  let server: BenchServer | null = null
  let url = values.url
  let dataDir = values['data-dir']
  if (url === undefined) {
    server = await startBenchServer({ env: { DEMO_FLEET: '0' }, prefix: 'wb-bench-ingest-' })
    url = server.url
    dataDir = server.dataDir
  }
  assertLoopback(url)
  if (dataDir === undefined) throw new Error('--url needs --data-dir (to issue unit credentials)')
  const databaseUrl = await findRunningEmbedded(dataDir)
  if (databaseUrl === null) throw new Error(`no running embedded PostgreSQL in ${dataDir}`)
  const pool = createPool(databaseUrl, 2)
  const client = keepAliveClient(concurrency)
  try {
    const tokens = [...(await issueFleetCredentials(createDb(pool))).entries()]
    if (tokens.length === 0) throw new Error('the enterprise panel has no units')
    const random = mulberry32(23)
    const now = Date.now()
    const body = () =>
      JSON.stringify({
        results: Array.from({ length: size }, () => {
          const metric = METRICS[Math.floor(random() * METRICS.length)] ?? 'httpgetmt'
          return {
            testId: randomUUID(),
            metric,
            dtime: new Date(now - Math.floor(random() * 86_400_000)).toISOString(),
            value: Math.round(random() * 100_000) / 100,
          }
        }),
      })
    const bodies = Array.from({ length: batches }, body)
    const latencies: number[] = []
    let accepted = 0
    let failures = 0
    let next = 0
    const started = performance.now()
    const worker = async () => {
      while (next < batches) {
        const i = next++
        const [unitId, token] = tokens[i % tokens.length] ?? [0, '']
        const t0 = performance.now()
        const response = await client.send(
          'POST',
          `${url}/api/ingestion/units/${String(unitId)}/results`,
          {
            body: bodies[i],
            headers: { authorization: `Unit ${token}`, 'content-type': 'application/json' },
          },
        )
        latencies.push(performance.now() - t0)
        if (response.status === 200) {
          accepted += (JSON.parse(response.body) as { accepted: number }).accepted
        } else {
          failures += 1
          if (failures <= 3) console.error(response.status, response.body.slice(0, 300))
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    const seconds = (performance.now() - started) / 1000
    const sorted = latencies.toSorted((a, b) => a - b)
    const round = (ms: number) => Math.round(ms * 10) / 10
    console.log(
      JSON.stringify(
        {
          startupMs: server?.startupMs ?? null,
          batches,
          size,
          concurrency,
          seconds: round(seconds),
          resultsPerSecond: Math.round(accepted / seconds),
          accepted,
          batchMs: {
            p50: round(percentile(sorted, 50)),
            p90: round(percentile(sorted, 90)),
            p99: round(percentile(sorted, 99)),
            max: round(sorted.at(-1) ?? 0),
          },
          failures,
        },
        null,
        2,
      ),
    )
    if (failures > 0) process.exitCode = 1
  } finally {
    client.destroy()
    await pool.end()
    await server?.stop()
  }
}

await main()
