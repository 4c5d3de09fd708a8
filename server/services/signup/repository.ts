import { asc, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  countries,
  isps,
  packages,
  users,
  volunteerSignups,
  type SignupAddress,
} from '../../db/schema.ts'

const UNIQUE_VIOLATION = '23505'

/** Whether a (Drizzle-wrapped) driver error is PostgreSQL's unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true
  }
  return false
}

/** A country and its ISPs, each with its packages (slowest first), or null. */
export async function findCountryData(db: Db, countryId: number) {
  const [country] = await db
    .select({ id: countries.id, name: countries.name })
    .from(countries)
    .where(eq(countries.id, countryId))
    .limit(1)
  if (!country) return null
  const rows = await db
    .select({
      ispId: isps.id,
      ispName: isps.name,
      packageId: packages.id,
      packageName: packages.name,
    })
    .from(isps)
    .leftJoin(packages, eq(packages.ispId, isps.id))
    .where(eq(isps.countryId, countryId))
    // lower(): the same order whatever the database's collation ("stc" among "Mobily", "Zain KSA").
    .orderBy(
      sql`lower(${isps.name})`,
      asc(isps.id),
      asc(packages.downloadKbps),
      sql`lower(${packages.name})`,
    )
  return { country, rows }
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

/** Whether any account has this email, whatever its case (the unique index is on lower(email)). */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1)
  return row !== undefined
}

/** The user columns of a new volunteer. */
export type NewVolunteer = {
  email: string
  firstName: string
  lastName: string
  passwordHash: string
  defaultLocale: 'en_GB' | 'ar_SA' | 'fr_CA'
}

/** The sign-up record of a new volunteer (status signup). */
export type NewSignup = {
  owner: string
  countryId: number
  region: string | null
  city: string | null
  postcode: string | null
  mobileNumber: string | null
  fibreAvailability: boolean | null
  ispId: number | null
  ispOther: string | null
  packageId: number | null
  packageOther: string | null
  locale: string
  installationAddress: SignupAddress | null
  deliveryAddress: SignupAddress | null
}

/**
 * Creates the account and its sign-up record in one transaction: both or neither. 'email-in-use'
 * when another application took the email meanwhile (the unique index decides the race).
 */
export async function createVolunteer(
  db: Db,
  user: NewVolunteer,
  signup: NewSignup,
  now: Date,
): Promise<{ userId: number; signupId: number } | 'email-in-use'> {
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ ...user, passwordChangedAt: now })
        .returning({ id: users.id })
      if (!created) throw new Error('user insert returned nothing')
      const [record] = await tx
        .insert(volunteerSignups)
        .values({
          ...signup,
          userId: created.id,
          status: 'signup',
          agreedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: volunteerSignups.id })
      if (!record) throw new Error('sign-up insert returned nothing')
      return { userId: created.id, signupId: record.id }
    })
  } catch (error) {
    if (isUniqueViolation(error)) return 'email-in-use'
    throw error
  }
}

const profileColumns = {
  id: volunteerSignups.id,
  userId: volunteerSignups.userId,
  owner: volunteerSignups.owner,
  status: volunteerSignups.status,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  mobileNumber: volunteerSignups.mobileNumber,
  countryId: volunteerSignups.countryId,
  countryName: countries.name,
  region: volunteerSignups.region,
  city: volunteerSignups.city,
  postcode: volunteerSignups.postcode,
  fibreAvailability: volunteerSignups.fibreAvailability,
  ispId: volunteerSignups.ispId,
  ispName: isps.name,
  ispOther: volunteerSignups.ispOther,
  packageId: volunteerSignups.packageId,
  packageName: packages.name,
  packageOther: volunteerSignups.packageOther,
  installationAddress: volunteerSignups.installationAddress,
  deliveryAddress: volunteerSignups.deliveryAddress,
  agreedAt: volunteerSignups.agreedAt,
  createdAt: volunteerSignups.createdAt,
  updatedAt: volunteerSignups.updatedAt,
}

/** A sign-up record with the names the profile shows. */
export type SignupProfileRow = {
  id: number
  userId: number
  owner: string
  status: 'signup' | 'waiting_list' | 'selected' | 'shipping'
  firstName: string
  lastName: string
  email: string
  mobileNumber: string | null
  countryId: number | null
  countryName: string | null
  region: string | null
  city: string | null
  postcode: string | null
  fibreAvailability: boolean | null
  ispId: number | null
  ispName: string | null
  ispOther: string | null
  packageId: number | null
  packageName: string | null
  packageOther: string | null
  installationAddress: SignupAddress | null
  deliveryAddress: SignupAddress | null
  agreedAt: Date
  createdAt: Date
  updatedAt: Date
}

function selectProfiles(db: Db) {
  return db
    .select(profileColumns)
    .from(volunteerSignups)
    .innerJoin(users, eq(users.id, volunteerSignups.userId))
    .leftJoin(countries, eq(countries.id, volunteerSignups.countryId))
    .leftJoin(isps, eq(isps.id, volunteerSignups.ispId))
    .leftJoin(packages, eq(packages.id, volunteerSignups.packageId))
}

/** The user's latest sign-up record, or null. */
export async function findLatestSignup(db: Db, userId: number): Promise<SignupProfileRow | null> {
  const [row] = await selectProfiles(db)
    .where(eq(volunteerSignups.userId, userId))
    .orderBy(desc(volunteerSignups.id))
    .limit(1)
  return row ?? null
}

/** A sign-up record by id, or null. */
export async function findSignup(db: Db, id: number): Promise<SignupProfileRow | null> {
  const [row] = await selectProfiles(db).where(eq(volunteerSignups.id, id)).limit(1)
  return row ?? null
}

/** The columns a volunteer may change before shipping. */
export type SignupPatch = {
  mobileNumber?: string | null
  region?: string | null
  city?: string | null
  postcode?: string | null
  ispId?: number | null
  ispOther?: string | null
  packageId?: number | null
  packageOther?: string | null
  installationAddress?: SignupAddress | null
  deliveryAddress?: SignupAddress | null
}

/**
 * Applies a patch unless the record has reached shipping meanwhile (the status is re-checked in
 * the UPDATE itself): 'updated', 'shipping' or 'missing'.
 */
export async function updateSignup(
  db: Db,
  id: number,
  patch: SignupPatch,
  now: Date,
): Promise<'updated' | 'shipping' | 'missing'> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: volunteerSignups.status })
      .from(volunteerSignups)
      .where(eq(volunteerSignups.id, id))
      .for('update')
    if (!current) return 'missing'
    if (current.status === 'shipping') return 'shipping'
    await tx
      .update(volunteerSignups)
      .set({ ...patch, updatedAt: now })
      .where(eq(volunteerSignups.id, id))
    return 'updated'
  })
}
