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
import { serialNumberFor } from './serial-number.ts'
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import {
  countries,
  grants,
  isps,
  organisations,
  owners,
  packages,
  panels,
  units,
  userUnits,
  users,
  volunteerSignups,
} from './schema.ts'
import { hashPassword, type ScryptParams } from '../lib/passwords.ts'
import {
  DEMO_PASSWORD,
  FLEET_CUSTOMERS,
  fleetCustomerEmail,
  type DemoAccount,
} from './demo-accounts.ts'
import { seedConsumerData } from './seed-consumer.ts'
import { seedFeatureUpdates } from './seed-feature-updates.ts'
import { seedFlags } from './seed-flags.ts'
import { seedHelpCentre } from './seed-help-centre.ts'
import { seedSignups } from './seed-signups.ts'

export type SeedOptions = {
  scrypt: ScryptParams
  passwordExpiryDays: number
  lockoutsBeforePermanent: number
  now?: Date
  /** Days of synthetic measurement history (90 by default; tests may ask for fewer). */
  measurementDays?: number
}

/** A stable UUID (v5 layout) from a name, so the demo users keep their `sub` across re-seeds. */
function stableUuid(name: string): string {
  const hex = createHash('sha1').update(`whitebox-demo:${name}`).digest('hex').slice(0, 32)
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** Owners of every fourth panel-3 fleet unit (6 of 24). */
export { FLEET_CUSTOMERS } from './demo-accounts.ts'

/** Units on panel 3 awaiting their first results (no synthetic history; see seed-consumer.ts). */
export const NEW_INSTALLS_ON_PANEL_3 = 36
export const NEW_INSTALL_STATE = 'awaiting_first_results'

/**
 * The demo units, in id order: the personal ones on panel 1 (ids 1..6: owner, ISP, label), then
 * the fleets of the enterprise panels (panel, unit count, ISPs), then panel 3's new installs.
 * Exported so that scripts/labels.ts prints the labels of exactly these units.
 */
export const DEMO_PERSONAL_UNITS: readonly [owner: DemoAccount, isp: string, label: string][] = [
  ['consumer', 'Spark', 'Living room'],
  ['multi', 'One NZ', 'Home office'],
  ['locked', '2degrees', 'Study'],
  ['expired', 'Spark', 'Lounge'],
  ['disabled', 'One NZ', 'Garage'],
  ['migrated', '2degrees', 'Hallway'],
]
export const DEMO_FLEETS: readonly [pid: number, count: number, isps: readonly string[]][] = [
  [1, 12, ['Spark', 'One NZ', '2degrees']],
  [2, 16, ['Telstra', 'Optus', 'Aussie Broadband']],
  [3, 24, ['Telstra', 'Optus', 'Aussie Broadband']],
  [4, 8, ['Omantel', 'Ooredoo Oman', 'Awasr']],
  [5, 8, ['stc', 'Mobily', 'Zain KSA']],
]

/** A demo unit's MAC: D8:4F:B8:10 and two bytes of the unit id. */
export function demoMac(index: number): string {
  const bytes = [0xd8, 0x4f, 0xb8, 0x10, (index >> 8) & 0xff, index & 0xff]
  return bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':')
}

const COUNTRIES = [
  { id: 14, name: 'Australia', code: 'AU' },
  { id: 158, name: 'New Zealand', code: 'NZ' },
  { id: 169, name: 'Oman', code: 'OM' },
  { id: 195, name: 'Saudi Arabia', code: 'SA' },
  { id: 235, name: 'United Kingdom', code: 'GB' },
]

