/**
 * `node server/db/cli.ts migrate|seed` (npm run db:migrate / db:seed). Uses DATABASE_URL, or the
 * embedded PostgreSQL in DATA_DIR: the running server's when one is up, else it starts and stops
 * its own. `seed` empties every application table and creates the demo data again.
 */
import { createDb, createPool } from './client.ts'
import { findRunningEmbedded, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts'
import { migrateDatabase, withMigrationLock } from './migrate.ts'
import { DEMO_PASSWORD } from './demo-accounts.ts'
import { seedDemoData, truncateAll } from './seed.ts'
import { ENTERPRISE_DEMO } from './seed-enterprise.ts'
import { EnvError, parseEnv } from '../env.ts'
import { scryptParams } from '../lib/passwords.ts'

const USAGE = 'usage: node server/db/cli.ts migrate|seed [--scale N]'

/**
 * `seed --scale N`: the enterprise fleet for benchmarks, N × 1,000 units with raw results for all
 * 90 days (N = 3 stores ≈ 10 M results); without it, the demo's (ENTERPRISE_DEMO).
 */
function enterpriseOption(args: string[]): EnterpriseOption | 'invalid' {
  const at = args.indexOf('--scale')
  if (at < 0) return ENTERPRISE_DEMO
  const scale = Number(args[at + 1])
  if (!Number.isInteger(scale) || scale < 1 || scale > 50) return 'invalid'
  return { units: scale * 1000, days: 90, rawDays: 90 }
}
type EnterpriseOption = { units: number; days: number; rawDays: number }

async function main(command: string | undefined, args: string[]): Promise<void> {
  const enterprise = enterpriseOption(args)
  if ((command !== 'migrate' && command !== 'seed') || enterprise === 'invalid') {
    console.error(USAGE)
    process.exitCode = 2
    return
  }
  const env = parseEnv(process.env)
  let embedded: EmbeddedDatabase | null = null
  let url = env.DATABASE_URL ?? (await findRunningEmbedded(env.DATA_DIR))
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: env.DATA_DIR })
    url = embedded.connectionString
  }
  try {
    await withMigrationLock(url, async (client) => {
      await migrateDatabase(client)
      console.log('migrations applied')
      if (command !== 'seed') return
      const pool = createPool(url, 2)
      try {
        const db = createDb(pool)
        await truncateAll(db)
        await seedDemoData(db, {
          scrypt: scryptParams(env.SCRYPT_COST),
          passwordExpiryDays: env.PASSWORD_EXPIRY_DAYS,
          lockoutsBeforePermanent: env.LOCKOUTS_BEFORE_PERMANENT,
          enterprise,
        })
        console.log(`demo data created (password for every demo account: ${DEMO_PASSWORD})`)
      } finally {
        await pool.end()
      }
    })
  } finally {
    await embedded?.stop()
  }
}

main(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error)
  process.exitCode = 1
})
