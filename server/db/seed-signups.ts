import { eq } from 'drizzle-orm'
import type { Db } from './client.ts'
import { users, volunteerSignups } from './schema.ts'

const DAY_MS = 86_400_000

/**
 * Completes the demo volunteer's sign-up record (seed.ts creates it: nz, waiting list, Spark):
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
