/**
 * Map data of the analytics service (seeds 001 §3.1 map, raw_map, geo_heatmap, lat_lon,
 * raw_mobile; §5 raw mobile filter and the five-unit rule; §9 point radius; issue 24). A map asks
 * with the Chart form of contracts/analytics.ts plus its map type, the zoom (or an H3 resolution
 * step) and an optional bounding box.
 *
 * Areas (`map`): H3 hexagons at fixed resolution steps following the zoom (ZOOM_STEPS), or the
 * units' regions (`area: 'region'`). Privacy (§5 "fewer than five units in an area: hidden"): every
 * step is computed from the units of PRIVACY_RESOLUTION cells holding at least MIN_AREA_UNITS
 * units only; a unit of a sparser cell counts nowhere (`suppressedUnits` says how many). A coarser
 * cell is then a union of whole finer cells that passed, so subtracting visible cells from a
 * coarse one (or comparing zoom levels) only ever yields unions of cells that passed.
 *
 * Points (`raw_map`, `geo_heatmap`, `lat_lon`: one point per unit; `raw_mobile`: one per mobile
 * test) come as columns (arrays of lat, lon, value …), exact only for units whose details the
 * caller may see (contracts/access.ts mayReadUnit); others at the centre of their
 * POINT_RESOLUTION cell when at least five such units share it, else left out.
 */
import type { Feature, Point } from 'geojson'
import * as v from 'valibot'
import { ChartFormSchema } from './analytics.ts'

export const MAP_TYPES = ['map', 'raw_map', 'geo_heatmap', 'lat_lon', 'raw_mobile'] as const
export type MapType = (typeof MAP_TYPES)[number]

/** §5/§9: areas (and coarsened point cells) with fewer units than this are hidden. */
export const MIN_AREA_UNITS = 5
/** The H3 resolution steps an aggregate map offers (coarse to fine). */
export const H3_STEPS = [2, 3, 4, 5] as const
export type H3Step = (typeof H3_STEPS)[number]
/** The finest step: the five-unit rule of areas is applied to its cells. */
export const PRIVACY_RESOLUTION: H3Step = 5
/**
 * Points of units the caller may not see exactly are drawn at the centre of their cell at this
 * step (≈1,800 km², edge 22 km), only when five distinct such units share it.
 */
export const POINT_RESOLUTION: H3Step = 4

/**
 * Zoom (web map levels 0–22) → H3 resolution: cells a few dozen pixels across at each zoom.
 * Resolution 2 ≈ 87,000 km² (edge 158 km), 3 ≈ 12,000 km², 4 ≈ 1,800 km², 5 ≈ 250 km² (edge 8.5 km).
 */
export const ZOOM_STEPS: readonly { maxZoom: number; resolution: H3Step }[] = [
  { maxZoom: 3, resolution: 2 },
  { maxZoom: 5, resolution: 3 },
  { maxZoom: 7, resolution: 4 },
  { maxZoom: 22, resolution: 5 },
]

/** The H3 resolution step of a zoom level. */
export function resolutionForZoom(zoom: number): H3Step {
  return ZOOM_STEPS.find((step) => zoom <= step.maxZoom)?.resolution ?? PRIVACY_RESOLUTION
}

/** §9: heatmap and point radius units and the heatmap's default radius. */
export const POINT_RADIUS_UNITS = ['px', 'm', 'km'] as const
export type PointRadiusUnit = (typeof POINT_RADIUS_UNITS)[number]
export const HEATMAP_POINT_RADIUS = 15

/** Points one answer holds at most; more is 422 TOO_MUCH_DATA (narrow the range or the box). */
export const MAP_POINT_LIMIT = 250_000

/**
 * Points an answer lists one by one at most. A larger answer is clustered by the server and sent
 * for the view asked (zoom and box): what a phone receives stays a few hundred items however many
 * points there are, and each pan or zoom asks for its view (issue 24: "large answers tiled").
 */
export const MAP_SEND_LIMIT = 20_000
/** Clustering of points, the same in the server and the client: radius in screen pixels. */
export const CLUSTER_RADIUS = 48
/** Points are clustered up to this zoom (a town); beyond it the few in view are drawn one by one. */
export const CLUSTER_MAX_ZOOM = 12

/**
 * §5: a raw mobile test position is kept unless latitude and longitude are both −1 (no fix) or
 * out of range (|latitude| > 90, |longitude| > 180), or not finite.
 */
export function isMobilePosition(latitude: number, longitude: number): boolean {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return false
  if (latitude === -1 && longitude === -1) return false
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
}

/** §3.3: a signal strength of 0 is no value. */
export function mobileSignal(signal: number | null): number | null {
  return signal === null || signal === 0 ? null : signal
}