type PackageSeed = [name: string, downKbps: number, upKbps: number]
const ISPS: { country: number; name: string; packages: PackageSeed[] }[] = [
  {
    country: 235,
    name: 'BT',
    packages: [
      ['Full Fibre 150', 150_000, 30_000],
      ['Full Fibre 500', 500_000, 73_000],
      ['Full Fibre 900', 900_000, 110_000],
    ],
  },
  {
    country: 235,
    name: 'Virgin Media',
    packages: [
      ['M125 Fibre', 132_000, 20_000],
      ['M350 Fibre', 362_000, 36_000],
      ['Gig1 Fibre', 1_130_000, 104_000],
    ],
  },
  {
    country: 235,
    name: 'Sky Broadband',
    packages: [
      ['Superfast', 61_000, 16_000],
      ['Ultrafast', 145_000, 27_000],
    ],
  },
  {
    country: 158,
    name: 'Spark',
    packages: [
      ['Fibre 300', 300_000, 100_000],
      ['Fibre Max', 900_000, 500_000],
    ],
  },
  {
    country: 158,
    name: 'One NZ',
    packages: [
      ['Fibre 300', 300_000, 100_000],
      ['Fibre Max', 900_000, 500_000],
      ['Wireless Broadband', 50_000, 10_000],
    ],
  },
  {
    country: 158,
    name: '2degrees',
    packages: [
      ['Fibre 100', 100_000, 20_000],
      ['Fibre 900', 900_000, 500_000],
    ],
  },
  {
    country: 14,
    name: 'Telstra',
    packages: [
      ['NBN Standard Plus (50/20)', 50_000, 20_000],
      ['NBN Premium (100/40)', 100_000, 40_000],
      ['NBN Superfast (500/50)', 500_000, 50_000],
    ],
  },
  {
    country: 14,
    name: 'Optus',
    packages: [
      ['NBN Everyday (25/10)', 25_000, 10_000],
      ['NBN Fast (100/20)', 100_000, 20_000],
    ],
  },
  {
    country: 14,
    name: 'Aussie Broadband',
    packages: [
      ['NBN 100/20', 100_000, 20_000],
      ['NBN 1000/50', 1_000_000, 50_000],
    ],
  },
  {
    country: 169,
    name: 'Omantel',
    packages: [
      ['Home Fibre 100', 100_000, 50_000],
      ['Home Fibre 500', 500_000, 250_000],
    ],
  },
  {
    country: 169,
    name: 'Ooredoo Oman',
    packages: [
      ['Fibre Home 60', 60_000, 30_000],
      ['Fibre Home 300', 300_000, 150_000],
    ],
  },
  {
    country: 169,
    name: 'Awasr',
    packages: [
      ['Awasr 100', 100_000, 50_000],
      ['Awasr 1000', 1_000_000, 500_000],
    ],
  },
  {
    country: 195,
    name: 'stc',
    packages: [
      ['Fiber 100', 100_000, 50_000],
      ['Fiber 500', 500_000, 250_000],
      ['5G Home', 300_000, 50_000],
    ],
  },
  {
    country: 195,
    name: 'Mobily',
    packages: [
      ['Fiber 200', 200_000, 100_000],
      ['Fiber 1000', 1_000_000, 500_000],
    ],
  },
  {
    country: 195,
    name: 'Zain KSA',
    packages: [
      ['5G Home 200', 200_000, 40_000],
      ['5G Home Unlimited', 500_000, 60_000],
    ],
  },
]

const ORGANISATIONS = [
  { id: 1, name: 'Aotearoa Broadband Study' },
  { id: 2, name: 'Southern Cross Networks' },
  { id: 3, name: 'Gulf Connectivity Programme' },
  { id: 123, name: 'Whitebox Staff' },
]

const PANELS = [
  { pid: 1, frontName: 'New Zealand Broadband Study', organisationId: 1 },
  { pid: 2, frontName: 'Southern Cross Multiview', organisationId: 2 },
  { pid: 3, frontName: 'Southern Cross Constant Care', organisationId: 2 },
  { pid: 4, frontName: 'Oman Broadband Study', organisationId: 3 },
  { pid: 5, frontName: 'Saudi Broadband Study', organisationId: 3 },
]

