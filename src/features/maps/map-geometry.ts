/**
 * Pure geometry of the maps: point radius units (seeds 001 §9: px, m, km) at a zoom level, and
 * the GeoJSON the point index is built from (columnar answers of the analytics service), and the
 * base layer's outlines taken across the antimeridian the short way.
 */
import type { FeatureCollection, Geometry, Position } from 'geojson'
import type { PointRadiusUnit } from '#contracts/maps.ts'

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

/**
 * A ring of [lon, lat] positions with every step across the antimeridian taken the short way
 * (±360°): the country outlines quantise some points of 180° to −180° (Fiji, Chukotka), which a
 * flat map draws as a line across the whole world.
 */
export function unwrapRing(ring: readonly Position[]): Position[] {
  let shift = 0
  let previous: number | null = null
  return ring.map(([lon = 0, lat = 0, ...rest]) => {
    if (previous !== null) {
      const step = lon + shift - previous
      if (step > 180) shift -= 360
      else if (step < -180) shift += 360
    }
    previous = lon + shift
    return [lon + shift, lat, ...rest]
  })
}

/** The outlines of a collection of areas with unwrapped rings (other geometries kept). */
export function unwrapOutlines<G extends Geometry | null, P>(
  collection: FeatureCollection<G, P>,
): FeatureCollection<G, P> {
  const unwrap = (geometry: G): G => {
    if (geometry?.type === 'Polygon')
      return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) }
    if (geometry?.type === 'MultiPolygon')
      return {
        ...geometry,
        coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)),
      }
    return geometry
  }
  return {
    ...collection,
    features: collection.features.map((item) => ({ ...item, geometry: unwrap(item.geometry) })),
  }
}
