/**
 * The Leaflet side of a map (no React): a map with the offline base layer (Natural Earth country
 * outlines from world-atlas, drawn as vectors and shipped in this chunk, so it works with no
 * network), an optional street tile layer of the deployment (MAP_TILE_URL), and one data layer:
 * areas coloured by level, clustered points (supercluster) or a heatmap (leaflet.heat).
 * Colours come from the page's CSS custom properties, so the map follows the theme.
 */
import L from 'leaflet'
import 'leaflet/dist/leaflet.css'
import Supercluster, { type ClusterProperties } from 'supercluster'
import { feature } from 'topojson-client'
import type { GeometryObject, Topology } from 'topojson-specification'
import countries110m from 'world-atlas/countries-110m.json'
import {
  CLUSTER_MAX_ZOOM,
  boundsOf,
  CLUSTER_RADIUS,
  pointFeatures,
  positionsOf,
  type Bbox,
  type MapArea,
  type MapConfig,
  type MapData,
  type MapPointsData,
  type PointProperties,
  type PointRadiusUnit,
  type ValueSum,
  addValueSum,
  valueSum,
} from '#contracts/maps.ts'
import { mapLevel, type MapThresholds } from '../../lib/map-thresholds'
import type { VerdictLevel } from '../../lib/verdict'
import { radiusInPixels, unwrapOutlines } from './map-geometry'

// leaflet.heat extends the global L it finds when it loads.
;(globalThis as { L?: typeof L }).L = L
// Loaded with the first heatmap only: evaluating it while another map moves costs a frame.
let heat: Promise<unknown> | null = null
const loadHeat = () => (heat ??= import('leaflet.heat'))

export type MapSelection = { kind: 'area'; area: MapArea } | { kind: 'point'; index: number }

export type DrawOptions = {
  data: MapData
  thresholds: MapThresholds | null
  radius: { value: number; unit: PointRadiusUnit }
  onSelect: (selection: MapSelection) => void
  /** A cluster's count in the reader's language: in short on the marker ("1.2k"), and in full. */
  count: { short: (n: number) => string; full: (n: number) => string }
}

export type LeafletMap = {
  draw(options: DrawOptions): void
  /** Fits the view to the data (first draw of an answer). */
  fit(): void
  /** The centre [lat, lon] and zoom shown, and a move to another (e.g. to an area picked in the table). */
  view(): { centre: [number, number]; zoom: number }
  setView(centre: [number, number], zoom: number): void
  resize(): void
  destroy(): void
}

const colour = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888'

function levelColour(level: VerdictLevel | null): string {
  return level === null ? colour('--wb-color-text-muted') : colour(`--wb-color-${level}`)
}

/** Pixels around a drawn shape that still pick it: a finger needs more room than a mouse. */
function tapTolerance(): number {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches ? 10 : 4
}

const topology = countries110m as unknown as Topology<{ countries: GeometryObject }>
const outlines = feature(topology, topology.objects.countries)
const countries = 'features' in outlines ? unwrapOutlines(outlines) : outlines

