import type { Db } from './client.ts'

/** Completes the demo volunteers' sign-up records (being built). */
export async function seedSignups(db: Db, now: Date): Promise<void> {
  void db
  void now
  return Promise.resolve()
}
