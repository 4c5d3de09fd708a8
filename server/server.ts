/**
 * The Whitebox server process: parse the env, start the embedded PostgreSQL unless DATABASE_URL is
 * set, migrate (and seed an empty database), listen on HOST:PORT, and on SIGINT/SIGTERM close the
 * app before stopping the database.
 */
import Fastify from 'fastify'
import { app, serverOptions } from './app.ts'
import { createDb, createPool } from './db/client.ts'
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts'
import { migrateDatabase, withMigrationLock } from './db/migrate.ts'
import { advanceDemoClock, startDemoHeartbeat } from './db/demo-fleet.ts'
import { isEmpty, seedDemoData } from './db/seed.ts'
import { EnvError, parseEnv, resolveJwtSecret, type Env } from './env.ts'
import { scryptParams } from './lib/passwords.ts'

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

/** Resolves to the embedded database once started (null with DATABASE_URL or before start). */
let embedded: Promise<EmbeddedDatabase | null> = Promise.resolve(null)
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

async function prepareDatabase(connectionString: string): Promise<void> {
  await withMigrationLock(connectionString, async (client) => {
    await migrateDatabase(client)
    const pool = createPool(connectionString, 2)
    try {
      const db = createDb(pool)
      if (await isEmpty(db)) {
        log.info('empty database: creating the demo data')
        await seedDemoData(db, {
          scrypt: scryptParams(env.SCRYPT_COST),
          passwordExpiryDays: env.PASSWORD_EXPIRY_DAYS,
          lockoutsBeforePermanent: env.LOCKOUTS_BEFORE_PERMANENT,
        })
      } else if (env.DEMO_FLEET) {
        const shiftMs = await advanceDemoClock(db, new Date())
        if (shiftMs > 0) {
          log.info(
            { hours: Math.round(shiftMs / 360_000) / 10 },
            'demo history moved forward to now',
          )
        }
      }
    } finally {
      await pool.end()
    }
  })
}

async function main(): Promise<void> {
  let connectionString = env.DATABASE_URL
  if (!connectionString) {
    embedded = startEmbeddedPostgres({
      dataDir: env.DATA_DIR,
      log: (message) => {
        log.debug({ source: 'postgres' }, message)
      },
    })
    connectionString = (await embedded)?.connectionString ?? ''
    log.info({ dataDir: env.DATA_DIR }, 'embedded PostgreSQL started')
  }
  if (shuttingDown) return
  await prepareDatabase(connectionString)

  const pool = createPool(connectionString)
  const db = createDb(pool)
  await fastify.register(app, { env, jwtSecret: await resolveJwtSecret(env), db })
  const stopHeartbeat = env.DEMO_FLEET
    ? startDemoHeartbeat(db, (error) => {
        log.warn({ err: error }, 'demo fleet heartbeat failed')
      })
    : () => undefined
  fastify.addHook('onClose', async () => {
    stopHeartbeat()
    await pool.end()
  })

  await fastify.listen({ host: env.HOST, port: env.PORT })
  log.info(
    { url: `http://${env.HOST}:${env.PORT}`, readyMs: Math.round(performance.now() - started) },
    'Whitebox is serving',
  )
}

main().catch((error: unknown) => {
  log.fatal(error instanceof Error ? { err: error } : { error }, 'the server could not start')
  void shutdown('start-up failure', 1)
})
