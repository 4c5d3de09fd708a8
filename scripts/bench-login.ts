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
import { spawn, type ChildProcess } from 'node:child_process'
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { assertLoopback, freePort, percentile, waitForHealth } from './bench-support.ts'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import { DEMO_PASSWORD } from '../server/db/demo-accounts.ts'
import { SERVER_NODE_FLAGS } from '../server/node-flags.ts'

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
  const parents = new Map<number, number>()
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    parents.set(Number(entry), ppid)
  }
  const descendants = [...parents.keys()].filter((pid) => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) {
      if (p === rootPid) return true
    }
    return false
  })
  const field = async (pid: number, file: string, name: string) => {
    const text = await readFile(`/proc/${pid}/${file}`, 'utf8').catch(() => '')
    return Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) / 1024
  }
  let postgresMb = 0
  // PSS: shared buffers are counted once across the postgres processes, not once per process.
  for (const pid of descendants) postgresMb += await field(pid, 'smaps_rollup', 'Pss')
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

let server: ChildProcess | null = null
let dataDir: string | null = null
let url = values.url ?? ''
try {
  if (url) {
    assertLoopback(url, 'load-test')
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'wb-bench-'))
    // Run as root, PostgreSQL runs as the postgres user and must reach its data folder.
    await chmod(dataDir, 0o755)
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    server = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, join(import.meta.dirname, '..', 'server', 'server.ts')],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
          RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
          RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000',
          ...(values['scrypt-cost'] ? { SCRYPT_COST: values['scrypt-cost'] } : {}),
        },
      },
    )
    await waitForHealth(url, server)
    await sleep(3000)
  }
  const pid = server?.pid
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
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
}
