import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  formResolution,
  inBbox,
  isMobilePosition,
  MapConfigResponseSchema,
  MapDataResponseSchema,
  MapFormSchema,
  mobileSignal,
  resolutionForZoom,
  tileImgSources,
  viewBox,
} from './maps.ts'

describe('the raw mobile point filter (seeds 001 §5)', () => {
  it.each([
    [51.5, -0.12, true],
    [-1, -1, false],
    [-1, 5, true],
    [5, -1, true],
    [0, 0, true],
    [90, 180, true],
    [-90, -180, true],
    [90.0001, 10, false],
    [-91, 10, false],
    [10, 180.5, false],
    [10, -181, false],
    [Number.NaN, 10, false],
    [10, Number.POSITIVE_INFINITY, false],
  ])('lat %s, lon %s → kept %s', (lat, lon, kept) => {
    expect(isMobilePosition(lat, lon)).toBe(kept)
  })

  it.each([
    [0, null],
    [null, null],
    [-85, -85],
    [-120, -120],
  ])('signal %s → %s (0 is no value)', (signal, value) => {
    expect(mobileSignal(signal)).toBe(value)
  })
})

describe('zoom → H3 resolution steps', () => {
  it.each([
    [0, 2],
    [3, 2],
    [4, 3],
    [5, 3],
    [6, 4],
    [7, 4],
    [8, 5],
    [18, 5],
    [22, 5],
  ])('zoom %s → resolution %s', (zoom, resolution) => {
    expect(resolutionForZoom(zoom)).toBe(resolution)
  })

  it('the zoom wins over a resolution; neither is the finest step', () => {
    expect(formResolution({ zoom: 2, resolution: 5 })).toBe(2)
    expect(formResolution({ resolution: 3 })).toBe(3)
    expect(formResolution({})).toBe(5)
  })
})

describe('bounding boxes', () => {
  it.each([
    [{ south: 50, west: -1, north: 52, east: 1 }, 51, 0, true],
    [{ south: 50, west: -1, north: 52, east: 1 }, 53, 0, false],
    [{ south: 50, west: -1, north: 52, east: 1 }, 51, 2, false],
    // Across the antimeridian.
    [{ south: -50, west: 170, north: -30, east: -170 }, -40, 175, true],
    [{ south: -50, west: 170, north: -30, east: -170 }, -40, -175, true],
    [{ south: -50, west: 170, north: -30, east: -170 }, -40, 0, false],
  ])('%o holds %s,%s: %s', (box, lat, lon, inside) => {
    expect(inBbox(box, lat, lon)).toBe(inside)
  })
})

describe('the box a clustered map asks for (its view snapped to tiles, plus one)', () => {
  const step10 = 360 / 2 ** 10
  it.each([
    [
      'a wide view at zoom 2: the whole world',
      2,
      { south: 10, west: -20, north: 40, east: 30 },
      { south: -90, west: -180, north: 90, east: 180 },
    ],
    [
      'London at zoom 10: a tile beyond the view on every side',
      10,
      { south: 51.4, west: -0.2, north: 51.6, east: 0.1 },
      { south: 145 * step10, west: -2 * step10, north: 148 * step10, east: 2 * step10 },
    ],
    [
      'a view past 180° (Leaflet gives east 190): west > east',
      4,
      { south: -50, west: 170, north: -30, east: 190 },
      { south: -90, west: 135, north: 0, east: -135 },
    ],
    [
      'a view on the world copy west of −180',
      4,
      { south: 10, west: -200, north: 20, east: -170 },
      { south: -22.5, west: 135, north: 45, east: -135 },
    ],
  ])('%s', (_, zoom, view, box) => {
    expect(viewBox(zoom, view)).toEqual(box)
  })

  it('a small pan asks for the same box (the cached answer)', () => {
    const view = { south: 51.4, west: -0.2, north: 51.6, east: 0.1 }
    const panned = { south: 51.41, west: -0.19, north: 51.61, east: 0.11 }
    expect(viewBox(10, panned)).toEqual(viewBox(10, view))
  })

  it('always holds the view’s corners', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 18 }),
        fc.double({ min: -85, max: 85, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        fc.double({ min: -540, max: 540, noNaN: true }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        (zoom, south, height, west, width) => {
          const view = { south, west, north: Math.min(90, south + height), east: west + width }
          const box = viewBox(zoom, view)
          const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180
          for (const lat of [view.south, view.north])
            for (const lon of [view.west, view.east]) expect(inBbox(box, lat, wrap(lon))).toBe(true)
        },
      ),
    )
  })
})

