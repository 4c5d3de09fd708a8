/**
 * The geographic rules of map data (pure; contracts/maps.ts header): H3 areas at a resolution
 * step built from the units of privacy cells that pass the five-unit rule only, region areas,
 * and point positions exact or coarsened to their privacy cell's centre.
 */
import { cellToBoundary, cellToLatLng, cellToParent, latLngToCell } from 'h3-js'
import type { PlotValue } from '../../../contracts/analytics.ts'
import {
  inBbox,
  MIN_AREA_UNITS,
  POINT_RESOLUTION,
  PRIVACY_RESOLUTION,
  type Bbox,
  type H3Step,
  type MapArea,
} from '../../../contracts/maps.ts'
import type { StoreMetricKey } from '../../../contracts/ingestion.ts'
import { groupValues, weightedQuantile, type Weighted } from '../analytics/presenter.ts'
import type { AreaRow, UnitSums } from './repository.ts'

/** One unit's kept values over the range, where it is and its region. */
export type UnitValues = {
  unitId: number
  latitude: number | null
  longitude: number | null
  region: string | null
  kept: Weighted
}

const round = (x: number, digits: number) => {
  const f = 10 ** digits
  return Math.round(x * f) / f
}

/** The plotted value of a distribution: the mean or a nearest-rank percentile. */
export function plotOf(d: Weighted, plot: PlotValue): number | null {
  if (d.count === 0) return null
  if (plot === 'mean') return d.sum / d.count
  const q = plot === 'median' ? 0.5 : Number(plot.slice('perc_'.length)) / 100
  return weightedQuantile(d, q)
}

/** The union of distributions (weights of equal values added up by sorting). */
export function mergeWeighted(parts: readonly Weighted[]): Weighted {
  const pairs: [number, number][] = []
  let count = 0
  let sum = 0
  let min = Infinity
  let max = -Infinity
  for (const part of parts) {
    if (part.count === 0) continue
    part.values.forEach((value, i) => pairs.push([value, part.weights[i] ?? 0]))
    count += part.count
    sum += part.sum
    min = Math.min(min, part.min)
    max = Math.max(max, part.max)
  }
  pairs.sort((a, b) => a[0] - b[0])
  return {
    values: pairs.map((p) => p[0]),
    weights: pairs.map((p) => p[1]),
    count,
    sum,
    min: count > 0 ? min : NaN,
    max: count > 0 ? max : NaN,
  }
}

/** A valid position (finite, in range; 0/0 and −1/−1 count as none). */
export function located(lat: number | null, lon: number | null): lat is number {
  if (lat === null || lon === null || !Number.isFinite(lat) || !Number.isFinite(lon)) return false
  if ((lat === 0 && lon === 0) || (lat === -1 && lon === -1)) return false
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180
}

/** The privacy cell (H3 at PRIVACY_RESOLUTION) of a position, or null without a valid one. */
export function privacyCell(lat: number | null, lon: number | null): string | null {
  return located(lat, lon) && lon !== null ? latLngToCell(lat, lon, PRIVACY_RESOLUTION) : null
}

/** The cells holding at least MIN_AREA_UNITS distinct units (`pairs`: unit and its cell). */
export function passingCells(pairs: Iterable<readonly [unit: number, cell: string]>): Set<string> {
  const unitsOf = new Map<string, Set<number>>()
  for (const [unit, cell] of pairs) {
    let set = unitsOf.get(cell)
    if (!set) unitsOf.set(cell, (set = new Set()))
    set.add(unit)
  }
  return new Set([...unitsOf].filter(([, set]) => set.size >= MIN_AREA_UNITS).map(([c]) => c))
}

const centreOf = (cell: string): [number, number] => {
  const [lat, lon] = cellToLatLng(cell)
  return [round(lat, 5), round(lon, 5)]
}

/**
 * H3 areas at `resolution`: the units with values and a position, by privacy cell; the cells
 * under five units are dropped (their units counted in `suppressedUnits`); each area is the
 * parent (cellToParent, an exact function) of the passing privacy cells, so at every step an
 * area is a union of whole passing cells. Areas whose centre is outside `bbox` are left out.
 */
