import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

// Any fixed number: several instances starting together on one database take turns.
const MIGRATION_LOCK = 7_461_022

/**
 * Runs `work` on one connection while holding the migration advisory lock, so that only one
 * instance migrates or seeds at a time.
 */
export async function withMigrationLock<T>(
  connectionString: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    return await work(client)
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    await client.end()
  }
}

/** Applies the committed drizzle-kit migrations that the database has not seen yet. */
export async function migrateDatabase(client: pg.Client): Promise<void> {
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER })
}
