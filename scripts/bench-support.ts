/**
 * What the bench scripts and the Playwright config share: Chromium's flags, loopback checks, ports,
 * waiting for a server, a throw-away server, percentiles, CPU time and process trees, a keep-alive
 * HTTP client, a demo sign-in and the load runs (autocannon).
 */
import autocannon from 'autocannon'
import { spawn, type ChildProcess } from 'node:child_process'
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { setTimeout as sleep } from 'node:timers/promises'
import { DEMO_PASSWORD } from '../server/db/demo-accounts.ts'
import { SERVER_NODE_FLAGS } from '../server/node-flags.ts'

/** Debian's Chromium on these machines: root, no GPU, closed network (TOOLCHAIN.md). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

/** Load and benchmark only this machine: exits when `url` is not on loopback. */
export function assertLoopback(url: string, what = 'benchmark'): void {
  const host = new URL(url).hostname
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host)) {
    console.error(`refusing to ${what} ${host}: loopback only`)
    process.exit(2)
  }
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0)
      })
    })
  })
}

/**
 * Resolves once `url`/api/health answers 200; throws when `server` exits first or after
 * `timeoutMs` (a first start seeds 90 days of history: allow minutes).
 */
export async function waitForHealth(
  url: string,
  server: ChildProcess,
  timeoutMs = 180_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (server.exitCode === null && performance.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) return
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  throw new Error('the server did not start')
}

/** A server of this checkout on a free loopback port, with its own DATA_DIR and PostgreSQL. */
export type BenchServer = {
  url: string
  process: ChildProcess
  dataDir: string
  /** From spawn to a healthy /api/health (migrations and the demo seed included). */
  startupMs: number
  /** SIGTERM, wait for the exit, delete the DATA_DIR. */
  stop: () => Promise<void>
}

/**
 * Starts server/server.ts on a throw-away DATA_DIR (embedded PostgreSQL, full demo seed) and waits
 * until it is healthy. `env` adds to the process environment (rate limits, log level …).
 */
export async function startBenchServer(
  options: { env?: Record<string, string>; prefix?: string } = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), options.prefix ?? 'wb-bench-'))
  // Run as root, PostgreSQL runs as the postgres user and must reach its data folder.
  await chmod(dataDir, 0o755)
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const t0 = performance.now()
  const child = spawn(
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
        ...options.env,
      },
    },
  )
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(url, child)
  } catch (error) {
    await stop()
    throw error
  }
  return { url, process: child, dataDir, startupMs: Math.round(performance.now() - t0), stop }
}

/** The p-th percentile (nearest rank) of ascending `sorted` values; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

type ProcessTable = Map<number, { ppid: number; cpu: number }>

/** Every process of the machine (from /proc): its parent and its CPU seconds so far. */
async function processTable(): Promise<ProcessTable> {
  const table: ProcessTable = new Map()
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    table.set(Number(entry), {
      ppid: Number(fields[1]),
      cpu: (Number(fields[11]) + Number(fields[12])) / 100,
    })
  }
  return table
}

/** Whether `pid` is `rootPid` or one of its descendants. */
function inTree(table: ProcessTable, pid: number, rootPid: number): boolean {
  for (let p: number | undefined = pid; p !== undefined && p > 1; p = table.get(p)?.ppid) {
    if (p === rootPid) return true
  }
  return false
}

/**
 * CPU seconds (user + system) of a process and all its descendants: the server and its
 * PostgreSQL. On a shared machine latency depends on the neighbours; CPU per request does not.
 */
export async function treeCpuSeconds(rootPid: number): Promise<number> {
  const table = await processTable()
  let total = 0
  for (const [pid, { cpu }] of table) {
    if (inTree(table, pid, rootPid)) total += cpu
  }
  return total
}

/** The ids of a process's descendants (the server's PostgreSQL processes), not its own. */
export async function descendantPids(rootPid: number): Promise<number[]> {
  const table = await processTable()
  return [...table.keys()].filter((pid) => pid !== rootPid && inTree(table, pid, rootPid))
}

