/**
 * The demo data `npm start` creates on an empty database (and `npm run db:seed` re-creates).
 * Deterministic: the same ids, subs, MAC addresses and grants on every run (only password salts
 * differ). Every demo account signs in as <name>@example.com with DEMO_PASSWORD.
 *
 * Grant resources use the seeds' names. The seeds call the panel-scoped enterprise grant "Apollo"
 * in document 1 and "test-measurements" in document 2; they are kept apart as follows, and the
 * client checks the same pairs:
 * - Apollo {panel}: the analytics-group permissions of seeds 000 §6 — analytics, analytics_ui,
 *   agents_view, unit_test_schedules_manage.
 * - test-measurements {panel}: the section of seeds 001 §6 — network_performance, reports, maps,
 *   advanced_analytics, data_api, metadata_api_manage, cpe_api_manage, test_schedules_manage — and
 *   the admin-section permissions listed "under the test measurements grant": agents_manage,
 *   agents_view, agent_owners_manage, admin_users_manage, metadata_manage, manage_products,
 *   cpe_subscriptions_manage, instant_test_api_manage, barcode_scanner.
 * - Unit {panel}: search, test_view, outages_view (seeds 001 §6 "unit").
 * - anomaly-detection {panel}: view.
 * - Agent {unit} or {panel}: trigger_testing, unit_manage.
 * - Owner {owner}: org_super_admin.
 * - Global (unscoped): senior_developer, developer.
 * - Administration (unscoped): units, users, signups, organisations, panels, isps, test_schedules
 *   (the internal area's view permissions).
 * A grant without scope is `true` in myGrants; scoped grants list their scope objects.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import type { ScryptParams } from '../lib/passwords.ts'
import { hashDemoPasswords, seedAccounts } from './seed-accounts.ts'
import { seedAdmin } from './seed-admin.ts'
import { seedConsumerData } from './seed-consumer.ts'
import { seedDashboards } from './seed-dashboards.ts'
import {
  demoIncidents,
  ENTERPRISE_DEMO,
  seedEnterprise,
  type EnterpriseSeedOptions,
} from './seed-enterprise.ts'
import { detectAll } from '../services/anomaly/detector.ts'
import { seedMaps } from './seed-maps.ts'
import { seedFeatureUpdates } from './seed-feature-updates.ts'
import { seedFlags } from './seed-flags.ts'
import { seedGrants } from './seed-grants.ts'
import { seedHelpCentre } from './seed-help-centre.ts'
import { seedOrganisations } from './seed-organisations.ts'
import { seedPresets } from './seed-presets.ts'
import { seedReferenceData } from './seed-reference.ts'
import { seedSignups, seedVolunteerSignup } from './seed-signups.ts'
import { seedUnits } from './seed-units.ts'

export type SeedOptions = {
  scrypt: ScryptParams
  passwordExpiryDays: number
  lockoutsBeforePermanent: number
  now?: Date
  /** Days of synthetic measurement history (90 by default; tests may ask for fewer). */
  measurementDays?: number
  /** The analysts' enterprise fleet (seed-enterprise.ts; ENTERPRISE_DEMO by default). */
  enterprise?: Omit<EnterpriseSeedOptions, 'now'>
}

/** Owners of every fourth panel-3 fleet unit (6 of 24). */
export { FLEET_CUSTOMERS } from './demo-accounts.ts'
export {
  DEMO_FLEETS,
  DEMO_PERSONAL_UNITS,
  demoMac,
  NEW_INSTALL_STATE,
  NEW_INSTALLS_ON_PANEL_3,
} from './seed-units.ts'

/** Tables seeded with explicit ids, whose serial sequences must move past the seeded rows. */
const SEEDED_SEQUENCES = [
  ['owners', 'id'],
  ['organisations', 'id'],
  ['panels', 'pid'],
  ['users', 'id'],
  ['isps', 'id'],
  ['packages', 'id'],
  ['units', 'id'],
  ['volunteer_signups', 'id'],
] as const

/**
 * Inserts the demo data into an empty database (every table of the schema must be empty), one
 * area after the other: each area's module owns its rows (seed-<area>.ts).
 */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date()
  const hashes = await hashDemoPasswords(options.scrypt)

  await db.transaction(async (tx) => {
    const plan = await seedReferenceData(tx)
    await seedOrganisations(tx)
    const { uid, customerIds } = await seedAccounts(tx, hashes, {
      now,
      passwordExpiryDays: options.passwordExpiryDays,
    })
    await seedUnits(tx, { now, plan, uid, customerIds })
    await seedGrants(tx, uid)
    await seedVolunteerSignup(tx, uid, plan)

    // Explicit ids leave the serial sequences behind; move them past the seeded rows.
    for (const [table, column] of SEEDED_SEQUENCES) {
      await tx.execute(
        sql.raw(
          `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), (SELECT max(${column}) FROM ${table}))`,
        ),
      )
    }
  })
  // Outside the transaction: the measurement history is large and inserted in batches.
  await seedConsumerData(db, { now, days: options.measurementDays ?? 90 })
  await seedEnterprise(db, {
    now,
    incidents: demoIncidents(now),
    ...(options.enterprise ?? ENTERPRISE_DEMO),
  })
  await seedMaps(db, { now })
  await seedFeatureUpdates(db, now)
  await seedFlags(db)
  await seedPresets(db, now)
  await seedDashboards(db, now)
  await seedSignups(db, now)
  await seedHelpCentre(db, now)
  await seedAdmin(db, { now })
  // What the fault finder finds in the results above (the server's detector job goes on from here).
  await detectAll(db, (error, panelId) => {
    throw new Error(`anomaly detection failed on panel ${String(panelId)}`, { cause: error })
  })
}

/** Whether the database has no users yet (the server seeds it at start then). */
export async function isEmpty(db: Db): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(
    sql`SELECT NOT EXISTS (SELECT 1 FROM users) AS empty`,
  )
  return result.rows[0]?.empty ?? true
}

/** Empties every application table (not the migration history) before a re-seed. */
export async function truncateAll(db: Db): Promise<void> {
  const result = await db.execute<{ tablename: string }>(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
  )
  const names = result.rows.map((row) => `"public"."${row.tablename.replaceAll('"', '""')}"`)
  if (names.length > 0) {
    await db.execute(sql.raw(`TRUNCATE ${names.join(', ')} RESTART IDENTITY CASCADE`))
  }
}
