/**
 * Per-unit data versions for the caches of what is computed from a unit's data (unit analytics).
 * Every committed write that can change such an answer bumps the unit's version; a cache puts the
 * version in its key, read before the data, so an answer computed before a write is never served
 * after it. One counter for the whole process: a bump only ever moves a version forward, and a
 * bump seen by a cache of another app in the same process (tests) costs a miss, never a stale hit.
 * Writes made by another process (a reseed from the CLI, a second server) are not seen here: the
 * caches bound that with a short time to live.
 */

/** Every bump takes the next value, so versions of a unit only grow. */
let counter = 0
/** The counter at the last bump of every unit (a reseed, the demo clock moving all history). */
let everything = 0
const units = new Map<number, number>()

/**
 * The latest version handed out: a unit whose version is above it was written after this read. For
 * data read before its units are known (a scope's): read this first.
 */
export function dataVersionNow(): number {
  return counter
}

/** The unit's data version; read it before reading the data an answer is computed from. */
export function unitDataVersion(unitId: number): number {
  return Math.max(everything, units.get(unitId) ?? 0)
}

/**
 * Marks the unit's data changed (its measurements, time zone, environment, package or users).
 * Call it after the write committed, and also when the write failed in a way that may have
 * committed: an extra bump costs one cache miss.
 */
export function bumpUnitData(unitId: number): void {
  counter += 1
  units.set(unitId, counter)
}

/** Marks the data of every unit changed (bulk writes: a reseed, the demo history moved to now). */
export function bumpAllUnitData(): void {
  counter += 1
  everything = counter
  // Every unit's entry is now below `everything`: forget them rather than keep one per unit.
  units.clear()
}
