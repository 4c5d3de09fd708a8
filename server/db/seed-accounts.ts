import { createHash } from 'node:crypto'
import { hashPassword, type ScryptParams } from '../lib/passwords.ts'
import {
  DEMO_PASSWORD,
  FLEET_CUSTOMERS,
  fleetCustomerEmail,
  type DemoAccount,
} from './demo-accounts.ts'
import { owners, users } from './schema.ts'
import { DAY_MS, type SeedTx, type UserIdOf } from './seed-context.ts'
import { ORGANISATION_OWNER_COUNT } from './seed-organisations.ts'

/** A stable UUID (v5 layout) from a name, so the demo users keep their `sub` across re-seeds. */
function stableUuid(name: string): string {
  const hex = createHash('sha1').update(`whitebox-demo:${name}`).digest('hex').slice(0, 32)
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

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
  { name: 'superadmin', firstName: 'Hana', lastName: 'Takahashi', organisationId: 2 },
]

export type AccountOptions = { now: Date; passwordExpiryDays: number }

/** Password hashes of the demo accounts (slow: hashed before the transaction starts). */
export function hashDemoPasswords(scrypt: ScryptParams): Promise<string[]> {
  return Promise.all(USERS.map(() => hashPassword(DEMO_PASSWORD, scrypt)))
}

/**
 * The demo accounts (ids 1..n, each with its owner), then the fleet customers. Returns the id of
 * each demo account and the customers' ids, in FLEET_CUSTOMERS order.
 */
export async function seedAccounts(
  tx: SeedTx,
  hashes: readonly string[],
  options: AccountOptions,
): Promise<{ uid: UserIdOf; customerIds: number[] }> {
  const { now } = options
  const day = DAY_MS
  await tx.insert(owners).values(
    USERS.map((user, i) => ({
      id: ORGANISATION_OWNER_COUNT + i + 1,
      name: `${user.firstName} ${user.lastName}`,
    })),
  )
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
        ownerId: ORGANISATION_OWNER_COUNT + i + 1,
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
  return { uid, customerIds }
}
