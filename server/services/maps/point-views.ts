/**
 * Large point answers, sent by view (issue 24: "large answers are streamed or tiled so 100,000
 * points stay fast"). An answer of more than MAP_SEND_LIMIT points is clustered here with the
 * client's own settings (supercluster, CLUSTER_RADIUS, CLUSTER_MAX_ZOOM) and only the clusters and
 * single points of the view asked go out: a few hundred items instead of megabytes, and each pan
 * or zoom of the map asks for its view. The built answer and its index are kept for a minute, so
 * those moves cost a lookup, not a read.
 */
import Supercluster from 'supercluster'
import {
  addValueSum,
  boundsOf,
  CLUSTER_MAX_ZOOM,
  CLUSTER_RADIUS,
  inBbox,
  noPoints,
  pointFeatures,
  positionsOf,
  type Bbox,
  type MapPointsData,
  type ValueSum,
  valueSum,
} from '../../../contracts/maps.ts'
import { unitDataVersion } from '../../lib/unit-data-version.ts'

export type PointIndex = {
  data: MapPointsData
  index: Supercluster<{ i: number }, ValueSum>
  bounds: Bbox | null
}

/** Clusters every point of a whole answer. */
export function indexPoints(data: MapPointsData): PointIndex {
  const index = new Supercluster<{ i: number }, ValueSum>({
    radius: CLUSTER_RADIUS,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: ({ i }) => valueSum(data.value[i] ?? null),
    reduce: addValueSum,
  })
  index.load(pointFeatures(data))
  const bounds = boundsOf(positionsOf(data))
  return { data, index, bounds }
}

/** The zoom at which a box fits a phone's map (about 360 px), at most CLUSTER_MAX_ZOOM. */
export function fittingZoom(bounds: Bbox | null): number {
  if (bounds === null) return 1
  // At zoom z the world is 256·2^z px wide: the span fits 360 px when 2^z ≤ 360·360 / (256·span).
  const span = Math.max(bounds.east - bounds.west, (bounds.north - bounds.south) * 1.5, 1e-6)
  const zoom = Math.floor(Math.log2((360 * 360) / (256 * span)))
  return Math.min(CLUSTER_MAX_ZOOM, Math.max(0, zoom))
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5
const round3 = (x: number) => Math.round(x * 1000) / 1000

/**
 * The view of an indexed answer at a zoom and box (none: the whole world at the zoom fitting every
 * point): its clusters, and its single points in the answer's columns.
 */
export function clusteredView(indexed: PointIndex, view: { zoom?: number; bbox?: Bbox }) {
  const { data, index, bounds } = indexed
  const zoom = view.zoom ?? fittingZoom(bounds)
  const box = view.bbox ?? { south: -90, west: -180, north: 90, east: 180 }
  const answer: MapPointsData = {
    ...noPoints(data),
    suppressed: data.suppressed,
    invalidPositions: data.invalidPositions,
    signal: data.signal ? [] : undefined,
    time: data.time ? [] : undefined,
    clusters: {
      zoom,
      total: data.count,
      bounds,
      lat: [],
      lon: [],
      count: [],
      value: [],
      expansionZoom: [],
    },
  }
  const clusters = answer.clusters
  if (!clusters) return answer
  for (const item of index.getClusters([box.west, box.south, box.east, box.north], zoom)) {
    const [lon = 0, lat = 0] = item.geometry.coordinates
    const properties = item.properties
    if ('cluster' in properties) {
      clusters.lat.push(round5(lat))
      clusters.lon.push(round5(lon))
      clusters.count.push(properties.point_count)
      clusters.value.push(properties.n === 0 ? null : round3(properties.sum / properties.n))
      clusters.expansionZoom.push(index.getClusterExpansionZoom(properties.cluster_id))
      continue
    }
    const { i } = properties
    answer.lat.push(data.lat[i] ?? lat)
    answer.lon.push(data.lon[i] ?? lon)
    answer.value.push(data.value[i] ?? null)
    answer.exact.push(data.exact[i] ?? false)
    answer.unit.push(data.unit[i] ?? null)
    answer.signal?.push(data.signal?.[i] ?? null)
    answer.time?.push(data.time?.[i] ?? 0)
  }
  answer.count = answer.lat.length
  return answer
}

/** The points of a whole answer inside a box (an answer small enough to be sent whole). */
export function pointsInBox(data: MapPointsData, box: Bbox): MapPointsData {
  const keep = data.lat.flatMap((lat, i) => (inBbox(box, lat, data.lon[i] ?? 0) ? [i] : []))
  if (keep.length === data.count) return data
  const pick = <T>(column: T[]) => keep.map((i) => column[i] as T)
  return {
    ...data,
    count: keep.length,
    lat: pick(data.lat),
    lon: pick(data.lon),
    value: pick(data.value),
    exact: pick(data.exact),
    unit: pick(data.unit),
    signal: data.signal && pick(data.signal),
    time: data.time && pick(data.time),
  }
}

type Entry = { at: number; version: number; units: readonly number[]; indexed: PointIndex }

export type PointIndexCache = {
  /** The indexed answer kept under `key`, while none of its units was written since it was read. */
  get(key: string): PointIndex | undefined
  /**
   * Keeps an indexed answer of `units`, read after the data version was `version` (read it with
   * dataVersionNow() before the data).
   */
  set(key: string, entry: { version: number; units: readonly number[]; indexed: PointIndex }): void
}

/**
 * Indexed answers of the last few large maps (least recently used out beyond `maxEntries`). An
 * entry holds for `ttlMs` at most (units that joined the scope since, and writes of another
 * process, are seen after that) and while none of its units' data was written after its read.
 */
export function createPointIndexCache({
  maxEntries = 4,
  ttlMs = 60_000,
  now = Date.now,
}: { maxEntries?: number; ttlMs?: number; now?: () => number } = {}): PointIndexCache {
  const entries = new Map<string, Entry>()
  return {
    get(key) {
      const entry = entries.get(key)
      if (entry === undefined) return undefined
      const fresh =
        now() - entry.at < ttlMs && entry.units.every((u) => unitDataVersion(u) <= entry.version)
      entries.delete(key)
      if (!fresh) return undefined
      entries.set(key, entry)
      return entry.indexed
    },
    set(key, { version, units, indexed }) {
      entries.delete(key)
      entries.set(key, { at: now(), version, units, indexed })
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break
        entries.delete(oldest)
      }
    },
  }
}
