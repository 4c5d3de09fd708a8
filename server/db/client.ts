import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from './schema.ts'

/** The Drizzle database every repository takes. */
export type Db = NodePgDatabase<typeof schema>

/** A node-postgres pool sized for one server process. */
export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 })
  // An idle client that loses its connection (database restart) must not crash the process.
  pool.on('error', () => undefined)
  return pool
}

/** Drizzle over a pool, with the schema for relational queries. */
export function createDb(pool: pg.Pool): Db {
  return drizzle({ client: pool, schema })
}
