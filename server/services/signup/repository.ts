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

/** A country and its ISPs, each with its packages (slowest first), or null. */
export async function findCountryData(db: Db, countryId: number) {
  const [country] = await db
    .select({ id: countries.id, name: countries.name, code: countries.code })
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
  countryCode: countries.code,
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
  countryCode: string | null
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