const LATITUDE = v.pipe(v.number(), v.minValue(-90), v.maxValue(90))
const LONGITUDE = v.pipe(v.number(), v.minValue(-180), v.maxValue(180))

/** A bounding box; west > east crosses the antimeridian. */
export const BboxSchema = v.pipe(
  v.object({ south: LATITUDE, west: LONGITUDE, north: LATITUDE, east: LONGITUDE }),
  v.forward(
    v.check(({ south, north }) => south <= north, 'south must not be above north'),
    ['north'],
  ),
)
export type Bbox = v.InferOutput<typeof BboxSchema>

/** Whether a position lies in the box (edges included; west > east wraps the antimeridian). */
export function inBbox(box: Bbox, latitude: number, longitude: number): boolean {
  if (latitude < box.south || latitude > box.north) return false
  return box.west <= box.east
    ? longitude >= box.west && longitude <= box.east
    : longitude >= box.west || longitude <= box.east
}

/** A longitude taken into [−180, 180). */
function wrapLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180
}

/**
 * The box a clustered map asks for at a zoom: the view's box snapped outwards to the web map's tile
 * grid at that zoom plus one tile on each side, so a small pan asks for the same box (the cached
 * answer) and a pan of a tile or more asks for the next. Longitudes wrap (a view across the
 * antimeridian gives west > east); a view a world wide or more is the whole world.
 */
export function viewBox(zoom: number, view: Bbox): Bbox {
  const step = 360 / 2 ** zoom
  const south = Math.max(-90, (Math.floor(view.south / step) - 1) * step)
  const north = Math.min(90, (Math.ceil(view.north / step) + 1) * step)
  const west = (Math.floor(view.west / step) - 1) * step
  const east = (Math.ceil(view.east / step) + 1) * step
  if (east - west >= 360) return { south, west: -180, north, east: 180 }
  const wrappedEast = wrapLongitude(east)
  return { south, west: wrapLongitude(west), north, east: wrappedEast === -180 ? 180 : wrappedEast }
}

/**
 * The map form: the Chart form (one metric; its chartType and timeAggregation optional) with the
 * map type, the zoom or a resolution step (zoom wins), the area kind and a bounding box.
 */
export const MapFormSchema = v.object({
  ...ChartFormSchema.entries,
  chartType: v.optional(v.picklist(MAP_TYPES)),
  timeAggregation: v.optional(v.literal('daily'), 'daily'),
  mapType: v.picklist(MAP_TYPES),
  zoom: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(22))),
  resolution: v.optional(v.picklist(H3_STEPS)),
  area: v.optional(v.picklist(['h3', 'region']), 'h3'),
  bbox: v.optional(BboxSchema),
})
export type MapFormInput = v.InferInput<typeof MapFormSchema>
export type MapForm = v.InferOutput<typeof MapFormSchema>

/** The H3 step a form asks for: its zoom's, else its resolution, else the finest. */
export function formResolution(form: Pick<MapForm, 'zoom' | 'resolution'>): H3Step {
  if (form.zoom !== undefined) return resolutionForZoom(form.zoom)
  return form.resolution ?? PRIVACY_RESOLUTION
}

const LatLon = v.tuple([v.number(), v.number()])
const NullableNumbers = v.array(v.nullable(v.number()))

/** One area of an aggregate map: an H3 cell (id, centre, outline) or a region (name, centre). */
export const MapAreaSchema = v.object({
  id: v.string(),
  kind: v.picklist(['h3', 'region']),
  /** Centre [lat, lon]. */
  centre: LatLon,
  /** H3 outline as [lat, lon] vertices (none for regions: no boundary data ships). */
  boundary: v.optional(v.array(LatLon)),
  value: v.nullable(v.number()),
  sampleCount: v.number(),
  unitCount: v.number(),
})
export type MapArea = v.InferOutput<typeof MapAreaSchema>

export const MapAreasDataSchema = v.object({
  mapType: v.literal('map'),
  metric: v.string(),
  plotValue: v.string(),
  area: v.picklist(['h3', 'region']),
  /** The H3 step of the areas (null for regions). */
  resolution: v.nullable(v.picklist(H3_STEPS)),
  areas: v.array(MapAreaSchema),
  /** Units left out by the five-unit rule (their cell or region held fewer than five). */
  suppressedUnits: v.number(),
  unitCount: v.number(),
  sampleCount: v.number(),
})
export type MapAreasData = v.InferOutput<typeof MapAreasDataSchema>

/** The map types drawn as points. */
export const POINT_MAP_TYPES = ['raw_map', 'geo_heatmap', 'lat_lon', 'raw_mobile'] as const