type UserSeed = {
  name: DemoAccount
  firstName: string
  lastName: string
  organisationId: number | null
}
const USERS: UserSeed[] = [
  { name: 'consumer', firstName: 'Aroha', lastName: 'Wilson', organisationId: null },
  { name: 'volunteer', firstName: 'Liam', lastName: 'Parata', organisationId: null },
  { name: 'engineer', firstName: 'Mei', lastName: 'Chen', organisationId: 2 },
  { name: 'analyst', firstName: 'Priya', lastName: 'Raman', organisationId: 2 },
  { name: 'admin', firstName: 'Tom', lastName: 'Fletcher', organisationId: 2 },
  { name: 'staff', firstName: 'Sam', lastName: 'Okafor', organisationId: 123 },
  { name: 'multi', firstName: 'Noah', lastName: 'Tane', organisationId: 1 },
  { name: 'locked', firstName: 'Lena', lastName: 'Fischer', organisationId: null },
  { name: 'expired', firstName: 'Omar', lastName: 'Haddad', organisationId: null },
  { name: 'disabled', firstName: 'Dana', lastName: 'Price', organisationId: null },
  { name: 'migrated', firstName: 'Marc', lastName: 'Tremblay', organisationId: null },
]

type Scope = Record<string, number | string> | null
type GrantSeed = [resource: string, permission: string, scope: Scope]

function onPanels(resource: string, permissions: string[], pids: number[]): GrantSeed[] {
  return permissions.flatMap((permission) =>
    pids.map((panel): GrantSeed => [resource, permission, { panel }]),
  )
}