export function h3Areas(
  units: readonly UnitValues[],
  resolution: H3Step,
  plot: PlotValue,
  bbox?: Bbox,
): { areas: MapArea[]; suppressedUnits: number } {
  const cells: [UnitValues, string][] = []
  for (const unit of units) {
    if (unit.kept.count === 0) continue
    const cell = privacyCell(unit.latitude, unit.longitude)
    if (cell !== null) cells.push([unit, cell])
  }
  const passing = passingCells(cells.map(([unit, cell]) => [unit.unitId, cell] as const))
  const groups = new Map<string, UnitValues[]>()
  let suppressedUnits = 0
  for (const [unit, cell] of cells) {
    if (!passing.has(cell)) {
      suppressedUnits += 1
      continue
    }
    const area = resolution === PRIVACY_RESOLUTION ? cell : cellToParent(cell, resolution)
    let list = groups.get(area)
    if (!list) groups.set(area, (list = []))
    list.push(unit)
  }
  const areas: MapArea[] = []
  for (const [id, members] of groups) {
    // A union of passing cells always holds five units; checked again all the same.
    if (members.length < MIN_AREA_UNITS) continue
    const centre = centreOf(id)
    if (bbox && !inBbox(bbox, centre[0], centre[1])) continue
    const merged = mergeWeighted(members.map((m) => m.kept))
    areas.push({
      id,
      kind: 'h3',
      centre,
      boundary: cellToBoundary(id).map(([lat, lon]): [number, number] => [
        round(lat, 5),
        round(lon, 5),
      ]),
      value: plotOf(merged, plot),
      sampleCount: merged.count,
      unitCount: members.length,
    })
  }
  areas.sort((a, b) => a.id.localeCompare(b.id))
  return { areas, suppressedUnits }
}

/**
 * Region areas: the units with values by their region; regions under five units hidden. The
 * centre is the mean position of the region's located units (null island when none is located).
 */
export function regionAreas(
  units: readonly UnitValues[],
  plot: PlotValue,
  bbox?: Bbox,
): { areas: MapArea[]; suppressedUnits: number } {
  const groups = new Map<string, UnitValues[]>()
  for (const unit of units) {
    if (unit.kept.count === 0 || unit.region === null) continue
    let list = groups.get(unit.region)
    if (!list) groups.set(unit.region, (list = []))
    list.push(unit)
  }
  const areas: MapArea[] = []
  let suppressedUnits = 0
  for (const [region, members] of groups) {
    if (members.length < MIN_AREA_UNITS) {
      suppressedUnits += members.length
      continue
    }
    const placed = members.filter((m) => located(m.latitude, m.longitude))
    const mean = (pick: (m: UnitValues) => number) =>
      placed.length === 0 ? 0 : round(placed.reduce((s, m) => s + pick(m), 0) / placed.length, 5)
    const centre: [number, number] = [mean((m) => m.latitude ?? 0), mean((m) => m.longitude ?? 0)]
    if (bbox && placed.length > 0 && !inBbox(bbox, centre[0], centre[1])) continue
    const merged = mergeWeighted(members.map((m) => m.kept))
    areas.push({
      id: region,
      kind: 'region',
      centre,
      value: plotOf(merged, plot),
      sampleCount: merged.count,
      unitCount: members.length,
    })
  }
  areas.sort((a, b) => a.id.localeCompare(b.id))
  return { areas, suppressedUnits }
}

/** A point before placing: its unit, position and whether the caller may see it exactly. */
export type PlacedInput = { unit: number; lat: number; lon: number; exact: boolean }
/** Where a point is drawn, or null when it is left out (a coarse cell under five units). */
export type Placement = { lat: number; lon: number; exact: boolean } | null

/**
 * Positions of points: exact ones as they are; the others at the centre of their
 * POINT_RESOLUTION cell when that cell holds at least five distinct units among the coarsened points (units the caller
 * sees exactly do not count: they would hide no one), else left out. Invalid positions are left
 * out.
 */
export function placePoints(points: readonly PlacedInput[]): Placement[] {
  const cells: (string | null)[] = points.map((p) =>
    p.exact || !located(p.lat, p.lon) ? null : latLngToCell(p.lat, p.lon, POINT_RESOLUTION),
  )
  const pairs: [number, string][] = []
  points.forEach((p, i) => {
    const cell = cells[i]
    if (cell !== null && cell !== undefined) pairs.push([p.unit, cell])
  })
  const passing = passingCells(pairs)
  const centres = new Map<string, [number, number]>()
  return points.map((p, i): Placement => {
    if (!located(p.lat, p.lon)) return null
    if (p.exact) return { lat: p.lat, lon: p.lon, exact: true }
    const cell = cells[i]
    if (cell === null || cell === undefined || !passing.has(cell)) return null
    let centre = centres.get(cell)
    if (!centre) centres.set(cell, (centre = centreOf(cell)))
    return { lat: centre[0], lon: centre[1], exact: false }
  })
}

