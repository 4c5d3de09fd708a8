/**
 * The app's server in the map bench (answers above MAP_SEND_LIMIT points): the points indexed as
 * the server indexes them, and each view asked for answered as JSON text, off the page's thread as
 * a server is.
 */
import type { Bbox } from '../../contracts/maps.ts'
import { clusteredView, indexPoints } from '../../server/services/maps/point-views.ts'
import { benchPoints } from './points.ts'

let indexed: ReturnType<typeof indexPoints> | null = null

self.onmessage = (
  event: MessageEvent<{ points: number; view: { zoom?: number; bbox?: Bbox } }>,
) => {
  const { points, view } = event.data
  indexed ??= indexPoints(benchPoints(points))
  self.postMessage(JSON.stringify(clusteredView(indexed, view)))
}
