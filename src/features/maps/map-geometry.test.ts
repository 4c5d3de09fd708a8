import { describe, expect, it } from 'vitest'
import { boundsOf, pointFeatures, positionsOf, type MapPointsData } from '#contracts/maps.ts'
import type { FeatureCollection, Geometry } from 'geojson'
import { metresPerPixel, radiusInPixels, unwrapOutlines, unwrapRing } from './map-geometry'

describe('radiusInPixels', () => {
  it.each<[string, { value: number; unit: 'px' | 'm' | 'km' }, number, number, number]>([
    ['px is px', { value: 15, unit: 'px' }, 51.5, 10, 15],
    ['px at least 1', { value: 0, unit: 'px' }, 0, 3, 1],
    // At the equator, zoom 0: 156,543 m a pixel.
    ['156.5 km at the equator, zoom 0', { value: 156.543, unit: 'km' }, 0, 0, 1],
    ['1 km at the equator, zoom 10 (152.9 m/px)', { value: 1, unit: 'km' }, 0, 10, 6.54],
    ['500 m at 60° north, zoom 12 (19.1 m/px)', { value: 500, unit: 'm' }, 60, 12, 26.16],
  ])('%s', (_, radius, latitude, zoom, pixels) => {
    expect(radiusInPixels(radius, latitude, zoom)).toBeCloseTo(pixels, 1)
  })

  it('halves the ground per pixel at each zoom level', () => {
    expect(metresPerPixel(45, 11) / metresPerPixel(45, 12)).toBeCloseTo(2, 10)
  })
})

describe('pointFeatures and boundsOf', () => {
  const data: MapPointsData = {
    mapType: 'raw_map',
    metric: 'httpgetmt',
    plotValue: 'median',
    count: 3,
    lat: [51.5, -33.9, 40.7],
    lon: [-0.1, 151.2, -74],
    value: [80, null, 20],
    exact: [true, false, true],
    unit: [1001, null, 1003],
    suppressed: 0,
    invalidPositions: 0,
  }

  it('puts longitude first and keeps each point’s index', () => {
    const features = pointFeatures(data)
    expect(features.map((f) => f.geometry.coordinates)).toEqual([
      [-0.1, 51.5],
      [151.2, -33.9],
      [-74, 40.7],
    ])
    expect(features.map((f) => f.properties.i)).toEqual([0, 1, 2])
  })

  it('bounds every position, or nothing', () => {
    expect(boundsOf(positionsOf(data))).toEqual({
      south: -33.9,
      west: -74,
      north: 51.5,
      east: 151.2,
    })
    expect(boundsOf([])).toBeNull()
  })
})

describe('unwrapRing', () => {
  it.each<[string, number[][], number[][]]>([
    [
      'keeps a ring that crosses nothing',
      [
        [10, 1],
        [12, 2],
        [10, 1],
      ],
      [
        [10, 1],
        [12, 2],
        [10, 1],
      ],
    ],
    [
      'takes −180 after 179 the short way, and back',
      [
        [179, -16],
        [180, -16.5],
        [-180, -16.5],
        [-179.5, -17],
        [179.5, -17],
        [179, -16],
      ],
      [
        [179, -16],
        [180, -16.5],
        [180, -16.5],
        [180.5, -17],
        [179.5, -17],
        [179, -16],
      ],
    ],
    [
      'takes 179 after −180 the short way',
      [
        [-180, 65],
        [179.9, 64.9],
        [178, 64],
      ],
      [
        [-180, 65],
        [-180.1, 64.9],
        [-182, 64],
      ],
    ],
    [
      'keeps a third coordinate',
      [
        [0, 0, 5],
        [1, 1, 6],
      ],
      [
        [0, 0, 5],
        [1, 1, 6],
      ],
    ],
    ['an empty ring', [], []],
  ])('%s', (_, ring, unwrapped) => {
    expect(unwrapRing(ring)).toEqual(unwrapped)
  })
})

describe('unwrapOutlines', () => {
  it('unwraps polygons and multipolygons and keeps other geometries', () => {
    const cut = [
      [179, 1],
      [-180, 1],
      [179, 2],
      [179, 1],
    ]
    const unwrapped = [
      [179, 1],
      [180, 1],
      [179, 2],
      [179, 1],
    ]
    const collection: FeatureCollection<Geometry | null> = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [cut] } },
        {
          type: 'Feature',
          properties: {},
          geometry: { type: 'MultiPolygon', coordinates: [[cut]] },
        },
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [-180, 0] } },
        { type: 'Feature', properties: {}, geometry: null },
      ],
    }
    expect(unwrapOutlines(collection).features.map((f) => f.geometry)).toEqual([
      { type: 'Polygon', coordinates: [unwrapped] },
      { type: 'MultiPolygon', coordinates: [[unwrapped]] },
      { type: 'Point', coordinates: [-180, 0] },
      null,
    ])
  })
})
