import type { Db } from './client.ts'

/** Options of the consumer demo data: `days` of history ending at `now`. */
export type ConsumerSeedOptions = { now: Date; days: number }

/** Demo measurements, disconnections, skipped tests and unit details (issue 4). */
export async function seedConsumerData(_db: Db, _options: ConsumerSeedOptions): Promise<void> {
  return Promise.resolve()
}
