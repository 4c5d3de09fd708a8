import { eq } from 'drizzle-orm'
import type { Db } from './client.ts'
import { users, volunteerSignups } from './schema.ts'
import type { PlanOf, SeedTx, UserIdOf } from './seed-context.ts'

const DAY_MS = 86_400_000

/** The demo volunteer's sign-up: New Zealand study, waiting list, on Spark (seedSignups completes it). */
export async function seedVolunteerSignup(tx: SeedTx, uid: UserIdOf, plan: PlanOf): Promise<void> {
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
}

/**
 * Completes the demo volunteer's sign-up record (seedVolunteerSignup creates it):
 * the answers the New Zealand form asks for, so /profile shows every section filled in.
 */
export async function seedSignups(db: Db, now: Date): Promise<void> {
  const [volunteer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'volunteer@example.com'))
    .limit(1)
  if (!volunteer) return
  const appliedAt = new Date(now.getTime() - 21 * DAY_MS)
  await db
    .update(volunteerSignups)
    .set({
      region: 'NZ-WGN',
      city: 'Wellington',
      postcode: '6011',
      mobileNumber: '+64 21 555 0142',
      fibreAvailability: null,
      locale: 'en_GB',
      agreedAt: appliedAt,
      createdAt: appliedAt,
      updatedAt: new Date(now.getTime() - 3 * DAY_MS),
    })
    .where(eq(volunteerSignups.userId, volunteer.id))
}
