import type { Db } from './client.ts'

/** The demo feature updates (consumer and enterprise) and some already read. */
export async function seedFeatureUpdates(_db: Db, _now: Date): Promise<void> {
  return Promise.resolve()
}