/** A unit drawn on an aggregate map: its privacy cell (or region), its area, technology and speed. */
export type PlacedUnit = {
  unit: number
  cell: string
  area: string
  tech: string | null
  speed: number | null
}

/**
 * The area rows of an aggregate map from each unit's sums over the range: a unit reports when it
 * has OK results in the range; a cell passes when `minUnits` reporting units lie in it; only the
 * units of passing cells are summed, per area, technology and package speed (buckets unordered:
 * the presenter sorts them). `suppressed`: the reporting units of cells that did not pass.
 */
export function areaRowsOf(
  placed: readonly PlacedUnit[],
  sums: ReadonlyMap<number, UnitSums>,
  minUnits: number,
): { rows: AreaRow[]; suppressed: number } {
  const reporting = placed.filter((p) => (sums.get(p.unit)?.count ?? 0) > 0)
  const perCell = new Map<string, number>()
  for (const p of reporting) perCell.set(p.cell, (perCell.get(p.cell) ?? 0) + 1)
  const groups = new Map<string, AreaRow & { buckets: Map<number, number> }>()
  let suppressed = 0
  for (const p of reporting) {
    const unit = sums.get(p.unit)
    if (unit === undefined) continue
    if ((perCell.get(p.cell) ?? 0) < minUnits) {
      suppressed += 1
      continue
    }
    const key = JSON.stringify([p.area, p.tech, p.speed])
    let row = groups.get(key)
    if (!row) {
      row = {
        area: p.area,
        tech: p.tech,
        speed: p.speed,
        agents: 0,
        count: 0,
        sum: 0,
        min: null,
        max: null,
        keys: [],
        counts: [],
        buckets: new Map(),
      }
      groups.set(key, row)
    }
    row.agents += 1
    row.count += unit.count
    row.sum += unit.sum
    if (unit.min !== null) row.min = row.min === null ? unit.min : Math.min(row.min, unit.min)
    if (unit.max !== null) row.max = row.max === null ? unit.max : Math.max(row.max, unit.max)
    unit.keys.forEach((k, i) => {
      row.buckets.set(k, (row.buckets.get(k) ?? 0) + (unit.counts[i] ?? 0))
    })
  }
  const rows = [...groups.values()].map(({ buckets, ...row }) => ({
    ...row,
    keys: [...buckets.keys()],
    counts: [...buckets.values()],
  }))
  return { rows, suppressed }
}

/**
 * The areas of an aggregate map from its area rows (per area, technology and package speed:
 * areaRowsOf): the read rules per row (prefilters, signal 0, normalisation), merged per area. H3 areas
 * get their centre and outline; regions the mean position of their located units (`centres`).
 */
export function areasOfRows(
  metric: StoreMetricKey,
  rows: readonly AreaRow[],
  options: {
    kind: 'h3' | 'region'
    plot: PlotValue
    normalised: boolean
    bbox?: Bbox
    centres?: ReadonlyMap<string, [number, number]>
  },
): MapArea[] {
  const groups = new Map<string, { parts: Weighted[]; units: number }>()
  for (const row of rows) {
    let group = groups.get(row.area)
    if (!group) groups.set(row.area, (group = { parts: [], units: 0 }))
    group.parts.push(groupValues(metric, row, options.normalised).kept)
    group.units += row.agents
  }
  const areas: MapArea[] = []
  for (const [id, group] of groups) {
    // A union of passing cells always holds five units; checked again all the same.
    if (group.units < MIN_AREA_UNITS) continue
    const centre = options.kind === 'h3' ? centreOf(id) : (options.centres?.get(id) ?? [0, 0])
    if (options.bbox && !inBbox(options.bbox, centre[0], centre[1])) continue
    const merged = mergeWeighted(group.parts)
    areas.push({
      id,
      kind: options.kind,
      centre,
      ...(options.kind === 'h3'
        ? {
            boundary: cellToBoundary(id).map(([lat, lon]): [number, number] => [
              round(lat, 5),
              round(lon, 5),
            ]),
          }
        : {}),
      value: plotOf(merged, options.plot),
      sampleCount: merged.count,
      unitCount: group.units,
    })
  }
  areas.sort((a, b) => a.id.localeCompare(b.id))
  return areas
}
