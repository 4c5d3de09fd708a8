/**
 * `npm start`: check the port is free, build the PWA when dist/ is missing or older than its
 * sources, then become the server (process.execve: no idle parent is left holding memory). The
 * server starts its database, migrates, seeds an empty one, and prints where it is once it listens.
 * The quick start serves the dev mailbox (reset links) when it may: a loopback HOST, no SMTP, the
 * embedded database; set DEV_MAILBOX=0 to turn it off.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { EnvError, parseEnv, type Env } from '../server/env.ts'
import { portProblem } from '../server/lib/port.ts'
import { quickStartEnv } from '../server/lib/quick-start.ts'
import { SERVER_NODE_FLAGS } from '../server/node-flags.ts'

const ROOT = join(import.meta.dirname, '..')
const BUILD_INPUTS = [
  'src',
  'sw',
  'locales',
  'public',
  'contracts',
  'build',
  'index.html',
  'vite.config.ts',
]

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

function loadEnv(source: Record<string, string | undefined>): Env {
  try {
    return parseEnv(source)
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error)
    process.exit(1)
  }
}

const startedAt = Date.now()
const serverEnv = quickStartEnv(process.env)
const env = loadEnv(serverEnv)

const problem = await portProblem(env.HOST, env.PORT)
if (problem) {
  console.error(problem)
  process.exit(1)
}

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

process.chdir(ROOT)
const args = [...SERVER_NODE_FLAGS, join(ROOT, 'server', 'server.ts')]
const childEnv = {
  // glibc gives each thread that allocates its own malloc arena; scrypt's 16 MiB buffers, hashed
  // on libuv's pool threads, then stayed resident in four of them: after 80 sign-ins the server
  // held 150–180 MB PSS, with two arenas 95–105 MB, at the same sign-in rate (measured here).
  MALLOC_ARENA_MAX: '2',
  ...serverEnv,
  WB_QUICK_START_AT: String(startedAt),
}
if (process.execve) {
  process.execve(process.execPath, [process.execPath, ...args], childEnv)
} else {
  // Windows has no execve: run the server as a child and pass the signals on.
  const server = spawn(process.execPath, args, { stdio: 'inherit', env: childEnv })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      server.kill(signal)
    })
  }
  server.on('exit', (code, signal) => {
    process.exit(code ?? (signal ? 1 : 0))
  })
}
