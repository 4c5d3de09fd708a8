/** The bench's points: units over Great Britain, Australia and New Zealand, deterministic (LCG). */
import type { MapPointsData } from '../../contracts/maps.ts'

export function benchPoints(points: number): MapPointsData {
  let seed = 7
  const random = () => (seed = (seed * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32
  const REGIONS = [
    [50, 58, -5.5, 1.5],
    [-38, -27, 140, 153],
    [-46, -36, 168, 178],
  ] as const
  const lat: number[] = []
  const lon: number[] = []
  for (let i = 0; i < points; i++) {
    const [s, n, w, e] = REGIONS[i % 3] ?? REGIONS[0]
    lat.push(s + random() * (n - s))
    lon.push(w + random() * (e - w))
  }
  return {
    mapType: 'raw_map',
    metric: 'httpgetmt',
    plotValue: 'median',
    count: points,
    lat,
    lon,
    value: lat.map(() => 10 + random() * 300),
    exact: lat.map(() => true),
    unit: lat.map((_, i) => 1000 + i),
    suppressed: 0,
    invalidPositions: 0,
  }
}
