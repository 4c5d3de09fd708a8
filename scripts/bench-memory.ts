/**
 * The memory a running Whitebox holds (issue 20 §6: the whole `npm start` tree ≤ 250 MB PSS).
 *
 *   node scripts/bench-memory.ts [--settle 45] [--skip-e2e]
 *
 * Starts `npm start` as a new user would (npm itself, the server it becomes, its PostgreSQL) on a
 * free loopback port with a throw-away DATA_DIR, waits until /api/health answers, waits `settle`
 * seconds and sums the proportional set size (PSS, /proc/<pid>/smaps_rollup: shared pages split
 * between the processes that map them) of every process in the tree. Then, unless --skip-e2e, it
 * runs the Playwright journeys (phone project) against that server, waits `settle` seconds again
 * and measures once more. Prints one JSON object; Linux only.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import { descendantPids, freePort, waitForHealth } from './bench-support.ts'

const ROOT = join(import.meta.dirname, '..')
const GOAL_MB = 250

/** The rate limits the journeys run with (playwright.config.ts): they sign in many times. */
const E2E_ENV = {
  RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
  RATE_LIMIT_ACCOUNT_PER_MINUTE: '1000',
  LOG_LEVEL: 'warn',
}

type ProcessMemory = { pid: number; role: string; pssMb: number }
type Snapshot = { totalMb: number; byRole: Record<string, number>; processes: ProcessMemory[] }

const mb = (kb: number) => Math.round(kb / 102.4) / 10

async function pssKb(pid: number): Promise<number | null> {
  try {
    const rollup = await readFile(`/proc/${String(pid)}/smaps_rollup`, 'utf8')
    const match = /^Pss:\s+(\d+) kB/m.exec(rollup)
    return match ? Number(match[1]) : null
  } catch {
    return null // gone meanwhile
  }
}

async function roleOf(pid: number): Promise<string> {
  const command = (await readFile(`/proc/${String(pid)}/cmdline`, 'utf8').catch(() => ''))
    .split('\0')
    .join(' ')
  if (command.includes('postgres')) return 'postgresql'
  if (command.includes('server/server.ts') || command.includes('server/db/prepare.ts')) {
    return 'server'
  }
  if (/\bnpm\b/.test(command)) return 'npm'
  if (command.startsWith('sh ') || command.startsWith('/bin/sh')) return 'shell'
  return 'other'
}

/** PSS of `rootPid` and every descendant, by role (npm, server, postgresql). */
async function snapshot(rootPid: number): Promise<Snapshot> {
  const processes: ProcessMemory[] = []
  for (const pid of [rootPid, ...(await descendantPids(rootPid))]) {
    const kb = await pssKb(pid)
    if (kb !== null) processes.push({ pid, role: await roleOf(pid), pssMb: mb(kb) })
  }
  const byRole: Record<string, number> = {}
  for (const { role, pssMb } of processes) {
    byRole[role] = Math.round(((byRole[role] ?? 0) + pssMb) * 10) / 10
  }
  const totalMb = Math.round(processes.reduce((sum, p) => sum + p.pssMb, 0) * 10) / 10
  return { totalMb, byRole, processes }
}

function runJourneys(baseUrl: string): Promise<number | null> {
  const child = spawn('npx', ['playwright', 'test', '--project', 'phone', '--reporter', 'dot'], {
    cwd: ROOT,
    stdio: ['ignore', process.stderr, 'inherit'],
    env: { ...process.env, E2E_EXTERNAL_URL: baseUrl },
  })
  return new Promise((done) => child.once('exit', done))
}

const { values } = parseArgs({
  options: {
    settle: { type: 'string', default: '45' },
    'skip-e2e': { type: 'boolean', default: false },
  },
})
const settleMs = Math.max(0, Number(values.settle) || 0) * 1000

const workDir = await mkdtemp(join(tmpdir(), 'wb-bench-memory-'))
let server: ChildProcess | null = null
try {
  const dataDir = join(workDir, 'data')
  await mkdir(dataDir)
  // Run as root, PostgreSQL runs as the postgres user and must reach its data folder.
  await chmod(workDir, 0o755)
  await chmod(dataDir, 0o755)
  const port = await freePort()
  const baseUrl = `http://localhost:${String(port)}`
  const started = performance.now()
  server = spawn('npm', ['start'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', process.stderr],
    // Its own process group: the whole tree is stopped at the end, whatever happened.
    detached: true,
    env: { ...process.env, ...E2E_ENV, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
  })
  await waitForHealth(baseUrl, server, 300_000)
  const readyMs = Math.round(performance.now() - started)
  console.error(`bench-memory: serving after ${String(readyMs)} ms; settling ${values.settle} s`)
  await sleep(settleMs)
  const pid = server.pid ?? 0
  const idle = await snapshot(pid)
  console.error(`bench-memory: idle ${String(idle.totalMb)} MB PSS`)

  let afterJourneys: (Snapshot & { journeysExitCode: number | null }) | null = null
  if (!values['skip-e2e']) {
    const journeysExitCode = await runJourneys(baseUrl)
    await sleep(settleMs)
    afterJourneys = { ...(await snapshot(pid)), journeysExitCode }
    console.error(`bench-memory: after the journeys ${String(afterJourneys.totalMb)} MB PSS`)
  }
  const worst = Math.max(idle.totalMb, afterJourneys?.totalMb ?? 0)
  console.log(
    JSON.stringify(
      {
        settleSeconds: settleMs / 1000,
        readyMs,
        idle,
        afterJourneys,
        goalMb: GOAL_MB,
        goalMet: worst <= GOAL_MB,
      },
      null,
      2,
    ),
  )
} finally {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGINT')
    } catch {
      // already gone
    }
    await new Promise((done) => {
      if (server?.exitCode !== null) done(null)
      else server.once('exit', done)
    })
  }
  await rm(workDir, { recursive: true, force: true })
}
