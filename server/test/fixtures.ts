import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import {
  consumerConfigs,
  disconnections,
  isps,
  outbox,
  packages,
  units,
  users,
  volunteerSignups,
} from '../db/schema.ts'

/** A refused application: its name, what it changes in a valid one, the 422 field errors. */
export type RefusalCase = {
  name: string
  set: Record<string, unknown>
  errors: Record<string, string[]>
}

/**
 * Reads of seeded and freshly written rows that service tests share. Takes the database lazily:
 * test files create their app (and its database) in `beforeAll`, after these are bound.
 */
export function dbFixtures(db: () => Db) {
  /** The id of the seeded ISP with this name (fails the test when there is none). */
  async function ispId(name: string): Promise<number> {
    const [row] = await db().select({ id: isps.id }).from(isps).where(eq(isps.name, name))
    if (!row) throw new Error(`no ISP ${name}`)
    return row.id
  }

  /** The id of the seeded package of this ISP with this name (fails the test when there is none). */
  async function packageId(isp: string, name: string): Promise<number> {
    const [row] = await db()
      .select({ id: packages.id })
      .from(packages)
      .where(and(eq(packages.ispId, await ispId(isp)), eq(packages.name, name)))
    if (!row) throw new Error(`no package ${isp} ${name}`)
    return row.id
  }

  /** The user row with this email (any case), or null. */
  async function userByEmail(email: string) {
    const [row] = await db()
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
    return row ?? null
  }

  /** A user's sign-up record, or null. */
  async function signupOf(userId: number) {
    const [row] = await db()
      .select()
      .from(volunteerSignups)
      .where(eq(volunteerSignups.userId, userId))
    return row ?? null
  }

  /** Every mail in the outbox to this address. */
  function mailsTo(to: string) {
    return db().select().from(outbox).where(eq(outbox.to, to))
  }

  /** The newest mail in the outbox to this address, or undefined. */
  async function latestMailTo(to: string) {
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.to, to))
      .orderBy(desc(outbox.id))
      .limit(1)
    return mail
  }

  return { ispId, packageId, userByEmail, signupOf, mailsTo, latestMailTo }
}

/**
 * Makes a unit pass every instant-test check (seeds 8.4): seen a minute ago, compatible, reliable,
 * no ongoing disconnection, no consumer config; `environment` replaces the unit's when given.
 */
export async function makeInstantTestReady(
  db: Db,
  unitId: number,
  environment?: typeof units.$inferInsert.environment,
): Promise<void> {
  await db
    .update(units)
    .set({
      isTtCompatible: true,
      lastSeen: new Date(Date.now() - 60_000),
      offlineExternally: false,
      isUnreliable: false,
      ...(environment === undefined ? {} : { environment }),
    })
    .where(eq(units.id, unitId))
  await db
    .delete(disconnections)
    .where(and(eq(disconnections.unitId, unitId), sql`${disconnections.endDtime} is null`))
  await db.delete(consumerConfigs).where(eq(consumerConfigs.unitId, unitId))
}
