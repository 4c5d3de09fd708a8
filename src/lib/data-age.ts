/** Cached data is labelled with its age once it is this old (at once when offline). */
export const DATA_AGE_THRESHOLD_MS = 60_000

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export type DataAgeOptions = {
  /** The current time in ms since the epoch. */
  now: number
  /** A BCP 47 locale, e.g. the active lingui locale. */
  locale: string
  /** An IANA time zone; the device's own when left out. */
  timeZone?: string
}

/** The two halves of "Data from 14:02, 3 hr ago"; the sentence around them is translated by the caller. */
export type DataAgeParts = {
  /** When the data was fetched: the time, with the date when not today (and the year when not this year). */
  when: string
  /** How long ago, in the locale's words ("3 hr ago", "yesterday"). */
  ago: string
  /** The timestamp as ISO 8601, for `<time dateTime>`. */
  iso: string
}

function calendarDay(ms: number, timeZone: string | undefined): string {
  // en-CA gives YYYY-MM-DD: a stable key to compare days in the wanted time zone.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms)
}

function relative(elapsed: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' })
  if (elapsed < MINUTE) return format.format(0, 'second')
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute')
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour')
  return format.format(-Math.floor(elapsed / DAY), 'day')
}

/** Formats when cached data was fetched and how long ago, in the given locale and time zone. */
export function formatDataAge(
  updatedAt: number,
  { now, locale, timeZone }: DataAgeOptions,
): DataAgeParts {
  // A clock moved backwards must not read as "in 3 minutes".
  const elapsed = Math.max(0, now - updatedAt)
  const sameDay = calendarDay(updatedAt, timeZone) === calendarDay(now, timeZone)
  const sameYear =
    calendarDay(updatedAt, timeZone).slice(0, 4) === calendarDay(now, timeZone).slice(0, 4)
  const when = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(updatedAt)
  return { when, ago: relative(elapsed, locale), iso: new Date(updatedAt).toISOString() }
}

/**
 * Whether a screen should say how old its data is: when offline (whatever the age), or online when
 * the data is over a minute old and no longer fresh (past its query's stale time: a refetch is due,
 * under way or failing). Data still fresh online is not labelled: it is what the server has now,
 * and a label there read as "old, and not refreshing". Nothing is shown before the first
 * successful fetch (updatedAt 0).
 */
export function shouldShowDataAge({
  updatedAt,
  now,
  online,
  fresh = false,
}: {
  updatedAt: number
  now: number
  online: boolean
  /** Whether the data is still within its query's stale time. */
  fresh?: boolean
}): boolean {
  if (updatedAt <= 0) return false
  if (!online) return true
  return !fresh && now - updatedAt >= DATA_AGE_THRESHOLD_MS
}
