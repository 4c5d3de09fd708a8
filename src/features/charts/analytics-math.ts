// No chart.js here: the pages read these before chart.js has loaded.

/** §9 chart boost threshold: above this many points, points are small and lines decimated. */
export const BOOST_THRESHOLD = 1000

/** Least squares: the line through points (x, y) as its two ends over the points' x, or null. */
export function regressionLine(
  points: readonly { x: number; y: number | null }[],
): [{ x: number; y: number }, { x: number; y: number }] | null {
  const kept = points.filter(
    (p): p is { x: number; y: number } => p.y !== null && Number.isFinite(p.y),
  )
  if (kept.length < 2) return null
  const n = kept.length
  const meanX = kept.reduce((s, p) => s + p.x, 0) / n
  const meanY = kept.reduce((s, p) => s + p.y, 0) / n
  let sxx = 0
  let sxy = 0
  for (const p of kept) {
    sxx += (p.x - meanX) ** 2
    sxy += (p.x - meanX) * (p.y - meanY)
  }
  if (sxx === 0) return null
  const slope = sxy / sxx
  const at = (x: number) => ({ x, y: meanY + slope * (x - meanX) })
  const xs = kept.map((p) => p.x)
  return [at(Math.min(...xs)), at(Math.max(...xs))]
}
