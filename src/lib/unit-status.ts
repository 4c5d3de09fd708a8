import { unitOfflineState } from './unit-offline'

/** What a unit's status badge says: online or offline, and whether that is live or last known. */
export type UnitStatusBadge = {
  online: boolean
  /** When the data the state comes from was fetched, if it is not live (ms since the epoch). */
  lastKnownAt: number | null
}

export type UnitStatusInput = {
  /** The current time, ms since the epoch. */
  now: number
  /** When the unit was last seen, null if never. */
  lastSeen: string | null
  /** Marked offline by the service. */
  markedOffline: boolean
  /** Whether the data is live (fetched now, the app online); else it is a saved copy. */
  live: boolean
  /** When the data was fetched, ms since the epoch. */
  updatedAt: number
}

/**
 * Seeds 001 §4 for badges: live data says online or offline now; saved data (offline, or past its
 * freshness) says what was known when it was fetched ("last known: online, 2 hr ago"), judged at
 * that time rather than against the clock the data never saw.
 */
export function unitStatusBadge(input: UnitStatusInput): UnitStatusBadge {
  const known = input.live || input.updatedAt <= 0
  const at = known ? input.now : input.updatedAt
  const state = unitOfflineState({
    now: at,
    lastSeen: input.lastSeen,
    disconnectionSince: null,
    markedOffline: input.markedOffline,
  })
  return { online: !state.offline, lastKnownAt: known ? null : input.updatedAt }
}
