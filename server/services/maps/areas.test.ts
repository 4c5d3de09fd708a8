/**
 * The area rules on a hand-computed fixture (pure). Units sit at H3 cell centres (resolution 5):
 *
 *   c1 (London cell)       6 units  values 10 20 30 40 50 60      → shown, median 30
 *   c2 (a sibling of c1)   3 units  values 1000 ×3                → hidden (< 5)
 *   c3 (another sibling)   5 units  values 100 110 120 130 140    → shown, median 120
 *   d  (Sydney)            2 units  values 7 7                    → hidden (< 5)
 *
 * The resolution-4 parent of c1 holds c1, c2 and c3. Naively (every step from all its units,
 * then the five-unit rule) it would show 14 units, and 14 − 6 − 5 reveals c2's 3 units and their
 * values. Built from passing cells only it shows 11: exactly c1 + c3.
 */
import { cellToChildren, cellToLatLng, cellToParent, latLngToCell } from 'h3-js'
import { describe, expect, it } from 'vitest'
import { H3_STEPS, MIN_AREA_UNITS, type H3Step } from '../../../contracts/maps.ts'
import { sketchOf } from '../../../contracts/quantile-sketch.ts'
import {
  areaRowsOf,
  h3Areas,
  placePoints,
  plotOf,
  regionAreas,
  type PlacedUnit,
  type UnitValues,
} from './areas.ts'
import type { UnitSums } from './repository.ts'
import type { Weighted } from '../analytics/presenter.ts'

const c1 = latLngToCell(51.5, -0.12, 5)
const parent4 = cellToParent(c1, 4)
const [c2, c3] = cellToChildren(parent4, 5).filter((c) => c !== c1) as [string, string]
const d = latLngToCell(-33.87, 151.21, 5)

function weighted(values: number[]): Weighted {
  const s = sketchOf(values)
  return {
    values: values.slice().sort((a, b) => a - b),
    weights: values.map(() => 1),
    count: s.count,
    sum: s.sum,
    min: s.min,
    max: s.max,
  }
}

let next = 1
function unitsIn(cell: string, values: number[], region: string | null): UnitValues[] {
  const [lat, lon] = cellToLatLng(cell)
  return values.map((value) => ({
    unitId: next++,
    latitude: lat,
    longitude: lon,
    region,
    kept: weighted([value]),
  }))
}

const FIXTURE: UnitValues[] = [
  ...unitsIn(c1, [10, 20, 30, 40, 50, 60], 'North'),
  ...unitsIn(c2, [1000, 1000, 1000], 'South'),
  ...unitsIn(c3, [100, 110, 120, 130, 140], 'South'),
  ...unitsIn(d, [7, 7], 'East'),
  // Without a position or without values: in no H3 area.
  { unitId: 99, latitude: null, longitude: null, region: 'North', kept: weighted([5]) },
  { unitId: 98, latitude: 51.5, longitude: -0.12, region: 'North', kept: weighted([]) },
]

/** The naive rule (each step from all its units, then hide < 5): what must not be done. */
function naive(units: readonly UnitValues[], resolution: H3Step): Map<string, number> {
  const counts = new Map<string, number>()
  for (const u of units) {
    if (u.latitude === null || u.longitude === null || u.kept.count === 0) continue
    const cell = latLngToCell(u.latitude, u.longitude, resolution)
    counts.set(cell, (counts.get(cell) ?? 0) + 1)
  }
  return new Map([...counts].filter(([, n]) => n >= MIN_AREA_UNITS))
}

