/** One point of a time series: y null is "no value" (a gap), never zero. */
export type SeriesPoint = {
  /** Time, ms since the epoch. */
  x: number
  y: number | null
  /** Why there is no value (NO_DATA, DEVICE_CANT_RUN_TEST, ERROR, …); absent or OK when there is one. */
  status?: string
  /** The test run behind the point, when known (raw results). */
  id?: string
}

/** A line of a chart. */
export type ChartSeries = {
  id: string
  label: string
  points: readonly SeriesPoint[]
  color?: string
  /** Drawn dashed, thinner: what a line is compared with (a baseline), not a figure itself. */
  dashed?: boolean
}

/** A horizontal line for comparison (a package speed, a target). */
export type ReferenceLine = { id: string; label: string; value: number; color?: string }

/** A point as chart.js draws it (parsing off: x and y read directly). */
export type DrawnPoint = { x: number; y: number; id?: string }

/**
 * Splits a series into what is drawn (points with a value, sorted by time, as decimation needs)
 * and the times of points without one (where the line is broken).
 */
export function splitSeries(points: readonly SeriesPoint[]): {
  drawn: DrawnPoint[]
  gaps: number[]
} {
  const drawn: DrawnPoint[] = []
  const gaps: number[] = []
  for (const point of points) {
    if (point.y === null || !Number.isFinite(point.y)) gaps.push(point.x)
    else
      drawn.push(
        point.id === undefined
          ? { x: point.x, y: point.y }
          : { x: point.x, y: point.y, id: point.id },
      )
  }
  drawn.sort((a, b) => a.x - b.x)
  gaps.sort((a, b) => a - b)
  return { drawn, gaps }
}

/** Whether a point without a value lies strictly between two times (so the line there breaks). */
export function hasGapBetween(gaps: readonly number[], a: number, b: number): boolean {
  const low = Math.min(a, b)
  const high = Math.max(a, b)
  // First gap after `low` (binary search), then whether it is before `high`.
  let lo = 0
  let hi = gaps.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((gaps[mid] ?? Infinity) <= low) lo = mid + 1
    else hi = mid
  }
  const next = gaps[lo]
  return next !== undefined && next < high
}

/** The median of some numbers (the mean of the middle two for an even count), null when none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  if (sorted.length % 2 === 1) return sorted[middle] ?? null
  return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** What a screen-reader summary and the notes under a chart say about a series. */
export type SeriesSummary = {
  /** The most recent value and its time, null when no point has one. */
  latest: { x: number; y: number } | null
  median: number | null
  /** Points with a value. */
  count: number
  /** Points without a value, per status. */
  missing: Record<string, number>
}

/** Latest value, median, count and the points without a value grouped by status. */
export function summarizeSeries(points: readonly SeriesPoint[]): SeriesSummary {
  const values: number[] = []
  const missing: Record<string, number> = {}
  let latest: { x: number; y: number } | null = null
  for (const point of points) {
    if (point.y === null || !Number.isFinite(point.y)) {
      const status = point.status ?? 'NO_DATA'
      missing[status] = (missing[status] ?? 0) + 1
      continue
    }
    values.push(point.y)
    if (latest === null || point.x >= latest.x) latest = { x: point.x, y: point.y }
  }
  return { latest, median: median(values), count: values.length, missing }
}
