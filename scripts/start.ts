/**
 * `npm start`: build the PWA when dist/ is missing or older than its sources, then run the server
 * (which starts its database, migrates, and seeds an empty one) and say where it is once it answers.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/db/demo-accounts.ts'
import { EnvError, parseEnv, type Env } from '../server/env.ts'
import { SERVER_NODE_FLAGS } from '../server/node-flags.ts'

const ROOT = join(import.meta.dirname, '..')
const BUILD_INPUTS = ['src', 'sw', 'locales', 'public', 'index.html', 'vite.config.ts']
const READY_TIMEOUT_MS = 180_000

/** The newest modification time under `path` (a file or a folder, recursively). */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

/** Why the PWA needs a build, or null when dist/ is up to date. */
function buildReason(staticDir: string): string | null {
  const index = join(staticDir, 'index.html')
  if (!existsSync(index)) return `${index} is missing`
  const built = statSync(index).mtimeMs
  const changed = BUILD_INPUTS.find((input) => newestMtime(join(ROOT, input)) > built)
  return changed ? `${changed} changed since the last build` : null
}

function loadEnv(): Env {
  try {
    return parseEnv(process.env)
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error)
    process.exit(1)
  }
}

async function waitUntilServing(
  url: string,
  server: { exitCode: number | null },
): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline && server.exitCode === null) {
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })
      if (response.ok) return true
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  return false
}

const started = performance.now()
const env = loadEnv()

const reason = buildReason(env.STATIC_DIR)
if (reason) {
  console.log(`Building the PWA (${reason})…`)
  const buildStarted = performance.now()
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) {
    console.error('The build failed; not starting the server.')
    process.exit(build.status ?? 1)
  }
  console.log(`Built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`)
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(ROOT, 'server', 'server.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.kill(signal)
  })
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0))
})

const loopback = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(env.HOST)
const probeHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST
const url = `http://${loopback ? 'localhost' : env.HOST}:${env.PORT}`
const probeUrl = `http://${probeHost.includes(':') ? `[${probeHost}]` : probeHost}:${env.PORT}`
if (await waitUntilServing(probeUrl, server)) {
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const lines = [
    `Whitebox is ready at ${url} (${seconds} s)`,
    `Demo accounts: ${DEMO_ACCOUNTS.map((name) => `${name}@example.com`).join(', ')}`,
    `Password for every demo account: ${DEMO_PASSWORD}`,
  ]
  if (env.DEV_MAILBOX) lines.push(`Mails (password reset links): ${url}/dev/mailbox`)
  lines.push('Stop with Ctrl+C.')
  console.log(`\n${lines.join('\n')}\n`)
} else if (server.exitCode === null) {
  console.error(`The server did not answer within ${READY_TIMEOUT_MS / 1000} s; stopping it.`)
  server.kill('SIGTERM')
}