describe('H3 areas', () => {
  it('at the finest step: the cells with five units or more, their values and counts', () => {
    const { areas, suppressedUnits } = h3Areas(FIXTURE, 5, 'median')
    expect(areas.map((a) => [a.id, a.unitCount, a.sampleCount, a.value])).toEqual(
      [
        [c1, 6, 6, 30],
        [c3, 5, 5, 120],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    )
    expect(suppressedUnits).toBe(5)
    expect(areas[0]?.boundary?.length).toBeGreaterThanOrEqual(6)
  })

  it('the mean and percentiles are read off the merged units', () => {
    const { areas } = h3Areas(FIXTURE, 4, 'mean')
    expect(areas).toHaveLength(1)
    expect(areas[0]?.value).toBeCloseTo((210 + 600) / 11, 6)
    expect(h3Areas(FIXTURE, 4, 'perc_90').areas[0]?.value).toBe(130)
  })

  it('a coarse cell cannot be differenced against visible fine cells (the naive rule leaks)', () => {
    // The naive parent shows 14 units: 14 − 6 − 5 = the hidden cell's 3.
    expect(naive(FIXTURE, 4).get(parent4)).toBe(14)
    const { areas } = h3Areas(FIXTURE, 4, 'median')
    expect(areas.map((a) => [a.id, a.unitCount, a.value])).toEqual([[parent4, 11, 60]])
    // At every step each area is exactly the sum of the finest visible areas inside it.
    const finest = h3Areas(FIXTURE, 5, 'median').areas
    for (const step of H3_STEPS) {
      for (const area of h3Areas(FIXTURE, step, 'median').areas) {
        const inside = finest.filter(
          (f) => (step === 5 ? f.id : cellToParent(f.id, step)) === area.id,
        )
        expect(area.unitCount).toBe(inside.reduce((s, f) => s + f.unitCount, 0))
        expect(area.sampleCount).toBe(inside.reduce((s, f) => s + f.sampleCount, 0))
      }
      // Nothing of the hidden cells' units anywhere: 11 units at every step.
      const shown = h3Areas(FIXTURE, step, 'median').areas
      expect(shown.reduce((s, a) => s + a.unitCount, 0)).toBe(11)
    }
  })

  it('a bounding box keeps the areas whose centre is inside', () => {
    const [lat, lon] = cellToLatLng(c1)
    const box = { south: lat - 0.001, north: lat + 0.001, west: lon - 0.001, east: lon + 0.001 }
    expect(h3Areas(FIXTURE, 5, 'median', box).areas.map((a) => a.id)).toEqual([c1])
    // Crossing the antimeridian: Sydney's cell would be in, but it is hidden anyway.
    const pacific = { south: -60, north: 60, west: 150, east: -150 }
    expect(h3Areas(FIXTURE, 5, 'median', pacific).areas).toEqual([])
  })
})

describe('region areas', () => {
  it('regions of five units or more (positions not needed), the others hidden', () => {
    const { areas, suppressedUnits } = regionAreas(FIXTURE, 'median')
    expect(areas.map((a) => [a.id, a.unitCount, a.value])).toEqual([
      ['North', 7, 30],
      ['South', 8, 130],
    ])
    expect(suppressedUnits).toBe(2)
  })
})

describe('point positions', () => {
  const [lat1, lon1] = cellToLatLng(c1)
  const [lat2, lon2] = cellToLatLng(d)
  // Coarse points are drawn at resolution 4: c1's parent.
  const [latP, lonP] = cellToLatLng(parent4)
  const jitter = (i: number) => (i % 3) * 0.001

  it('exact points as they are; coarse ones at their cell centre when five units share it', () => {
    const points = [
      ...[1, 2, 3, 4, 5].map((unit) => ({
        unit,
        lat: lat1 + jitter(unit),
        lon: lon1,
        exact: false,
      })),
      { unit: 6, lat: lat2 + 0.001, lon: lon2, exact: true },
      ...[7, 8].map((unit) => ({ unit, lat: lat2, lon: lon2 + jitter(unit), exact: false })),
      { unit: 9, lat: -1, lon: -1, exact: true },
    ]
    const placed = placePoints(points)
    for (const p of placed.slice(0, 5))
      expect(p).toEqual({ lat: p?.lat, lon: p?.lon, exact: false })
    expect(new Set(placed.slice(0, 5).map((p) => `${p?.lat},${p?.lon}`)).size).toBe(1)
    expect(placed[0]?.lat).toBeCloseTo(latP, 4)
    expect(placed[0]?.lon).toBeCloseTo(lonP, 4)
    expect(placed[5]).toEqual({ lat: lat2 + 0.001, lon: lon2, exact: true })
    // Two coarse units in Sydney's cell (the exact one does not hide them): left out.
    expect(placed[6]).toBeNull()
    expect(placed[7]).toBeNull()
    expect(placed[8]).toBeNull()
  })

  it('five points of one unit are one unit: left out', () => {
    const placed = placePoints(
      [0, 1, 2, 3, 4].map((i) => ({ unit: 1, lat: lat1 + jitter(i), lon: lon1, exact: false })),
    )
    expect(placed.every((p) => p === null)).toBe(true)
  })

  it('plotOf: empty is null, the mean, nearest-rank percentiles', () => {
    expect(plotOf(weighted([]), 'median')).toBeNull()
    expect(plotOf(weighted([1, 2, 3, 4]), 'mean')).toBe(2.5)
    expect(plotOf(weighted([1, 2, 3, 4]), 'median')).toBe(2)
    expect(plotOf(weighted([1, 2, 3, 4]), 'perc_75')).toBe(3)
  })
})

describe('area rows from unit sums (the aggregate map)', () => {
  const sums = (count: number, keys: number[] = [], counts: number[] = []): UnitSums => ({
    count,
    sum: count * 10,
    min: count > 0 ? (keys[0] ?? 0) : null,
    max: count > 0 ? (keys.at(-1) ?? 0) : null,
    keys,
    counts,
  })
  const at = (
    unit: number,
    cell: string,
    area: string,
    tech: string | null = 'FTTP',
  ): PlacedUnit => ({
    unit,
    cell,
    area,
    tech,
    speed: null,
  })

  it.each([
    {
      name: 'five reporting units in a cell: one row, buckets added key by key',
      placed: [1, 2, 3, 4, 5].map((u) => at(u, 'a', 'A')),
      unitSums: [1, 2, 3, 4, 5].map((u) => [u, sums(2, [u % 2, 7], [1, 1])] as const),
      rows: [
        {
          area: 'A',
          tech: 'FTTP',
          agents: 5,
          count: 10,
          sum: 100,
          keys: [1, 7, 0],
          counts: [3, 5, 2],
        },
      ],
      suppressed: 0,
    },
    {
      name: 'a unit without OK results in the range does not count towards the five',
      placed: [1, 2, 3, 4, 5].map((u) => at(u, 'a', 'A')),
      unitSums: [1, 2, 3, 4].map((u) => [u, sums(1, [3], [1])] as const).concat([[5, sums(0)]]),
      rows: [],
      suppressed: 4,
    },
    {
      name: 'a unit absent from the sums (no day rows) neither',
      placed: [1, 2, 3, 4, 5].map((u) => at(u, 'a', 'A')),
      unitSums: [1, 2, 3, 4].map((u) => [u, sums(1, [3], [1])] as const),
      rows: [],
      suppressed: 4,
    },
    {
      name: 'two passing cells in one area, split by technology; a small cell left out',
      placed: [
        ...[1, 2, 3, 4, 5].map((u) => at(u, 'a', 'P', u <= 2 ? 'DSL' : 'FTTP')),
        ...[6, 7, 8, 9, 10].map((u) => at(u, 'b', 'P', null)),
        ...[11, 12].map((u) => at(u, 'c', 'P')),
      ],
      unitSums: Array.from({ length: 12 }, (_, i) => [i + 1, sums(1, [i + 1], [1])] as const),
      rows: [
        { area: 'P', tech: 'DSL', agents: 2, count: 2, keys: [1, 2] },
        { area: 'P', tech: 'FTTP', agents: 3, count: 3, keys: [3, 4, 5] },
        { area: 'P', tech: null, agents: 5, count: 5, keys: [6, 7, 8, 9, 10] },
      ],
      suppressed: 2,
    },
  ])('$name', ({ placed, unitSums, rows, suppressed }) => {
    const answer = areaRowsOf(placed, new Map<number, UnitSums>(unitSums), MIN_AREA_UNITS)
    expect(answer.suppressed).toBe(suppressed)
    expect(answer.rows).toHaveLength(rows.length)
    rows.forEach((row, i) => {
      expect(answer.rows[i]).toMatchObject(row)
    })
  })

  it('min and max over the units that have them', () => {
    const placed = [1, 2, 3, 4, 5].map((u) => at(u, 'a', 'A'))
    const unitSums = new Map<number, UnitSums>(
      [1, 2, 3, 4, 5].map((u) => [
        u,
        { ...sums(1, [u], [1]), min: u * 2, max: u === 3 ? null : u * 3 },
      ]),
    )
    const [row] = areaRowsOf(placed, unitSums, MIN_AREA_UNITS).rows
    expect(row).toMatchObject({ min: 2, max: 15 })
  })
})
