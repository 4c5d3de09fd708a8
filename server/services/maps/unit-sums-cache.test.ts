import { describe, expect, it, vi } from 'vitest'
import { bumpUnitData, dataVersionNow } from '../../lib/unit-data-version.ts'
import type { UnitSums } from './repository.ts'
import { createUnitSumsCache } from './unit-sums-cache.ts'

// Unit ids of their own: the data versions are one counter for the whole process.
const UNITS = [90_001, 90_002, 90_003]
const MONTH = { metricId: 1, from: '2026-10-30', to: '2026-11-28' }

const sumsOf = (unit: number): UnitSums => ({
  count: unit % 10,
  sum: unit,
  min: 1,
  max: 2,
  keys: [unit % 7],
  counts: [1],
})

/** A fetch that answers every unit but the last (no results in the range), and records its calls. */
function fakeFetch() {
  return vi.fn((units: number[]) =>
    Promise.resolve(new Map(units.filter((u) => u !== 90_003).map((u) => [u, sumsOf(u)]))),
  )
}

describe('the unit sums cache of aggregate maps', () => {
  it('reads each unit once, then only the units whose data changed', async () => {
    const cache = createUnitSumsCache()
    const fetch = fakeFetch()
    const first = await cache.sums(MONTH, UNITS, fetch)
    expect([...first.keys()]).toEqual([90_001, 90_002])
    // Held, the unit without results too.
    const again = await cache.sums(MONTH, UNITS, fetch)
    expect(again).toEqual(first)
    expect(fetch.mock.calls).toEqual([[UNITS]])
    bumpUnitData(90_002)
    await cache.sums(MONTH, UNITS, fetch)
    expect(fetch.mock.calls[1]).toEqual([[90_002]])
  })

  it('keeps each range apart, and reads everything again once entries are too old', async () => {
    let now = 1_000
    const cache = createUnitSumsCache({ ttlMs: 60_000, now: () => now })
    const fetch = fakeFetch()
    await cache.sums(MONTH, UNITS, fetch)
    await cache.sums({ ...MONTH, metricId: 2 }, UNITS, fetch)
    expect(fetch).toHaveBeenCalledTimes(2)
    now += 59_999
    await cache.sums(MONTH, UNITS, fetch)
    expect(fetch).toHaveBeenCalledTimes(2)
    now += 1
    await cache.sums(MONTH, UNITS, fetch)
    expect(fetch.mock.calls[2]).toEqual([UNITS])
  })

  it('forgets the range used least recently beyond its bound', async () => {
    const cache = createUnitSumsCache({ maxRanges: 2 })
    const fetch = fakeFetch()
    const ranges = [1, 2, 3].map((metricId) => ({ ...MONTH, metricId }))
    for (const range of ranges) await cache.sums(range, UNITS, fetch)
    // Range 1 went when range 3 came; range 3 is still held.
    await cache.sums(ranges[2] ?? MONTH, UNITS, fetch)
    expect(fetch).toHaveBeenCalledTimes(3)
    await cache.sums(ranges[0] ?? MONTH, UNITS, fetch)
    expect(fetch).toHaveBeenCalledTimes(4)
  })

  describe('sums read early (a scope’s, beside the query that lists its units)', () => {
    const early = (since: number, units: readonly number[]) => ({
      since,
      sums: Promise.resolve(new Map(units.map((u) => [u, sumsOf(u)]))),
    })

    it('a cold range takes them instead of fetching, and holds them', async () => {
      const cache = createUnitSumsCache()
      const range = { ...MONTH, metricId: 11 }
      expect(cache.isCold(range)).toBe(true)
      const fetch = fakeFetch()
      const first = await cache.sums(
        range,
        UNITS.slice(0, 2),
        fetch,
        early(dataVersionNow(), UNITS),
      )
      expect([...first.keys()]).toEqual([90_001, 90_002])
      expect(fetch).not.toHaveBeenCalled()
      expect(cache.isCold(range)).toBe(false)
      await cache.sums(range, UNITS.slice(0, 2), fetch)
      expect(fetch).not.toHaveBeenCalled()
    })

    it('fetches a unit written since the early read began, and one it does not hold', async () => {
      const cache = createUnitSumsCache()
      const range = { ...MONTH, metricId: 12 }
      const since = dataVersionNow()
      bumpUnitData(90_002)
      const fetch = fakeFetch()
      // 90_003 is not in the early read (no results then, or not yet in the scope).
      const answer = await cache.sums(range, UNITS, fetch, early(since, [90_001, 90_002]))
      expect(fetch.mock.calls).toEqual([[[90_002, 90_003]]])
      expect([...answer.keys()].sort()).toEqual([90_001, 90_002])
    })

    it('fails as the early read fails', async () => {
      const cache = createUnitSumsCache()
      const failing = { since: dataVersionNow(), sums: Promise.reject(new Error('lost')) }
      await expect(
        cache.sums({ ...MONTH, metricId: 13 }, UNITS, fakeFetch(), failing),
      ).rejects.toThrow('lost')
    })
  })
})
