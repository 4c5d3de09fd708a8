/**
 * One PostgreSQL per test run (embedded in a temp dir, or DATABASE_URL's server), one migrated and
 * seeded template database, and a static-files fixture. Each test app clones its own database from
 * the template (server/test/helpers.ts), so files run in parallel without sharing state.
 */
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { createDb, createPool } from '../db/client.ts'
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts'
import { migrateDatabase, withMigrationLock } from '../db/migrate.ts'
import { seedDemoData } from '../db/seed.ts'
import { ENTERPRISE_TEST } from '../db/seed-enterprise.ts'
import { scryptParams } from '../lib/passwords.ts'
import { databaseUrl, TEST_SCRYPT_COST, TEST_SETTINGS } from './settings.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string to a database from which test databases can be created. */
    adminDatabaseUrl: string
    templateDatabase: string
    /** Prefix of every database this run creates (dropped in teardown). */
    databasePrefix: string
    staticDir: string
  }
}

async function writeStaticFixture(dir: string): Promise<void> {
  await mkdir(join(dir, 'assets'), { recursive: true })
  const files: Record<string, string> = {
    'index.html':
      '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
    'assets/index-abc123.js': 'console.log("app")',
    'assets/index-abc123.css': 'body{margin:0}',
    'sw.js': 'self.addEventListener("fetch", () => {})',
    'registerSW.js': 'navigator.serviceWorker.register("/sw.js")',
    'manifest.webmanifest': '{"name":"Whitebox"}',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  }
  for (const [name, content] of Object.entries(files)) {
    await writeFile(join(dir, name), content)
  }
}

/** Vitest global setup: see the file comment. Returns the teardown. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workDir = await mkdtemp(join(tmpdir(), 'wb-server-test-'))
  // The embedded server runs as the postgres user when we are root: it must reach its data dir.
  await chmod(workDir, 0o755)
  const staticDir = join(workDir, 'static')
  await writeStaticFixture(staticDir)

  let embedded: EmbeddedDatabase | null = null
  let adminUrl = process.env.DATABASE_URL
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: join(workDir, 'data'),
      // Test databases are thrown away: durability only costs time here.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    })
    adminUrl = embedded.adminConnectionString
  }

  const prefix = `wb_test_${randomBytes(4).toString('hex')}_`
  const template = `${prefix}template`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(template)}`)

  const templateUrl = databaseUrl(adminUrl, template)
  await withMigrationLock(templateUrl, async (client) => {
    await migrateDatabase(client)
  })
  const pool = createPool(templateUrl, 2)
  await seedDemoData(createDb(pool), {
    scrypt: scryptParams(TEST_SCRYPT_COST),
    passwordExpiryDays: Number(TEST_SETTINGS.PASSWORD_EXPIRY_DAYS),
    lockoutsBeforePermanent: Number(TEST_SETTINGS.LOCKOUTS_BEFORE_PERMANENT),
    enterprise: ENTERPRISE_TEST,
  })
  // A template must have no open connection while it is cloned.
  await pool.end()

  project.provide('adminDatabaseUrl', adminUrl)
  project.provide('templateDatabase', template)
  project.provide('databasePrefix', prefix)
  project.provide('staticDir', staticDir)

  return async () => {
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [prefix],
      )
      for (const { datname } of rows) {
        await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(datname)} WITH (FORCE)`)
      }
    } finally {
      await admin.end()
      await embedded?.stop()
      await rm(workDir, { recursive: true, force: true })
    }
  }
}
