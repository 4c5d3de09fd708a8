/**
 * The map render benchmark page (scripts/bench-map-render.ts builds and opens it): a raw map of N
 * unit points (clustered) drawn by the app's Leaflet layer. Times, in the page's clock: from the
 * answer in hand to the first frame painted with the clusters, then each of a series of pans and
 * zooms from the call to the frame after its redraw. Results land on `window.mapBenchResult`.
 *
 * Up to MAP_SEND_LIMIT points the answer is the whole set and the client clusters it. Above it,
 * as the app's server does, the page indexes the points beforehand (the server's work, measured
 * by bench-maps.ts) and hands the map the clustered view's JSON; each move then takes the new
 * view's answer (computed here: no network) and draws it.
 */
import { MAP_SEND_LIMIT, viewBox, type MapPointsData } from '../../contracts/maps.ts'
import { createLeafletMap, type DrawOptions } from '../../src/features/maps/leaflet-map'
import { benchPoints } from './points.ts'

/** Where the script reads the figures. */
const page = window as unknown as {
  mapBenchResult?: {
    points: number
    byView: boolean
    firstRenderMs: number
    frames: number[]
  }
}

const POINTS = Number(new URLSearchParams(location.search).get('points') ?? 100_000)

// Up to the limit the page holds the whole answer; above it only the views it is sent.
const data = POINTS > MAP_SEND_LIMIT ? null : benchPoints(POINTS)

const nextFrame = () =>
  new Promise<number>((resolve) => {
    requestAnimationFrame(() => {
      // The frame after: what was drawn in the callback above is on screen.
      requestAnimationFrame(() => {
        resolve(performance.now())
      })
    })
  })

// Above the limit the answers come by view, as JSON text from the "server" (a worker).
const server =
  data === null
    ? new Worker(new URL('./server-worker.ts', import.meta.url), { type: 'module' })
    : null
const answerText = (view: { zoom?: number; bbox?: ReturnType<typeof viewBox> }) =>
  new Promise<string>((resolve) => {
    if (!server) {
      resolve(JSON.stringify(data))
      return
    }
    server.onmessage = (event: MessageEvent<string>) => {
      resolve(event.data)
    }
    server.postMessage({ points: POINTS, view })
  })

const element = document.getElementById('map') as HTMLElement
const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 })
const options = (answer: MapPointsData): DrawOptions => ({
  data: answer,
  thresholds: { better: 'higher', good: 100, fair: 30 },
  radius: { value: 6, unit: 'px' },
  onSelect: () => undefined,
  count: { short: (n) => compact.format(n), full: (n) => String(n) },
})
let moved: () => void = () => undefined
const map = createLeafletMap(
  element,
  { tileUrl: null, attribution: null },
  {
    rtl: false,
    onView: (zoom, bounds) => {
      if (!server) {
        moved()
        return
      }
      // The next view asked for and drawn (as the app does once its answer arrives).
      const box = {
        south: bounds.getSouth(),
        west: bounds.getWest(),
        north: bounds.getNorth(),
        east: bounds.getEast(),
      }
      void answerText({ zoom: Math.round(zoom), bbox: viewBox(Math.round(zoom), box) }).then(
        (text) => {
          map.draw(options(JSON.parse(text) as MapPointsData))
          moved()
        },
      )
    },
  },
)
// Wait for the base layer's first frame: the clock starts with the answer in hand.
const firstText = await answerText({})
await nextFrame()
const t0 = performance.now()
map.draw(options(JSON.parse(firstText) as MapPointsData))
map.fit()
const firstRenderMs = (await nextFrame()) - t0

// Pans and zooms (the redraw a finger drag or a pinch ends with): from the fitted view.
const frames: number[] = []
const steps: [dLat: number, dLon: number, dZoom: number][] = [
  [0, 0, 1],
  [0, 0.5, 0],
  [0, 0, 1],
  [-0.3, 0, 0],
  [0, 0, -1],
  [0, -0.5, 0],
  [0, 0, 2],
  [0.1, 0.1, 0],
  [0, 0, -2],
  [0, 0, -1],
]
for (const [dLat, dLon, dZoom] of steps) {
  const { centre, zoom } = map.view()
  const done = new Promise<void>((resolve) => {
    moved = resolve
  })
  const start = performance.now()
  map.setView([centre[0] + dLat, centre[1] + dLon], zoom + dZoom)
  await done
  frames.push((await nextFrame()) - start)
}
page.mapBenchResult = { points: POINTS, byView: server !== null, firstRenderMs, frames }
