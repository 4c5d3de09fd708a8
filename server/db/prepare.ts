/**
 * Readies a database for the server: migrate, then create the demo data in an empty one (or move
 * an old demo history forward to now). The server runs this file as a child process
 * (`prepareInChild`): generating 90 days of history takes ~300 MB that a long-running server would
 * otherwise keep mapped after the seed is done; a child gives it all back when it exits.
 */
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { createDb, createPool } from './client.ts'
import { advanceDemoClock } from './demo-fleet.ts'
import { migrateDatabase, withMigrationLock } from './migrate.ts'
import { isEmpty, seedDemoData } from './seed.ts'
import { parseEnv, type Env } from '../env.ts'
import { scryptParams } from '../lib/passwords.ts'

/** A line of progress, sent to the server's log. */
export type PrepareMessage = { msg: string; data?: Record<string, unknown> }

const URL_VARIABLE = 'WB_PREPARE_DATABASE_URL'

/** Migrates and seeds (or moves the demo clock of) the database at `connectionString`. */
export async function prepareDatabase(
  connectionString: string,
  env: Env,
  report: (message: PrepareMessage) => void,
): Promise<void> {
  await withMigrationLock(connectionString, async (client) => {
    await migrateDatabase(client)
    const pool = createPool(connectionString, 2)
    try {
      const db = createDb(pool)
      if (await isEmpty(db)) {
        report({ msg: 'empty database: creating the demo data' })
        await seedDemoData(db, {
          scrypt: scryptParams(env.SCRYPT_COST),
          passwordExpiryDays: env.PASSWORD_EXPIRY_DAYS,
          lockoutsBeforePermanent: env.LOCKOUTS_BEFORE_PERMANENT,
        })
      } else if (env.DEMO_FLEET) {
        const shiftMs = await advanceDemoClock(db, new Date())
        if (shiftMs > 0) {
          report({
            msg: 'demo history moved forward to now',
            data: { hours: Math.round(shiftMs / 360_000) / 10 },
          })
        }
      }
    } finally {
      await pool.end()
    }
  })
}

/**
 * Runs prepareDatabase in a child process with the same settings, passing its progress to
 * `report`; rejects when the child fails. `onChild` receives the child so that a shutdown during
 * preparation can stop it.
 */
export async function prepareInChild(
  connectionString: string,
  env: Env,
  report: (message: PrepareMessage) => void,
  onChild: (child: { kill: (signal?: NodeJS.Signals) => boolean }) => void = () => undefined,
): Promise<void> {
  const child = fork(import.meta.filename, [], {
    env: {
      ...process.env,
      [URL_VARIABLE]: connectionString,
      // Decided by the parent: with the embedded database the child sees a DATABASE_URL-less env.
      DEMO_FLEET: env.DEMO_FLEET ? '1' : '0',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  onChild(child)
  child.on('message', (message: PrepareMessage) => {
    report(message)
  })
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null]
  if (code !== 0) {
    throw new Error(
      `preparing the database failed (${signal ? `signal ${signal}` : `exit code ${String(code)}`})`,
    )
  }
}

if (import.meta.main) {
  const connectionString = process.env[URL_VARIABLE]
  if (!connectionString || !process.send) {
    console.error(`server/db/prepare.ts is run by the server (${URL_VARIABLE} and IPC missing)`)
    process.exit(2)
  }
  const send = process.send.bind(process)
  prepareDatabase(connectionString, parseEnv(process.env), (message) => send(message))
    .then(() => {
      process.disconnect()
    })
    .catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
}
