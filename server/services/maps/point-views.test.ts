import { describe, expect, it } from 'vitest'
import { CLUSTER_MAX_ZOOM, noPoints, type MapPointsData } from '../../../contracts/maps.ts'
import { bumpUnitData, dataVersionNow } from '../../lib/unit-data-version.ts'
import {
  clusteredView,
  createPointIndexCache,
  fittingZoom,
  indexPoints,
  pointsInBox,
} from './point-views.ts'

/** Points as the route builds them: a grid around London (values 1…n) and a few in Sydney. */
function answer(london: number, sydney: number): MapPointsData {
  const data: MapPointsData = {
    ...noPoints({ mapType: 'raw_mobile', metric: 'httpgetmt', plotValue: 'median' }),
    signal: [],
    time: [],
    suppressed: 3,
    invalidPositions: 2,
  }
  const add = (lat: number, lon: number, value: number | null, unit: number) => {
    data.lat.push(lat)
    data.lon.push(lon)
    data.value.push(value)
    data.exact.push(unit % 2 === 0)
    data.unit.push(unit % 2 === 0 ? unit : null)
    data.signal?.push(-70 - (unit % 30))
    data.time?.push(1_700_000_000 + unit)
  }
  for (let i = 0; i < london; i++)
    add(51.3 + (i % 40) * 0.01, -0.4 + Math.floor(i / 40) * 0.01, i + 1, i)
  for (let i = 0; i < sydney; i++) add(-33.87 + i * 0.001, 151.21, null, london + i)
  data.count = data.lat.length
  return data
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0)

describe('a large answer clustered per view', () => {
  const data = answer(2000, 5)
  const indexed = indexPoints(data)

  it.each([0, 3, 8, CLUSTER_MAX_ZOOM])(
    'the world at zoom %i: clusters and single points count every point once',
    (zoom) => {
      const view = clusteredView(indexed, { zoom })
      const clusters = view.clusters
      expect(clusters?.total).toBe(2005)
      expect(sum(clusters?.count ?? []) + view.count).toBe(2005)
      // The whole answer's figures go with every view.
      expect(view.suppressed).toBe(3)
      expect(view.invalidPositions).toBe(2)
    },
  )

  it('far fewer items than points at a city’s zoom, and a cluster’s value is its mean', () => {
    const view = clusteredView(indexed, { zoom: 5 })
    const clusters = view.clusters
    expect((clusters?.lat.length ?? 0) + view.count).toBeLessThan(10)
    const london = clusters?.count.indexOf(2000) ?? -1
    expect(london).toBeGreaterThanOrEqual(0)
    // Values 1…2000: mean 1000.5.
    expect(clusters?.value[london]).toBe(1000.5)
    // Sydney's points have no values: its cluster has none either.
    expect(clusters?.value[clusters.count.indexOf(5)]).toBeNull()
    expect(clusters?.expansionZoom[london]).toBeGreaterThan(5)
  })

  it('a box keeps its view only: Sydney’s points are not in London’s', () => {
    const view = clusteredView(indexed, {
      zoom: 6,
      bbox: { south: 40, west: -10, north: 60, east: 10 },
    })
    expect(sum(view.clusters?.count ?? []) + view.count).toBe(2000)
    expect(view.clusters?.total).toBe(2005)
  })

  it('beyond the clustering zoom every point in view comes alone with its columns', () => {
    const box = { south: 51.295, west: -0.405, north: 51.335, east: -0.375 }
    const view = clusteredView(indexed, { zoom: CLUSTER_MAX_ZOOM + 1, bbox: box })
    expect(view.clusters?.count).toEqual([])
    const expected = pointsInBox(data, box)
    expect(view.count).toBe(expected.count)
    expect(view.count).toBe(12)
    for (const column of ['lat', 'lon', 'value', 'exact', 'unit', 'signal', 'time'] as const) {
      const values: unknown[] = view[column] ?? []
      expect(new Set(values)).toEqual(new Set<unknown>(expected[column]))
    }
  })

  it('without a zoom: the zoom that fits every point, and their bounds to fit', () => {
    const view = clusteredView(indexed, {})
    expect(view.clusters?.zoom).toBe(fittingZoom(indexed.bounds))
    expect(view.clusters?.bounds).toEqual({
      south: -33.87,
      west: -0.4,
      north: expect.closeTo(51.69, 6) as number,
      east: 151.21,
    })
  })
})

describe('fittingZoom', () => {
  it.each([
    ['nothing', null, 1],
    ['the world', { south: -60, west: -180, north: 80, east: 180 }, 0],
    ['a country (10°)', { south: 50, west: -5, north: 55, east: 5 }, 5],
    ['a town (0.1°)', { south: 51.45, west: -0.15, north: 51.5, east: -0.05 }, 12],
    ['one point', { south: 51.5, west: 0, north: 51.5, east: 0 }, CLUSTER_MAX_ZOOM],
  ])('%s: zoom %i', (_, bounds, zoom) => {
    expect(fittingZoom(bounds)).toBe(zoom)
  })
})

describe('pointsInBox', () => {
  it('keeps the points in the box, every column alike', () => {
    const data = answer(3, 2)
    const kept = pointsInBox(data, { south: -40, west: 150, north: -30, east: 152 })
    expect(kept.count).toBe(2)
    expect(kept.unit).toEqual([null, 4])
    expect(kept.time).toEqual([1_700_000_003, 1_700_000_004])
    expect(kept.value).toEqual([null, null])
  })
})

describe('the index cache', () => {
  const indexed = indexPoints(answer(10, 0))
  const entry = (units: number[]) => ({ version: 0, units, indexed })

  it('holds an answer until one of its units is written (others do not matter)', () => {
    const cache = createPointIndexCache()
    const [unit, other] = [9_000_001, 9_000_002]
    cache.set('a', { version: dataVersionNow(), units: [unit], indexed })
    expect(cache.get('a')).toBe(indexed)
    expect(cache.get('b')).toBeUndefined()
    bumpUnitData(other)
    expect(cache.get('a')).toBe(indexed)
    bumpUnitData(unit)
    expect(cache.get('a')).toBeUndefined()
  })

  it('forgets answers after their time to live', () => {
    let now = 0
    const cache = createPointIndexCache({ ttlMs: 1000, now: () => now })
    cache.set('a', { ...entry([]), version: 0 })
    now = 999
    expect(cache.get('a')).toBe(indexed)
    now = 1000
    expect(cache.get('a')).toBeUndefined()
  })

  it('keeps the most recently used beyond its size', () => {
    const cache = createPointIndexCache({ maxEntries: 2 })
    cache.set('a', entry([]))
    cache.set('b', entry([]))
    cache.get('a')
    cache.set('c', entry([]))
    expect(cache.get('a')).toBe(indexed)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('c')).toBe(indexed)
  })
})
