import type { FeatureUpdate, FeatureUpdatePage } from '../../../contracts/feature-updates.ts'
import type { FeatureUpdateRow } from './feature-updates.repository.ts'

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

/** A page with the seeds' meta.pagination (total_pages is at least 1, as an empty list is one page). */
export function presentFeatureUpdatePage(
  rows: readonly FeatureUpdateRow[],
  page: { number: number; size: number; total: number },
): FeatureUpdatePage {
  return {
    data: rows.map(presentFeatureUpdate),
    meta: {
      pagination: {
        total: page.total,
        count: rows.length,
        per_page: page.size,
        current_page: page.number,
        total_pages: Math.max(1, Math.ceil(page.total / page.size)),
      },
    },
  }
}
