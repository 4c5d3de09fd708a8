import { eq } from 'drizzle-orm'
import type { Db } from '../../../db/client.ts'
import { organisations, users } from '../../../db/schema.ts'

/** A user's preferences object, or null when there is no such user. */
export async function findPreferences(db: Db, userId: number) {
  const [row] = await db
    .select({ preferences: users.preferences })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return row?.preferences ?? null
}

/** Replaces a user's preferences whole; false when there is no such user. */
export async function savePreferences(
  db: Db,
  userId: number,
  preferences: Record<string, unknown>,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ preferences })
    .where(eq(users.id, userId))
    .returning({ id: users.id })
  return rows.length > 0
}

const personalColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  defaultLocale: users.defaultLocale,
}

/** Names, email and default locale of the user with this sub, or null. */
export async function findPersonalInformation(db: Db, sub: string) {
  const [row] = await db.select(personalColumns).from(users).where(eq(users.sub, sub)).limit(1)
  return row ?? null
}

/**
 * Sets the default locale and/or names of the user with this sub (absent ones are kept); the
 * updated row, or null when there is no such user.
 */
export async function savePersonalInformation(
  db: Db,
  sub: string,
  changes: {
    defaultLocale?: 'en_GB' | 'ar_SA' | 'fr_CA' | undefined
    firstName?: string | undefined
    lastName?: string | undefined
  },
) {
  const set: Partial<typeof users.$inferInsert> = {}
  if (changes.defaultLocale !== undefined) set.defaultLocale = changes.defaultLocale
  if (changes.firstName !== undefined) set.firstName = changes.firstName
  if (changes.lastName !== undefined) set.lastName = changes.lastName
  const [row] = await db.update(users).set(set).where(eq(users.sub, sub)).returning(personalColumns)
  return row ?? null
}

/** The organisation with this id, or null. */
export async function findOrganisation(db: Db, id: number) {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, id))
    .limit(1)
  return row ?? null
}
