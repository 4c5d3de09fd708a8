/**
 * Login latency with concurrent clients, on loopback only.
 *
 *   node scripts/bench-login.ts [--clients 20] [--requests 400] [--scrypt-cost 16384] [--url URL]
 *
 * Without --url it starts a throw-away server (temporary DATA_DIR with its own embedded PostgreSQL
 * and demo data, a free port, login rate limits lifted so they do not cut the run short), measures
 * idle memory, runs the logins, measures memory again and stops the server. With --url it measures
 * a server already running on 127.0.0.1/localhost (its rate limits then apply).
 */
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import { DEMO_PASSWORD } from '../server/db/demo-accounts.ts'
import {
  assertLoopback,
  descendantPids,
  percentile,
  startBenchServer,
  type BenchServer,
} from './bench-support.ts'

const MAX_CLIENTS = 100
const MAX_REQUESTS = 5000

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    requests: { type: 'string', default: '400' },
    'scrypt-cost': { type: 'string' },
    url: { type: 'string' },
    account: { type: 'string', default: 'consumer' },
  },
})
const clients = Math.min(MAX_CLIENTS, Math.max(1, Number(values.clients)))
const requests = Math.min(MAX_REQUESTS, Math.max(clients, Number(values.requests)))

/** Memory of a process tree: the node server's RSS and the PSS sum of its postgres children. */
async function memory(rootPid: number): Promise<{ nodeMb: number; postgresMb: number }> {
  const field = async (pid: number, file: string, name: string) => {
    const text = await readFile(`/proc/${pid}/${file}`, 'utf8').catch(() => '')
    return Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) / 1024
  }
  let postgresMb = 0
  // PSS: shared buffers are counted once across the postgres processes, not once per process.
  for (const pid of await descendantPids(rootPid)) {
    postgresMb += await field(pid, 'smaps_rollup', 'Pss')
  }
  return { nodeMb: await field(rootPid, 'status', 'VmRSS'), postgresMb }
}

async function run(
  url: string,
  count: number,
): Promise<{ latencies: number[]; failures: number; seconds: number }> {
  const email = `${values.account}@example.com`
  const body = JSON.stringify({ email, password: DEMO_PASSWORD, device: 'bench' })
  const latencies: number[] = []
  let failures = 0
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        next += 1
        const t0 = performance.now()
        const response = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        await response.arrayBuffer()
        latencies.push(performance.now() - t0)
        if (response.status !== 200) failures += 1
      }
    }),
  )
  return { latencies, failures, seconds: (performance.now() - started) / 1000 }
}

let server: BenchServer | null = null
let url = values.url ?? ''
try {
  if (url) {
    assertLoopback(url, 'load-test')
  } else {
    server = await startBenchServer({
      env: {
        RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
        RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000',
        ...(values['scrypt-cost'] ? { SCRYPT_COST: values['scrypt-cost'] } : {}),
      },
    })
    url = server.url
    await sleep(3000)
  }
  const pid = server?.process.pid
  const idle = pid ? await memory(pid) : null

  // A short warm-up so that JIT and connection pools do not count as login cost.
  await run(url, clients * 2)
  const { latencies, failures, seconds } = await run(url, requests)
  const sorted = [...latencies].sort((a, b) => a - b)
  const after = pid ? await memory(pid) : null

  const ms = (value: number) => `${value.toFixed(1)} ms`
  console.log(
    [
      `logins: ${latencies.length} with ${clients} concurrent clients (${failures} not 200)` +
        (values['scrypt-cost'] ? `, SCRYPT_COST=${values['scrypt-cost']}` : ''),
      `p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? NaN)}`,
      `throughput ${(latencies.length / seconds).toFixed(1)} logins/s`,
      idle
        ? `memory idle: node RSS ${idle.nodeMb.toFixed(0)} MB, postgres PSS ${idle.postgresMb.toFixed(0)} MB`
        : '',
      after
        ? `memory after the run: node RSS ${after.nodeMb.toFixed(0)} MB, postgres PSS ${after.postgresMb.toFixed(0)} MB`
        : '',
    ]
      .filter(Boolean)
      .join('\n'),
  )
} finally {
  await server?.stop()
}
