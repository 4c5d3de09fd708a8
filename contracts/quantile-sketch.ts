/**
 * A mergeable quantile sketch (DDSketch-style log buckets) with relative accuracy ALPHA = 1%: any
 * value x ≠ 0 falls in bucket k = ceil(log_γ |x|), γ = (1 + α) / (1 − α), whose representative
 * 2γ^k / (γ + 1) is within α·|x| of every value of the bucket. Counts add up, so sketches of
 * disjoint sets merge by summing their buckets (per unit and day, then across units and days) and
 * a merged quantile keeps the same bound against the exact nearest-rank percentile of the union
 * (PostgreSQL's percentile_disc). Pure: the server's SQL computes the same keys (sketchKeySql in
 * server/services/ingestion/sketch-sql.ts) and this module reads them back.
 *
 * Keys are one ordered integer space so that one sorted array holds a whole sketch: 0 is the zero
 * bucket (|x| < ZERO_THRESHOLD), OFFSET + k a positive value, −(OFFSET + k) a negative one (a more
 * negative key is a more negative value), k clamped to ±MAX_INDEX.
 */
export const ALPHA = 0.01
export const GAMMA = (1 + ALPHA) / (1 - ALPHA)
export const LN_GAMMA = Math.log(GAMMA)
export const ZERO_THRESHOLD = 1e-9
export const OFFSET = 10_000
export const MAX_INDEX = 9_999

/** A sketch: its buckets (keys ascending, counts > 0) and exact count, sum, min and max. */
export type Sketch = {
  keys: number[]
  counts: number[]
  count: number
  sum: number
  min: number
  max: number
}

export const EMPTY_SKETCH: Sketch = {
  keys: [],
  counts: [],
  count: 0,
  sum: 0,
  min: Infinity,
  max: -Infinity,
}

/** The bucket key of a finite value. */
export function sketchKey(value: number): number {
  const magnitude = Math.abs(value)
  if (magnitude < ZERO_THRESHOLD) return 0
  const k = Math.min(MAX_INDEX, Math.max(-MAX_INDEX, Math.ceil(Math.log(magnitude) / LN_GAMMA)))
  return value > 0 ? OFFSET + k : -(OFFSET + k)
}

/** The value a bucket key stands for. */
export function keyValue(key: number): number {
  if (key === 0) return 0
  const k = Math.abs(key) - OFFSET
  const magnitude = (2 * GAMMA ** k) / (GAMMA + 1)
  return key > 0 ? magnitude : -magnitude
}

/** A sketch of values (non-finite ones are ignored). */
export function sketchOf(values: readonly number[]): Sketch {
  const buckets = new Map<number, number>()
  let count = 0
  let sum = 0
  let min = Infinity
  let max = -Infinity
  for (const value of values) {
    if (!Number.isFinite(value)) continue
    const key = sketchKey(value)
    buckets.set(key, (buckets.get(key) ?? 0) + 1)
    count += 1
    sum += value
    if (value < min) min = value
    if (value > max) max = value
  }
  return fromBuckets(buckets, { count, sum, min, max })
}

/** Counts by key as a sketch's buckets (keys ascending). */
function sortedBuckets(buckets: Map<number, number>): Pick<Sketch, 'keys' | 'counts'> {
  const keys = [...buckets.keys()].sort((a, b) => a - b)
  return { keys, counts: keys.map((key) => buckets.get(key) ?? 0) }
}

function fromBuckets(
  buckets: Map<number, number>,
  totals: Pick<Sketch, 'count' | 'sum' | 'min' | 'max'>,
): Sketch {
  return { ...sortedBuckets(buckets), ...totals }
}

/**
 * Buckets laid end to end (a unit's day sketches, keys repeated across them) as one sketch's:
 * keys ascending, each once, counts added. Keys of one metric sit close together, so they are
 * counted in one slot per key of their span; a sparse span falls back to a map.
 */
export function sumBuckets(
  keys: readonly number[],
  counts: readonly number[],
): Pick<Sketch, 'keys' | 'counts'> {
  if (keys.length !== counts.length) throw new RangeError('keys and counts differ in length')
  let lo = Infinity
  let hi = -Infinity
  for (const key of keys) {
    if (key < lo) lo = key
    if (key > hi) hi = key
  }
  const span = hi - lo + 1
  if (keys.length === 0 || span > 4 * keys.length + 64) {
    const buckets = new Map<number, number>()
    keys.forEach((key, i) => buckets.set(key, (buckets.get(key) ?? 0) + (counts[i] ?? 0)))
    return sortedBuckets(buckets)
  }
  const slots = new Float64Array(span)
  const present = new Uint8Array(span)
  keys.forEach((key, i) => {
    const slot = key - lo
    slots[slot] = (slots[slot] ?? 0) + (counts[i] ?? 0)
    present[slot] = 1
  })
  const out: Pick<Sketch, 'keys' | 'counts'> = { keys: [], counts: [] }
  for (let slot = 0; slot < span; slot += 1) {
    if (present[slot] === 0) continue
    out.keys.push(lo + slot)
    out.counts.push(slots[slot] ?? 0)
  }
  return out
}

/** The union of sketches (bucket counts added). */
export function mergeSketches(sketches: readonly Sketch[]): Sketch {
  const buckets = new Map<number, number>()
  let count = 0
  let sum = 0
  let min = Infinity
  let max = -Infinity
  for (const sketch of sketches) {
    sketch.keys.forEach((key, i) => {
      buckets.set(key, (buckets.get(key) ?? 0) + (sketch.counts[i] ?? 0))
    })
    count += sketch.count
    sum += sketch.sum
    min = Math.min(min, sketch.min)
    max = Math.max(max, sketch.max)
  }
  return fromBuckets(buckets, { count, sum, min, max })
}

/**
 * The nearest-rank q-quantile (0 ≤ q ≤ 1; the value of rank ceil(q·n), at least 1), as
 * percentile_disc: within ALPHA relative error of the exact one, clamped to [min, max] (the first
 * and last ranks exactly). Null when the sketch is empty.
 */
export function sketchQuantile(sketch: Sketch, q: number): number | null {
  if (sketch.count === 0) return null
  const rank = Math.max(1, Math.ceil(q * sketch.count))
  // The ends are known exactly.
  if (rank === 1) return sketch.min
  if (rank >= sketch.count) return sketch.max
  let seen = 0
  for (let i = 0; i < sketch.keys.length; i += 1) {
    seen += sketch.counts[i] ?? 0
    if (seen >= rank) {
      const estimate = keyValue(sketch.keys[i] ?? 0)
      return Math.min(sketch.max, Math.max(sketch.min, estimate))
    }
  }
  return sketch.max
}

/** The exact nearest-rank quantile (percentile_disc) of values, for tests and small ranges. */
export function exactQuantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil(q * sorted.length))
  return sorted[rank - 1] ?? null
}