/** Inserts the demo data into an empty database (every table of the schema must be empty). */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date()
  const day = 86_400_000
  const hashes = await Promise.all(USERS.map(() => hashPassword(DEMO_PASSWORD, options.scrypt)))

  await db.transaction(async (tx) => {
    await tx.insert(countries).values(COUNTRIES)

    let ispId = 0
    let packageId = 0
    const ispRows: (typeof isps.$inferInsert)[] = []
    const packageRows: (typeof packages.$inferInsert)[] = []
    const firstPackage = new Map<string, { ispId: number; packageId: number }>()
    for (const isp of ISPS) {
      ispId += 1
      ispRows.push({ id: ispId, countryId: isp.country, name: isp.name })
      for (const [name, downloadKbps, uploadKbps] of isp.packages) {
        packageId += 1
        packageRows.push({ id: packageId, ispId, name, downloadKbps, uploadKbps })
        if (!firstPackage.has(isp.name)) firstPackage.set(isp.name, { ispId, packageId })
      }
    }
    await tx.insert(isps).values(ispRows)
    await tx.insert(packages).values(packageRows)
    const plan = (isp: string) => {
      const found = firstPackage.get(isp)
      if (!found) throw new Error(`seed: unknown ISP ${isp}`)
      return found
    }

    // Owners 1..n for organisations, then one per user (presets and dashboards belong to owners).
    const orgOwnerIds = new Map(ORGANISATIONS.map((org, i) => [org.id, i + 1]))
    await tx.insert(owners).values([
      ...ORGANISATIONS.map((org, i) => ({ id: i + 1, name: org.name })),
      ...USERS.map((user, i) => ({
        id: ORGANISATIONS.length + i + 1,
        name: `${user.firstName} ${user.lastName}`,
      })),
    ])
    await tx
      .insert(organisations)
      .values(ORGANISATIONS.map((org) => ({ ...org, ownerId: orgOwnerIds.get(org.id) ?? null })))
    await tx.insert(panels).values(PANELS)

    const userIds = new Map<DemoAccount, number>()
    await tx.insert(users).values(
      USERS.map((user, i) => {
        const id = i + 1
        userIds.set(user.name, id)
        const row: typeof users.$inferInsert = {
          id,
          sub: stableUuid(user.name),
          email: `${user.name}@example.com`,
          firstName: user.firstName,
          lastName: user.lastName,
          passwordHash: hashes[i] ?? '',
          organisationId: user.organisationId,
          ownerId: ORGANISATIONS.length + i + 1,
          defaultLocale: 'en_GB',
          passwordChangedAt: new Date(now.getTime() - 7 * day),
        }
        switch (user.name) {
          case 'locked':
            // A permanent lock: the demo account stays locked however long ago it was seeded.
            row.permanentlyLocked = true
            break
          case 'expired':
            row.passwordChangedAt = new Date(now.getTime() - (options.passwordExpiryDays + 1) * day)
            break
          case 'disabled':
            row.status = 'disabled'
            break
          case 'migrated':
            row.migration = 'moved'
            break
          default:
            break
        }
        return row
      }),
    )
    const uid = (name: DemoAccount) => userIds.get(name) ?? 0

    // Customers of panel 3's ISPs whose units an engineer finds by email (seeds 001 §2.4 search).
    // They sign in with the demo password too (listed in the README and npm start's banner).
    const customerIds = FLEET_CUSTOMERS.map((_, i) => USERS.length + i + 1)
    await tx.insert(users).values(
      FLEET_CUSTOMERS.map(([firstName, lastName], i) => ({
        id: customerIds[i],
        sub: stableUuid(`customer-${String(i + 1)}`),
        email: fleetCustomerEmail(firstName, lastName),
        firstName,
        lastName,
        passwordHash: hashes[0] ?? '',
        defaultLocale: 'en_GB' as const,
        passwordChangedAt: new Date(now.getTime() - 30 * day),
      })),
    )

    // Units: the personal ones first (ids 1..6), then the fleets of the enterprise panels.
    const personal = DEMO_PERSONAL_UNITS
    const unitRows: (typeof units.$inferInsert)[] = personal.map(([owner, isp, label], i) => ({
      id: i + 1,
      mac: demoMac(i + 1),
      serialNumber: serialNumberFor(i + 1),
      label,
      panelId: 1,
      ownerUserId: uid(owner),
      isTtCompatible: true,
      ...plan(isp),
    }))
    for (const [pid, count, fleetIsps] of DEMO_FLEETS) {
      for (let n = 1; n <= count; n += 1) {
        const id = unitRows.length + 1
        unitRows.push({
          id,
          mac: demoMac(id),
          serialNumber: serialNumberFor(id),
          label: `Panel ${pid} unit ${String(n).padStart(2, '0')}`,
          panelId: pid,
          // Every fourth panel-3 unit belongs to one of the fleet customers.
          ownerUserId: pid === 3 && n % 4 === 1 ? (customerIds[(n - 1) / 4] ?? null) : null,
          // Every third unit runs older firmware without instant tests.
          isTtCompatible: n % 3 !== 0,
          ...plan(fleetIsps[n % fleetIsps.length] ?? 'Telstra'),
        })
      }
    }
    // Panel 3 also has units installed this week that have not reported results yet, so an
    // engineer's unit list runs past one page of 50 (seeds 001 §9) without more synthetic history.
    for (let n = 1; n <= NEW_INSTALLS_ON_PANEL_3; n += 1) {
      const id = unitRows.length + 1
      unitRows.push({
        id,
        mac: demoMac(id),
        serialNumber: serialNumberFor(id),
        label: `Panel 3 new install ${String(n).padStart(2, '0')}`,
        panelId: 3,
        ownerUserId: null,
        isTtCompatible: true,
        lastSeen: new Date(now.getTime() - (1 + (n % 4)) * 60_000),
        timezone: 'Australia/Sydney',
        environment: { install_state: NEW_INSTALL_STATE, connection: 'fibre' },
        ...plan(['Telstra', 'Optus', 'Aussie Broadband'][n % 3] ?? 'Telstra'),
      })
    }
    await tx.insert(units).values(unitRows)
    await tx
      .insert(userUnits)
      .values([
        ...personal.map(([owner], i) => ({ userId: uid(owner), unitId: i + 1 })),
        ...unitRows.flatMap((row) =>
          row.id !== undefined && row.ownerUserId && customerIds.includes(row.ownerUserId)
            ? [{ userId: row.ownerUserId, unitId: row.id }]
            : [],
        ),
      ])

    const unitOf = (owner: DemoAccount) => personal.findIndex(([name]) => name === owner) + 1
    const agentOnOwnUnit = (owner: DemoAccount): GrantSeed[] => [
      ['Agent', 'trigger_testing', { unit: unitOf(owner) }],
      ['Agent', 'unit_manage', { unit: unitOf(owner) }],
    ]
    const grantSeeds: [DemoAccount, GrantSeed[]][] = [
      ['consumer', agentOnOwnUnit('consumer')],
      [
        'engineer',
        [
          ...onPanels('Unit', ['search', 'test_view', 'outages_view'], [3]),
          ...onPanels('test-measurements', ['barcode_scanner'], [3]),
          ...onPanels('Agent', ['trigger_testing'], [3]),
        ],
      ],
      [
        'analyst',
        [
          ...onPanels('Apollo', ['analytics', 'analytics_ui', 'agents_view'], [2, 3]),
          ...onPanels(
            'test-measurements',
            ['network_performance', 'advanced_analytics', 'maps', 'reports', 'data_api'],
            [2, 3],
          ),
          ...onPanels('anomaly-detection', ['view'], [2, 3]),
        ],
      ],
      [
        'admin',
        onPanels(
          'test-measurements',
          [
            'metadata_manage',
            'agents_manage',
            'agents_view',
            'admin_users_manage',
            'manage_products',
            'test_schedules_manage',
            'cpe_api_manage',
          ],
          [2, 3],
        ),
      ],
      [
        'staff',
        [
          ['Global', 'senior_developer', null],
          ...['units', 'users', 'signups', 'organisations', 'panels', 'isps', 'test_schedules'].map(
            (permission): GrantSeed => ['Administration', permission, null],
          ),
        ],
      ],
      [
        'multi',
        [
          ...onPanels('Apollo', ['analytics', 'analytics_ui'], [1]),
          ...onPanels('test-measurements', ['reports', 'data_api'], [1]),
          ...agentOnOwnUnit('multi'),
        ],
      ],
      ['locked', agentOnOwnUnit('locked')],
      ['expired', agentOnOwnUnit('expired')],
      ['disabled', agentOnOwnUnit('disabled')],
      ['migrated', agentOnOwnUnit('migrated')],
    ]
    await tx.insert(grants).values(
      grantSeeds.flatMap(([user, list]) =>
        list.map(([resource, permission, scope]) => ({
          userId: uid(user),
          resource,
          permission,
          scope,
        })),
      ),
    )

    const spark = plan('Spark')
    await tx.insert(volunteerSignups).values({
      id: 1,
      userId: uid('volunteer'),
      owner: 'nz',
      status: 'waiting_list',
      countryId: 158,
      ispId: spark.ispId,
      packageId: spark.packageId,
    })

    // Explicit ids leave the serial sequences behind; move them past the seeded rows.
    for (const [table, column] of [
      ['owners', 'id'],
      ['organisations', 'id'],
      ['panels', 'pid'],
      ['users', 'id'],
      ['isps', 'id'],
      ['packages', 'id'],
      ['units', 'id'],
      ['volunteer_signups', 'id'],
    ] as const) {
      await tx.execute(
        sql.raw(
          `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), (SELECT max(${column}) FROM ${table}))`,
        ),
      )
    }
  })
  // Outside the transaction: the measurement history is large and inserted in batches.
  await seedConsumerData(db, { now, days: options.measurementDays ?? 90 })
  await seedFeatureUpdates(db, now)
  await seedFlags(db)
  await seedSignups(db, now)
  await seedHelpCentre(db, now)
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