/** Creates the map in `element`; `onView` hears the zoom and bounds after every move. */
export function createLeafletMap(
  element: HTMLElement,
  config: MapConfig,
  options: { rtl: boolean; onView: (zoom: number, bounds: L.LatLngBounds) => void },
): LeafletMap {
  const map = L.map(element, {
    preferCanvas: true,
    // An area at a country's zoom is a few pixels across: a tap near its edge still picks it.
    renderer: L.canvas({ tolerance: tapTolerance() }),
    worldCopyJump: true,
    zoomControl: false,
    attributionControl: false,
    minZoom: 1,
    maxZoom: 18,
  }).setView([20, 0], 2)
  L.control.zoom({ position: options.rtl ? 'topleft' : 'topright' }).addTo(map)
  const attribution = L.control.attribution({
    position: options.rtl ? 'bottomleft' : 'bottomright',
    prefix: false,
  })
  attribution.addAttribution('Natural Earth')
  attribution.addTo(map)

  L.geoJSON(countries, {
    interactive: false,
    style: () => ({
      color: colour('--wb-color-border'),
      weight: 1,
      fillColor: colour('--wb-color-surface-sunken'),
      fillOpacity: 1,
    }),
  }).addTo(map)
  if (config.tileUrl) {
    L.tileLayer(config.tileUrl, { attribution: config.attribution ?? '' }).addTo(map)
  }

  let layer: L.Layer | null = null
  // Each draw's number: a heatmap that loads after a newer draw is dropped.
  let generation = 0
  let redraw: (() => void) | null = null
  // What the first view of an answer fits.
  let fitBox: Bbox | null = null

  // The data layer is redrawn in a task after the frame that paints Leaflet's own move: the two
  // are no longer one long frame (a whole answer of 20,000 points re-clustered on every move).
  let redrawTimer: ReturnType<typeof setTimeout> | undefined
  let destroyed = false
  map.on('moveend', () => {
    clearTimeout(redrawTimer)
    requestAnimationFrame(() => {
      clearTimeout(redrawTimer)
      redrawTimer = setTimeout(() => {
        if (!destroyed) redraw?.()
      }, 0)
    })
    options.onView(map.getZoom(), map.getBounds())
  })

  const clear = () => {
    if (layer) map.removeLayer(layer)
    layer = null
    redraw = null
  }

  const drawAreas = (areas: MapArea[], draw: DrawOptions) => {
    const group = L.featureGroup()
    for (const area of areas) {
      const level = draw.thresholds ? mapLevel(area.value, draw.thresholds) : null
      const style = {
        color: levelColour(level),
        fillColor: levelColour(level),
        fillOpacity: 0.45,
        weight: 1,
      }
      const shape = area.boundary
        ? L.polygon(area.boundary, style)
        : L.circleMarker(area.centre, {
            ...style,
            radius: 8 + Math.min(16, Math.sqrt(area.unitCount)),
          })
      shape.on('click', () => {
        draw.onSelect({ kind: 'area', area })
      })
      group.addLayer(shape)
    }
    fitBox = boundsOf(areas.flatMap((area) => area.boundary ?? [area.centre]))
    layer = group.addTo(map)
  }

  // A cluster shows its count, coloured by the level of its points' mean value.
  const clusterMarker = (
    lat: number,
    lon: number,
    cluster: { count: number; value: number | null; zoomTo: number },
    draw: DrawOptions,
  ) => {
    const { count, zoomTo } = cluster
    const level = draw.thresholds ? mapLevel(cluster.value, draw.thresholds) : null
    const marker = L.marker([lat, lon], {
      icon: L.divIcon({
        className: level ? `wb-map-cluster wb-map-cluster-${level}` : 'wb-map-cluster',
        html: `<span>${draw.count.short(count)}</span>`,
        iconSize: [36, 36],
      }),
      keyboard: true,
      title: draw.count.full(count),
    })
    marker.on('click', () => {
      map.setView([lat, lon], Math.min(zoomTo, 18))
    })
    return marker
  }

  const pointMarker = (data: MapPointsData, i: number, draw: DrawOptions) => {
    const lat = data.lat[i] ?? 0
    const value = data.value[i] ?? null
    const level = draw.thresholds ? mapLevel(value, draw.thresholds) : null
    const point = L.circleMarker([lat, data.lon[i] ?? 0], {
      radius: radiusInPixels(draw.radius, lat, map.getZoom()),
      color: levelColour(level),
      fillColor: levelColour(level),
      fillOpacity: 0.8,
      weight: data.exact[i] ? 1 : 0,
    })
    point.on('click', () => {
      draw.onSelect({ kind: 'point', index: i })
    })
    return point
  }

  // A view clustered by the server (a large answer): its clusters and single points as they came;
  // a move asks for the next view, and redraws only to follow the point radius.
  const drawServerClusters = (data: MapPointsData, draw: DrawOptions) => {
    const clusters = data.clusters
    if (!clusters) return
    const group = L.featureGroup().addTo(map)
    layer = group
    redraw = () => {
      group.clearLayers()
      // The answer covers a tile beyond the view on each side (small pans ask nothing): only what
      // is on screen, or nearly, is drawn (fewer markers, shorter frames).
      const view = map.getBounds().pad(0.25)
      const shown = (lat: number, lon: number) =>
        view.contains([lat, lon]) ||
        view.contains([lat, lon + 360]) ||
        view.contains([lat, lon - 360])
      clusters.lat.forEach((lat, c) => {
        const lon = clusters.lon[c] ?? 0
        if (!shown(lat, lon)) return
        group.addLayer(
          clusterMarker(
            lat,
            lon,
            {
              count: clusters.count[c] ?? 0,
              value: clusters.value[c] ?? null,
              zoomTo: clusters.expansionZoom[c] ?? CLUSTER_MAX_ZOOM + 1,
            },
            draw,
          ),
        )
      })
      for (let i = 0; i < data.count; i++) {
        if (shown(data.lat[i] ?? 0, data.lon[i] ?? 0)) group.addLayer(pointMarker(data, i, draw))
      }
    }
    redraw()
  }

  const drawClusters = (data: MapPointsData, draw: DrawOptions) => {
    // Each cluster carries the sum and count of its points' values (its mean: its colour).
    const index = new Supercluster<PointProperties, ValueSum>({
      radius: CLUSTER_RADIUS,
      maxZoom: CLUSTER_MAX_ZOOM,
      map: ({ i }) => valueSum(data.value[i] ?? null),
      reduce: addValueSum,
    })
    index.load(pointFeatures(data))
    const group = L.featureGroup().addTo(map)
    layer = group
    redraw = () => {
      group.clearLayers()
      const bounds = map.getBounds()
      const box: [number, number, number, number] = [
        Math.max(-180, bounds.getWest()),
        Math.max(-90, bounds.getSouth()),
        Math.min(180, bounds.getEast()),
        Math.min(90, bounds.getNorth()),
      ]
      for (const cluster of index.getClusters(box, Math.round(map.getZoom()))) {
        const [lon, lat] = cluster.geometry.coordinates as [number, number]
        const properties = cluster.properties as Partial<ClusterProperties> &
          Partial<PointProperties> &
          Partial<ValueSum>
        if (properties.cluster && properties.cluster_id !== undefined) {
          const n = properties.n ?? 0
          const summary = {
            count: properties.point_count ?? 0,
            value: n === 0 ? null : (properties.sum ?? 0) / n,
            zoomTo: index.getClusterExpansionZoom(properties.cluster_id),
          }
          group.addLayer(clusterMarker(lat, lon, summary, draw))
          continue
        }
        group.addLayer(pointMarker(data, properties.i ?? 0, draw))
      }
    }
    redraw()
  }

  const drawHeat = (data: MapPointsData, draw: DrawOptions) => {
    // The view's single points and (a view clustered by the server) its clusters' mean values.
    const lats = [...data.lat, ...(data.clusters?.lat ?? [])]
    const lons = [...data.lon, ...(data.clusters?.lon ?? [])]
    const values = [...data.value, ...(data.clusters?.value ?? [])]
    let max = 0
    for (const value of values) if (value !== null) max = Math.max(max, Math.abs(value))
    const points: [number, number, number][] = lats.map((lat, i) => {
      const value = values[i] ?? null
      return [lat, lons[i] ?? 0, value === null || max === 0 ? 0.1 : Math.abs(value) / max]
    })
    const drawn = generation
    void loadHeat().then(() => {
      if (generation !== drawn) return
      const centre = map.getCenter().lat
      const heatLayer = L.heatLayer(points, {
        radius: radiusInPixels(draw.radius, centre, map.getZoom()),
      }).addTo(map)
      layer = heatLayer
      redraw = () => {
        heatLayer.setOptions({
          radius: radiusInPixels(draw.radius, map.getCenter().lat, map.getZoom()),
        })
      }
    })
  }

  return {
    draw(draw) {
      generation += 1
      clear()
      const { data } = draw
      if (data.mapType === 'map') {
        drawAreas(data.areas, draw)
        return
      }
      fitBox = data.clusters ? data.clusters.bounds : boundsOf(positionsOf(data))
      if (data.mapType === 'geo_heatmap') drawHeat(data, draw)
      else if (data.clusters) drawServerClusters(data, draw)
      else drawClusters(data, draw)
    },
    fit() {
      if (!fitBox) return
      const { south, west, north, east } = fitBox
      map.fitBounds(
        [
          [south, west],
          [north, east],
        ],
        { padding: [24, 24], maxZoom: 12, animate: false },
      )
    },
    view() {
      const centre = map.getCenter()
      return { centre: [centre.lat, centre.lng], zoom: map.getZoom() }
    },
    setView(centre, zoom) {
      map.setView(centre, zoom, { animate: false })
    },
    resize() {
      map.invalidateSize()
    },
    destroy() {
      destroyed = true
      clearTimeout(redrawTimer)
      map.remove()
    },
  }
}