/** What Chromium sends in Accept-Encoding: the API answers its JSON in brotli to it. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

/**
 * What a keep-alive client answers: the status, the body as text (decoded when the server
 * encoded it) and the bytes that came over the wire.
 */
export type BenchResponse = { status: number; body: string; bytes: number }

/** An HTTP client holding one keep-alive connection per concurrent client, as browsers would. */
export type KeepAliveClient = {
  send: (
    method: 'GET' | 'POST',
    url: string,
    options?: { body?: string; token?: string; headers?: Record<string, string> },
  ) => Promise<BenchResponse>
  /** Closes the connections (at the end of a run). */
  destroy: () => void
}

function decode(raw: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(raw)
  if (encoding === 'gzip') return gunzipSync(raw)
  return raw
}

/** A keep-alive client for up to `maxSockets` requests at a time (JSON bodies, bearer tokens). */
export function keepAliveClient(maxSockets: number): KeepAliveClient {
  const agent = new Agent({ keepAlive: true, maxSockets })
  const send: KeepAliveClient['send'] = (method, url, options = {}) =>
    new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method,
          agent,
          headers: {
            ...(options.body === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(options.body),
                }),
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...options.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => {
            const raw = Buffer.concat(chunks)
            resolve({
              status: res.statusCode ?? 0,
              // Decoded only when read: the load runs measure the wire, not the client's work.
              get body() {
                return decode(raw, res.headers['content-encoding']).toString()
              },
              bytes: raw.byteLength,
            })
          })
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(options.body)
    })
  return {
    send,
    destroy: () => {
      agent.destroy()
    },
  }
}

/** What one load run measured: every answer's latency (ms), failures, bytes and duration. */
export type LoadRun = {
  latencies: number[]
  /** Answers other than 200, plus connection errors and timeouts. */
  failures: number
  /** Bytes received per answer, headers included. */
  bytesPerResponse: number
  seconds: number
}

/**
 * Sends `amount` requests over `connections` keep-alive connections (one request in flight on
 * each, as a browser tab or a field engineer's phone has), each request as `next()` makes it.
 * The load comes from autocannon: on two cores shared with the server, node:http as a client
 * cost ~0.25 ms of CPU a request and its own event loop's queue was measured as the server's
 * latency; autocannon's client costs ~0.14 ms. Latencies are its per-answer timings (hrtime),
 * kept whole rather than in its 1-ms histogram.
 */
export async function loadRun(options: {
  base: string
  connections: number
  amount: number
  token: string
  headers?: Record<string, string>
  next: () => { method: 'GET' | 'POST'; path: string; body?: string }
}): Promise<LoadRun> {
  const latencies: number[] = []
  let failures = 0
  let bytes = 0
  const started = performance.now()
  // autocannon ends a run on its next one-second tick: time the run to its last answer instead.
  let lastAnswer = started
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.base,
        connections: options.connections,
        amount: options.amount,
        headers: {
          authorization: `Bearer ${options.token}`,
          ...options.headers,
        },
        requests: [{ setupRequest: (request) => ({ ...request, ...options.next() }) }],
      },
      (error: unknown, done) => {
        if (error instanceof Error) reject(error)
        else if (error) reject(new Error('autocannon failed', { cause: error }))
        else resolve(done)
      },
    )
    instance.on('response', (_client, status, responseBytes, ms) => {
      lastAnswer = performance.now()
      latencies.push(ms)
      bytes += responseBytes
      if (status !== 200) failures += 1
    })
  })
  return {
    latencies,
    failures: failures + result.errors + result.timeouts,
    bytesPerResponse: Math.round(bytes / Math.max(1, latencies.length)),
    seconds: (lastAnswer - started) / 1000,
  }
}

/** Signs a demo account in (POST /api/auth/login at `base`); its access token, or throws. */
export async function benchSignIn(
  client: KeepAliveClient,
  base: string,
  account: string,
): Promise<string> {
  const login = await client.send('POST', `${base}/api/auth/login`, {
    body: JSON.stringify({
      email: `${account}@example.com`,
      password: DEMO_PASSWORD,
      device: 'bench',
    }),
  })
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.body}`)
  return (JSON.parse(login.body) as { accessToken: { token: string } }).accessToken.token
}
