import { and, eq, ne, sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { isps, packages, users } from './schema.ts'

// Small reads that the settings and both sign-up services make alike.

/** The ISP with this id and its country, or null. */
export async function findIsp(db: Db, id: number) {
  const [row] = await db
    .select({ id: isps.id, name: isps.name, countryId: isps.countryId })
    .from(isps)
    .where(eq(isps.id, id))
    .limit(1)
  return row ?? null
}

/** The package with this id and its ISP, or null. */
export async function findPackage(db: Db, id: number) {
  const [row] = await db
    .select({ id: packages.id, name: packages.name, ispId: packages.ispId })
    .from(packages)
    .where(eq(packages.id, id))
    .limit(1)
  return row ?? null
}

/**
 * Whether an account (other than `exceptUserId`, when given) has this email, whatever its case:
 * the unique index is on lower(email).
 */
export async function emailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1)
  return row !== undefined
}
