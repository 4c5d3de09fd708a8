import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ALPHA,
  exactQuantile,
  keyValue,
  mergeSketches,
  sketchKey,
  sketchOf,
  sketchQuantile,
  sumBuckets,
  ZERO_THRESHOLD,
} from './quantile-sketch.ts'

const QUANTILES = [0, 0.01, 0.05, 0.1, 0.2, 0.25, 0.5, 0.75, 0.8, 0.9, 0.95, 0.99, 1]

/** Within ALPHA of the exact value (plus the zero bucket's width, and float rounding). */
function close(estimate: number, exact: number): boolean {
  return Math.abs(estimate - exact) <= ALPHA * Math.abs(exact) * (1 + 1e-9) + ZERO_THRESHOLD
}

// Measurement-shaped values: speeds, latencies, signal in dBm, zeros, tiny and huge ones.
const value = fc.oneof(
  fc.double({ min: -200, max: 2_000, noNaN: true }),
  fc.double({ min: 1e-6, max: 1e9, noNaN: true }),
  fc.constantFrom(0, 1, -1, 100, 0.5),
)

describe('quantile sketch', () => {
  it.each([
    [0, 0],
    [1e-10, 0],
    [1, 10_000],
    [-1, -10_000],
  ])('puts %d in bucket %d', (input, key) => {
    expect(sketchKey(input)).toBe(key)
  })

  it('orders keys as the values they stand for', () => {
    const values = [-500, -3, -0.2, 0, 0.2, 3, 500]
    const keys = values.map(sketchKey)
    expect([...keys].sort((a, b) => a - b)).toEqual(keys)
    for (const v of values) expect(close(keyValue(sketchKey(v)), v)).toBe(true)
  })

  it('answers null for an empty sketch, and min/max at the ends', () => {
    expect(sketchQuantile(sketchOf([]), 0.5)).toBeNull()
    const sketch = sketchOf([3, 1, 2])
    expect(sketchQuantile(sketch, 0)).toBe(1)
    expect(sketchQuantile(sketch, 1)).toBe(3)
    expect(sketch).toMatchObject({ count: 3, sum: 6, min: 1, max: 3 })
  })

  it('merged percentiles are within 1% of percentile_disc of the same values (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(value, { minLength: 0, maxLength: 60 }), {
          minLength: 1,
          maxLength: 12,
        }),
        (parts) => {
          const all = parts.flat()
          const merged = mergeSketches(parts.map(sketchOf))
          expect(merged.count).toBe(all.length)
          for (const q of QUANTILES) {
            const exact = exactQuantile(all, q)
            const estimate = sketchQuantile(merged, q)
            if (exact === null) {
              expect(estimate).toBeNull()
              continue
            }
            expect(estimate).not.toBeNull()
            if (!close(estimate ?? NaN, exact)) {
              throw new Error(`q=${q}: ${String(estimate)} vs exact ${exact}`)
            }
          }
        },
      ),
      { numRuns: 500 },
    )
  })

  it('merging is order-free (same sketch whatever the grouping)', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 100 }), fc.nat({ max: 100 }), (values, cut) => {
        const a = sketchOf(values.slice(0, cut))
        const b = sketchOf(values.slice(cut))
        const whole = sketchOf(values)
        const merged = mergeSketches([b, a])
        expect(merged.keys).toEqual(whole.keys)
        expect(merged.counts).toEqual(whole.counts)
      }),
    )
  })

  it.each([
    ['nothing', [], [], [], []],
    ['one bucket', [10_005], [3], [10_005], [3]],
    ['repeats added, keys sorted', [10_007, 10_005, 10_007], [1, 2, 4], [10_005, 10_007], [2, 5]],
    ['negatives and zero', [0, -10_002, 10_001, 0], [1, 1, 1, 2], [-10_002, 0, 10_001], [1, 3, 1]],
    ['a sparse span (map path)', [-19_999, 19_999, -19_999], [1, 1, 1], [-19_999, 19_999], [2, 1]],
  ])('sums buckets laid end to end: %s', (_, keys, counts, outKeys, outCounts) => {
    expect(sumBuckets(keys, counts)).toEqual({ keys: outKeys, counts: outCounts })
  })

  it('refuses keys and counts of different lengths', () => {
    expect(() => sumBuckets([1, 2], [1])).toThrow(RangeError)
  })

  it('summing day sketches end to end is merging them (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(value, { maxLength: 40 }), { maxLength: 10 }), (days) => {
        const sketches = days.map(sketchOf)
        const summed = sumBuckets(
          sketches.flatMap((s) => s.keys),
          sketches.flatMap((s) => s.counts),
        )
        const merged = mergeSketches(sketches)
        expect(summed).toEqual({ keys: merged.keys, counts: merged.counts })
      }),
    )
  })
})
