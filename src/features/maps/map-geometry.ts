/**
 * Pure geometry of the maps: point radius units (seeds 001 §9: px, m, km) at a zoom level, and
 * the GeoJSON the point index is built from (columnar answers of the analytics service).
 */
import type { Feature, Point } from 'geojson'
import type { MapPointsData, PointRadiusUnit } from '#contracts/maps.ts'

/** Web Mercator ground resolution: metres one screen pixel covers at a latitude and zoom. */
export function metresPerPixel(latitude: number, zoom: number): number {
  return (40_075_016.686 * Math.cos((latitude * Math.PI) / 180)) / 2 ** (zoom + 8)
}

/** A radius in px, m or km as screen pixels at a latitude and zoom (at least 1 px). */
export function radiusInPixels(
  radius: { value: number; unit: PointRadiusUnit },
  latitude: number,
  zoom: number,
): number {
  if (radius.unit === 'px') return Math.max(1, radius.value)
  const metres = radius.unit === 'km' ? radius.value * 1000 : radius.value
  return Math.max(1, metres / metresPerPixel(latitude, zoom))
}

/** The properties of one point feature: its index in the answer's columns. */
export type PointProperties = { i: number }

/** Point features of a columnar answer (GeoJSON is longitude first). */
export function pointFeatures(data: MapPointsData): Feature<Point, PointProperties>[] {
  const features: Feature<Point, PointProperties>[] = []
  for (let i = 0; i < data.count; i++) {
    const lat = data.lat[i]
    const lon = data.lon[i]
    if (lat === undefined || lon === undefined) continue
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lon, lat] },
      properties: { i },
    })
  }
  return features
}

/** The bounds [[south, west], [north, east]] of every position given, or null for none. */
export function boundsOf(
  positions: Iterable<readonly [number, number]>,
): [[number, number], [number, number]] | null {
  let south = Infinity
  let west = Infinity
  let north = -Infinity
  let east = -Infinity
  for (const [lat, lon] of positions) {
    south = Math.min(south, lat)
    north = Math.max(north, lat)
    west = Math.min(west, lon)
    east = Math.max(east, lon)
  }
  return south === Infinity
    ? null
    : [
        [south, west],
        [north, east],
      ]
}
