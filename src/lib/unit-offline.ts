/** Seeds 4.6 / 9: a unit not seen for more than this is offline. */
export const OFFLINE_THRESHOLD_MS = 30 * 60_000

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY

/** What is known about a unit's connection (ISO times as the services send them). */
export type UnitOfflineInput = {
  /** The current time, ms since the epoch. */
  now: number
  /** When the unit was last seen, null if never. */
  lastSeen: string | null
  /** Start of a disconnection still in progress, null if none. */
  disconnectionSince: string | null
  /** Marked offline externally (the service's offline flag). */
  markedOffline: boolean
}

export type OfflineReason = 'disconnection' | 'last-seen' | 'external'

/** Online, or offline with why and since when (null when unknown). */
export type UnitOfflineState =
  { offline: false } | { offline: true; reason: OfflineReason; since: number | null }

function parseTime(value: string | null): number | null {
  if (value === null) return null
  const time = Date.parse(value)
  return Number.isNaN(time) ? null : time
}

/**
 * Seeds 4.6: offline when a disconnection is in progress, when last seen more than 30 minutes ago,
 * or when marked offline externally; the first that holds gives the reason and start time.
 */
export function unitOfflineState(input: UnitOfflineInput): UnitOfflineState {
  const lastSeen = parseTime(input.lastSeen)
  const disconnection = parseTime(input.disconnectionSince)
  if (input.disconnectionSince !== null) {
    return { offline: true, reason: 'disconnection', since: disconnection }
  }
  if (lastSeen !== null && input.now - lastSeen > OFFLINE_THRESHOLD_MS) {
    return { offline: true, reason: 'last-seen', since: lastSeen }
  }
  if (input.markedOffline) return { offline: true, reason: 'external', since: lastSeen }
  return { offline: false }
}

/** How long a unit has been offline, in the unit the message uses (seeds 4.6). */
export type OfflineDuration =
  | { unit: 'none' }
  | { unit: 'unknown' }
  | { unit: 'over-month' }
  | { unit: 'weeks' | 'days' | 'hours' | 'minutes'; count: number }

/**
 * Seeds 4.6 message duration: over a month when more than 4 weeks, else whole weeks, days, hours
 * (60 minutes is 1 hour) or minutes; unknown without a duration; none (an empty message) when negative.
 */
export function offlineDuration(ms: number | null): OfflineDuration {
  if (ms === null || Number.isNaN(ms)) return { unit: 'unknown' }
  if (ms < 0) return { unit: 'none' }
  if (ms > 4 * WEEK) return { unit: 'over-month' }
  if (ms >= WEEK) return { unit: 'weeks', count: Math.floor(ms / WEEK) }
  if (ms >= DAY) return { unit: 'days', count: Math.floor(ms / DAY) }
  if (ms >= HOUR) return { unit: 'hours', count: Math.floor(ms / HOUR) }
  return { unit: 'minutes', count: Math.floor(ms / MINUTE) }
}

/** The duration of an offline state at `now` (unknown when its start is unknown). */
export function offlineDurationAt(state: UnitOfflineState, now: number): OfflineDuration {
  if (!state.offline) return { unit: 'none' }
  return offlineDuration(state.since === null ? null : now - state.since)
}