/**
 * Points as columns (index i across the arrays is one point). `exact[i]` false: the position is
 * its H3 cell centre at POINT_RESOLUTION; `unit[i]` is null then. raw_mobile adds `signal`
 * (null: no value) and `time` (the test's time, epoch seconds).
 */
export const MapPointsDataSchema = v.object({
  mapType: v.picklist(POINT_MAP_TYPES),
  metric: v.string(),
  plotValue: v.string(),
  count: v.number(),
  lat: v.array(v.number()),
  lon: v.array(v.number()),
  value: NullableNumbers,
  exact: v.array(v.boolean()),
  unit: NullableNumbers,
  signal: v.optional(NullableNumbers),
  time: v.optional(v.array(v.number())),
  /**
   * Set when the answer held more than MAP_SEND_LIMIT points: it is then one view (the form's zoom
   * and box; the whole world at a zoom fitting every point when the form has none). The columns
   * above list the view's single points, these the clusters in it; `total` counts every point.
   */
  clusters: v.optional(
    v.object({
      zoom: v.number(),
      total: v.number(),
      /** The box of every point of the answer (to fit a first view). */
      bounds: v.nullable(BboxSchema),
      lat: v.array(v.number()),
      lon: v.array(v.number()),
      count: v.array(v.number()),
      /** The mean value of the cluster's points with a value (null: none has one). */
      value: NullableNumbers,
      /** The zoom at which the cluster splits (a tap zooms there). */
      expansionZoom: v.array(v.number()),
    }),
  ),
  /** Points left out: coarse cells under five units, or (raw_mobile) invalid positions. */
  suppressed: v.number(),
  invalidPositions: v.number(),
})
export type MapPointsData = v.InferOutput<typeof MapPointsDataSchema>

/** The [lat, lon] of every point of a columnar answer, in order. */
export function* positionsOf(data: MapPointsData): Generator<[number, number]> {
  for (let i = 0; i < data.count; i++) yield [data.lat[i] ?? 0, data.lon[i] ?? 0]
}

/** The box around every [lat, lon] position given, or null for none. */
export function boundsOf(positions: Iterable<readonly [number, number]>): Bbox | null {
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
  return south === Infinity ? null : { south, west, north, east }
}

/** A points answer with no points yet (its columns filled as points are placed). */
export function noPoints(
  of: Pick<MapPointsData, 'mapType' | 'metric' | 'plotValue'>,
): MapPointsData {
  return {
    mapType: of.mapType,
    metric: of.metric,
    plotValue: of.plotValue,
    count: 0,
    lat: [],
    lon: [],
    value: [],
    exact: [],
    unit: [],
    suppressed: 0,
    invalidPositions: 0,
  }
}

/** The running sum and count of a cluster's values (its mean), as supercluster's map/reduce. */
export type ValueSum = { sum: number; n: number }
export const valueSum = (value: number | null): ValueSum =>
  value === null ? { sum: 0, n: 0 } : { sum: value, n: 1 }
export function addValueSum(total: ValueSum, next: Readonly<ValueSum>): void {
  total.sum += next.sum
  total.n += next.n
}

/** The properties of one point feature: its index in the answer's columns. */
export type PointProperties = { i: number }

/** Point features of a columnar answer (what client and server cluster) (GeoJSON is longitude first). */
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

export const MapDataSchema = v.variant('mapType', [MapAreasDataSchema, MapPointsDataSchema])
export type MapData = v.InferOutput<typeof MapDataSchema>

/** The answer of POST /panel/{pid}/map-data. */
export const MapDataResponseSchema = v.object({ data: MapDataSchema })

/** Runtime map configuration: a street tile server when the deployment sets one (else none). */
export const MapConfigSchema = v.object({
  tileUrl: v.nullable(v.string()),
  attribution: v.nullable(v.string()),
})
export type MapConfig = v.InferOutput<typeof MapConfigSchema>

/** The answer of GET /map-config. */
export const MapConfigResponseSchema = v.object({ data: MapConfigSchema })

/**
 * The CSP image sources a tile URL needs: its origin, a `{s}` subdomain as a wildcard
 * (`https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`). None unset.
 */
export function tileImgSources(tileUrl: string | null | undefined): string[] {
  if (!tileUrl) return []
  const wildcard = tileUrl.replace(/^(https?:\/\/)\{s\}\./, '$1wildcard-subdomain.')
  let parsed: URL
  try {
    parsed = new URL(wildcard.replace(/\{[a-z]\}/g, '0'))
  } catch {
    return []
  }
  if (parsed.protocol !== 'https:') return []
  const host = parsed.host.replace(/^wildcard-subdomain\./, '*.')
  return [`https://${host}`]
}
