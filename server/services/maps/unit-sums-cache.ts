import { unitDataVersion } from '../../lib/unit-data-version.ts'
import type { UnitSums } from './repository.ts'

/** A metric over a range of days: what a unit's sums are of. */
export type SumsRange = { metricId: number; from: string; to: string }

type Entry = { version: number; at: number; sums: UnitSums | null }

/**
 * Sums read before the units were known (a scope's, beside the query that lists them): of a
 * superset of the units asked for, read after the data version was `since` (dataVersionNow).
 */
export type EarlySums = { since: number; sums: Promise<Map<number, UnitSums>> }

export type UnitSumsCache = {
  /**
   * The sums of `units` over `range`: the ones held, and the others (new, changed or expired)
   * through one `fetch`. A unit absent from the answer has no results in the range.
   */
  sums: (
    range: SumsRange,
    units: readonly number[],
    fetch: (units: number[]) => Promise<Map<number, UnitSums>>,
    early?: EarlySums,
  ) => Promise<Map<number, UnitSums>>
  /** Whether nothing is held for the range (a first request: worth reading early). */
  isCold: (range: SumsRange) => boolean
}

/**
 * Each unit's sums over a range, kept between map requests: zooming or panning an aggregate map
 * changes how its units are grouped into areas, never what each unit measured, so only the units
 * whose data changed are read again (issue 24: a month's map of 2,000 units read 60,000 day rows
 * at every zoom step). An entry holds while the unit's data version is the one read before it was
 * fetched (ingestion and the unit's edits bump it: server/lib/unit-data-version.ts) and for at
 * most `ttlMs`, which bounds writes made by another process. The ranges least recently used go
 * first beyond `maxRanges`.
 */
export function createUnitSumsCache({
  maxRanges = 8,
  ttlMs = 60_000,
  now = Date.now,
}: { maxRanges?: number; ttlMs?: number; now?: () => number } = {}): UnitSumsCache {
  const ranges = new Map<string, Map<number, Entry>>()

  const keyOf = (range: SumsRange) => `${range.metricId}|${range.from}|${range.to}`
  const entriesOf = (range: SumsRange): Map<number, Entry> => {
    const key = keyOf(range)
    const entries = ranges.get(key) ?? new Map<number, Entry>()
    // Most recently used last.
    ranges.delete(key)
    ranges.set(key, entries)
    for (const oldest of ranges.keys()) {
      if (ranges.size <= maxRanges) break
      ranges.delete(oldest)
    }
    return entries
  }

  return {
    isCold: (range) => (ranges.get(keyOf(range))?.size ?? 0) === 0,
    async sums(range, units, fetch, early) {
      const entries = entriesOf(range)
      const at = now()
      const answer = new Map<number, UnitSums>()
      // Versions read before the data: a write after this read makes the entry stale.
      const missing = new Map<number, number>()
      for (const unit of units) {
        const version = unitDataVersion(unit)
        const entry = entries.get(unit)
        if (entry !== undefined && entry.version === version && at - entry.at < ttlMs) {
          if (entry.sums !== null) answer.set(unit, entry.sums)
        } else {
          missing.set(unit, version)
        }
      }
      if (missing.size === 0) return answer
      const keep = (unit: number, version: number, sums: UnitSums | null) => {
        entries.set(unit, { version, at, sums })
        if (sums !== null) answer.set(unit, sums)
      }
      if (early !== undefined) {
        const read = await early.sums
        for (const [unit, version] of missing) {
          // Written since the early read began, or not in it (it may predate the unit's scope):
          // fetched as any other.
          const sums = read.get(unit)
          if (version > early.since || sums === undefined) continue
          keep(unit, version, sums)
          missing.delete(unit)
        }
        if (missing.size === 0) return answer
      }
      const fetched = await fetch([...missing.keys()])
      for (const [unit, version] of missing) keep(unit, version, fetched.get(unit) ?? null)
      return answer
    },
  }
}
