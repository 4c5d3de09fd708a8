/**
 * Data used by tests, in context: a weekly total means little on its own. The period's total as
 * an average per day, against the unit's own typical day (the median day of a longer reference,
 * the last month): "about usual" within ±USUAL_BAND of it, else "more" or "less than usual".
 */

/** Within this share of the typical day either way, a period's days are "about usual". */
export const USUAL_BAND = 0.25
/** Fewest reference days with data for a typical day. */
export const MIN_REFERENCE_DAYS = 7

export type UsageComparison = 'usual' | 'more' | 'less'

export type UsageContext = {
  totalBytes: number
  perDayBytes: number
  /** The median day of the reference; null with fewer than MIN_REFERENCE_DAYS days. */
  typicalDayBytes: number | null
  /** perDayBytes ÷ typicalDayBytes; null without a typical day. */
  ratio: number | null
  comparison: UsageComparison | null
}

function medianOf(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  if (sorted.length % 2 === 1) return sorted[middle] ?? null
  return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** How a per-day figure compares with the typical day. */
export function compareUsage(ratio: number): UsageComparison {
  if (ratio > 1 + USUAL_BAND) return 'more'
  if (ratio < 1 - USUAL_BAND) return 'less'
  return 'usual'
}

/**
 * The context of `totalBytes` used over `periodDays` days, against `referenceDays` (bytes per day
 * of a longer span, days without tests left out as the server leaves them out).
 */
export function usageContext(
  totalBytes: number,
  periodDays: number,
  referenceDays: readonly number[] | null,
): UsageContext {
  const perDayBytes = totalBytes / Math.max(periodDays, 1)
  const typicalDayBytes =
    referenceDays !== null && referenceDays.length >= MIN_REFERENCE_DAYS
      ? medianOf([...referenceDays])
      : null
  const ratio =
    typicalDayBytes !== null && typicalDayBytes > 0 ? perDayBytes / typicalDayBytes : null
  return {
    totalBytes,
    perDayBytes,
    typicalDayBytes,
    ratio,
    comparison: ratio === null ? null : compareUsage(ratio),
  }
}