describe('the map form', () => {
  const base = {
    metrics: [{ key: 'httpgetmt' }],
    mapType: 'map',
    date: { from: '2026-01-01', to: '2026-01-31' },
  }
  it('takes the Chart form with a map type, zoom and box', () => {
    const parsed = v.parse(MapFormSchema, {
      ...base,
      zoom: 6,
      bbox: { south: -44, west: 110, north: -10, east: 155 },
    })
    expect(parsed).toMatchObject({ mapType: 'map', zoom: 6, area: 'h3', plotValue: 'median' })
  })
  it.each([
    ['an unknown map type', { mapType: 'aggregate' }],
    ['a resolution off the steps', { resolution: 7 }],
    ['a fractional zoom', { zoom: 4.5 }],
    ['a zoom beyond 22', { zoom: 23 }],
    ['south above north', { bbox: { south: 10, west: 0, north: 5, east: 1 } }],
    ['a latitude beyond 90', { bbox: { south: 10, west: 0, north: 95, east: 1 } }],
    ['a non-map chart type', { chartType: 'line' }],
  ])('refuses %s', (_case, change) => {
    expect(v.safeParse(MapFormSchema, { ...base, ...change }).success).toBe(false)
  })
})

describe('tile server image sources (the CSP follows MAP_TILE_URL)', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['https://tiles.example.org/{z}/{x}/{y}.png', ['https://tiles.example.org']],
    ['https://{s}.tile.example.org/{z}/{x}/{y}.png', ['https://*.tile.example.org']],
    ['https://maps.example.org:8443/t/{z}/{x}/{y}@2x.png', ['https://maps.example.org:8443']],
    ['http://tiles.example.org/{z}/{x}/{y}.png', []],
  ])('%s → %o', (url, sources) => {
    expect(tileImgSources(url)).toEqual(sources)
  })
})

describe('the map-data answer (what the server sends, what the client reads)', () => {
  const area = {
    id: '851f1d4bfffffff',
    kind: 'h3',
    centre: [51.5, -0.12],
    boundary: [
      [51.5, -0.1],
      [51.6, -0.1],
      [51.55, -0.2],
    ],
    value: 42.5,
    sampleCount: 12,
    unitCount: 6,
  }
  const areas = {
    mapType: 'map',
    metric: 'httpgetmt',
    plotValue: 'median',
    area: 'h3',
    resolution: 5,
    areas: [area, { ...area, id: 'North', kind: 'region', boundary: undefined, value: null }],
    suppressedUnits: 3,
    unitCount: 12,
    sampleCount: 24,
  }
  const points = {
    mapType: 'raw_mobile',
    metric: 'httpgetmt',
    plotValue: 'median',
    count: 2,
    lat: [51.5, 51.6],
    lon: [-0.12, -0.13],
    value: [20, null],
    exact: [true, false],
    unit: [7, null],
    signal: [-80, null],
    time: [1_790_000_000, 1_790_000_060],
    suppressed: 1,
    invalidPositions: 2,
  }
  it.each<[string, unknown, boolean]>([
    ['areas', areas, true],
    ['regions (no resolution, no outline)', { ...areas, area: 'region', resolution: null }, true],
    ['points of a raw mobile map', points, true],
    [
      'points of a raw map (no signal, no time)',
      { ...points, mapType: 'raw_map', signal: undefined, time: undefined },
      true,
    ],
    ['a resolution outside the steps', { ...areas, resolution: 7 }, false],
    [
      'an area without its unit count',
      { ...areas, areas: [{ ...area, unitCount: undefined }] },
      false,
    ],
    ['a centre that is not a pair', { ...areas, areas: [{ ...area, centre: [51.5] }] }, false],
    ['points on an aggregate map', { ...points, mapType: 'map' }, false],
    ['an unknown map type', { ...points, mapType: 'pie_map' }, false],
    ['a position that is not a number', { ...points, lat: ['51.5', 51.6] }, false],
    ['no suppressed count', { ...points, suppressed: undefined }, false],
  ])('%s → accepted %s', (_, data, accepted) => {
    expect(v.safeParse(MapDataResponseSchema, { data }).success).toBe(accepted)
  })

  it.each<[unknown, boolean]>([
    [{ tileUrl: null, attribution: null }, true],
    [{ tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example' }, true],
    [{ tileUrl: 3, attribution: null }, false],
    [{}, false],
  ])('map config %j → accepted %s', (data, accepted) => {
    expect(v.safeParse(MapConfigResponseSchema, { data }).success).toBe(accepted)
  })
})
