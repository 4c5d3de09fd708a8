import type { FeatureUpdate } from '../../../../contracts/feature-updates.ts'
import type { FeatureUpdateRow } from './repository.ts'

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** One update in the seeds' shape: times in epoch seconds, last_read_date null while unread. */
export function presentFeatureUpdate(row: FeatureUpdateRow): FeatureUpdate {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    createdAt: seconds(row.createdAt),
    last_read_date: row.lastReadDate === null ? null : seconds(row.lastReadDate),
  }
}
