import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  isps,
  packages,
  passwordResetTokens,
  users,
  volunteerSignups,
  type SignupAddress,
} from '../../db/schema.ts'

const UNIQUE_VIOLATION = '23505'

function isUniqueViolation(error: unknown): boolean {
  // Drizzle wraps the driver's error; the PostgreSQL code is on it or on its cause.
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true
  }
  return false
}

/** An ISP with its country, or null. */
export async function findIsp(db: Db, id: number) {
  const [row] = await db
    .select({ id: isps.id, name: isps.name, countryId: isps.countryId })
    .from(isps)
    .where(eq(isps.id, id))
    .limit(1)
  return row ?? null
}

/** A package with its ISP, or null. */
export async function findPackage(db: Db, id: number) {
  const [row] = await db
    .select({ id: packages.id, name: packages.name, ispId: packages.ispId })
    .from(packages)
    .where(eq(packages.id, id))
    .limit(1)
  return row ?? null
}

/** Whether any account has this email, whatever its case. */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1)
  return row !== undefined
}

/** A Saudi study application: the account (no usable password yet) and its record. */
export type SaudiApplication = {
  user: {
    email: string
    firstName: string
    lastName: string
    passwordHash: string
    defaultLocale: 'en_GB' | 'ar_SA' | 'fr_CA'
  }
  signup: {
    region: string | null
    city: string
    postcode: string
    mobileNumber: string | null
    ispId: number | null
    ispOther: string | null
    packageId: number | null
    packageOther: string | null
    locale: string
    installationAddress: SignupAddress
    deliveryAddress: SignupAddress
  }
  /** The "choose your password" link's token (by hash) and expiry. */
  passwordToken: { tokenHash: string; expiresAt: Date }
}

/**
 * Creates the account, its sign-up record (owner sa, country 195, status signup) and the password
 * link's token in one transaction. 'email-in-use' when another application took the email meanwhile.
 */
export async function createSaudiVolunteer(
  db: Db,
  application: SaudiApplication,
  now: Date,
): Promise<{ userId: number; signupId: number } | 'email-in-use'> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ ...application.user, passwordChangedAt: now })
        .returning({ id: users.id })
      if (!user) throw new Error('user insert returned nothing')
      const [record] = await tx
        .insert(volunteerSignups)
        .values({
          ...application.signup,
          userId: user.id,
          owner: 'sa',
          status: 'signup',
          countryId: 195,
          agreedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: volunteerSignups.id })
      if (!record) throw new Error('sign-up insert returned nothing')
      await tx.insert(passwordResetTokens).values({ ...application.passwordToken, userId: user.id })
      return { userId: user.id, signupId: record.id }
    })
  } catch (error) {
    if (isUniqueViolation(error)) return 'email-in-use'
    throw error
  }
}
