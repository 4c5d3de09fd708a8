/**
 * Calendar days (`YYYY-MM-DD`) as the fault finder writes them: apart from date-format, whose
 * module the consumer dashboard loads, so that it does not carry them.
 */
import { dateFormat } from './date-format'

/** Midnight UTC of a calendar day given as `YYYY-MM-DD` or as an instant whose date part it is. */
function utcMidnightOf(day: string): number {
  return Date.parse(`${day.slice(0, 10)}T00:00:00Z`)
}

/**
 * A calendar day with its year ("28 Nov 2026") from `YYYY-MM-DD`, or from an instant that stands
 * for a day (a UTC midnight, as the anomaly service sends its days): the same day for a reader in
 * any time zone, where the instant read locally would be the day before west of Greenwich.
 */
export function formatCalendarDay(locale: string, day: string): string {
  return dateFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcMidnightOf(day))
}

/** A calendar day as formatCalendarDay reads it, short, with its weekday ("Sat 28 Nov"). */
export function formatShortCalendarDay(locale: string, day: string): string {
  return dateFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(utcMidnightOf(day))
}
