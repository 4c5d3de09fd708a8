/**
 * The Whitebox server process: parse the env, start the embedded PostgreSQL unless DATABASE_URL is
 * set, migrate (and seed an empty database), listen on HOST:PORT, and on SIGINT/SIGTERM close the
 * app before stopping the database.
 */
import Fastify from 'fastify'
import { app, serverOptions } from './app.ts'
import { createDb, createPool } from './db/client.ts'
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts'
import { startDemoHeartbeat } from './db/demo-fleet.ts'
import { httpPost, startDemoReporter } from './db/demo-reporter.ts'
import { prepareInChild } from './db/prepare.ts'
import { EnvError, isLoopbackHost, parseEnv, resolveJwtSecret, type Env } from './env.ts'
import { quickStartBanner } from './lib/quick-start.ts'
import { portProblem } from './lib/port.ts'
import { startAnomalyDetector } from './services/anomaly/job.ts'

function loadEnv(): Env {
  try {
    return parseEnv(process.env)
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

const env = loadEnv()
// The instance exists before the database so that starting it is logged the same way.
const fastify = Fastify(serverOptions(env, { level: env.LOG_LEVEL }))
const log = fastify.log
const started = performance.now()

/**
 * The embedded PostgreSQL sized for a small machine that also runs the app (issue 20's idle
 * budget: the whole `npm start` tree ≤ 250 MB). PostgreSQL's defaults take 128 MB of shared
 * buffers, which the seed fills and the background writer then keeps resident; reads beyond 32 MB
 * come from the OS page cache instead (not counted against the process, and still in memory on
 * a machine with room). No I/O worker processes (synchronous I/O, as before PostgreSQL 18) and no
 * logical replication launcher: the embedded database serves this one app.
 */
const EMBEDDED_POSTGRES_SETTINGS = {
  shared_buffers: '32MB',
  io_method: 'sync',
  max_logical_replication_workers: '0',
  max_connections: '50',
  huge_pages: 'off',
}

/** Resolves to the embedded database once started (null with DATABASE_URL or before start). */
let embedded: Promise<EmbeddedDatabase | null> = Promise.resolve(null)
/** The database preparation's child process while it runs. */
let preparing: { kill: (signal?: NodeJS.Signals) => boolean } | null = null
let shuttingDown = false

/** Closes the app (in-flight requests finish), then stops the embedded database, then exits. */
async function shutdown(signal: string, code = 0): Promise<void> {
  if (shuttingDown) return
  shuttingDown = true
  log.info({ signal }, 'shutting down')
  // A hung close must not keep the port and the database forever.
  setTimeout(() => {
    log.error('shutdown timed out')
    process.exit(1)
  }, 15_000).unref()
  try {
    preparing?.kill('SIGTERM')
    await fastify.close()
  } finally {
    // Also when the signal came while PostgreSQL was still starting: wait for it, then stop it.
    const database = await embedded.catch(() => null)
    await database?.stop()
  }
  process.exit(code)
}

// Registered before anything starts, so that Ctrl+C during start-up still stops PostgreSQL.
// 'on', not 'once': Ctrl+C reaches the server twice (terminal and npm start); the second must not
// fall through to Node's default handler and cut the shutdown short.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, (name) => void shutdown(name))
}

async function main(): Promise<void> {
  // Before any database is started or created: another server on the port makes all of it moot.
  const problem = await portProblem(env.HOST, env.PORT)
  if (problem) {
    log.fatal(problem)
    console.error(`\n${problem}\n`)
    process.exit(1)
  }
  let connectionString = env.DATABASE_URL
  if (!connectionString) {
    embedded = startEmbeddedPostgres({
      dataDir: env.DATA_DIR,
      settings: EMBEDDED_POSTGRES_SETTINGS,
      log: (message) => {
        log.debug({ source: 'postgres' }, message)
      },
    })
    connectionString = (await embedded)?.connectionString ?? ''
    log.info({ dataDir: env.DATA_DIR }, 'embedded PostgreSQL started')
  }
  if (shuttingDown) return
  await prepareInChild(
    connectionString,
    env,
    (message) => {
      log.info(message.data ?? {}, message.msg)
    },
    (child) => {
      preparing = child
    },
  )
  // A shutdown meanwhile killed the child, and prepareInChild threw: nothing to check here.
  preparing = null

  const pool = createPool(connectionString)
  const db = createDb(pool)
  await fastify.register(app, { env, jwtSecret: await resolveJwtSecret(env), db })
  const stopHeartbeat = env.DEMO_FLEET
    ? startDemoHeartbeat(db, (error) => {
        log.warn({ err: error }, 'demo fleet heartbeat failed')
      })
    : () => undefined
  const stopDetector = startAnomalyDetector(db, (error, panelId) => {
    log.warn({ err: error, panelId }, 'anomaly detection failed')
  })
  let stopReporter: () => void = () => undefined
  fastify.addHook('onClose', async () => {
    stopDetector()
    stopReporter()
    stopHeartbeat()
    await pool.end()
  })

  await fastify.listen({ host: env.HOST, port: env.PORT })
  // The enterprise demo fleet posts its results through ingestion (reached on loopback).
  if (env.DEMO_FLEET && (isLoopbackHost(env.HOST) || ['0.0.0.0', '::'].includes(env.HOST))) {
    stopReporter = startDemoReporter(
      db,
      httpPost(`http://127.0.0.1:${String(env.PORT)}`),
      (error) => {
        log.warn({ err: error }, 'demo fleet report failed')
      },
    )
  }
  log.info(
    { url: `http://${env.HOST}:${env.PORT}`, readyMs: Math.round(performance.now() - started) },
    'Whitebox is serving',
  )
  // `npm start` (scripts/start.ts) became this process: say where the app is, as it would have.
  const quickStartAt = Number(process.env.WB_QUICK_START_AT)
  if (quickStartAt > 0) console.log(quickStartBanner(env, (Date.now() - quickStartAt) / 1000))
}

main().catch((error: unknown) => {
  log.fatal(error instanceof Error ? { err: error } : { error }, 'the server could not start')
  void shutdown('start-up failure', 1)
})
