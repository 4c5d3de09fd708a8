/**
 * The chart worker: chart.js draws the page's charts here, on canvases the page hands over, so
 * that building and drawing a chart (tens of milliseconds on a phone, each) never holds up
 * scrolling, typing or the page's first render.
 */
import { createChartWorker } from './chart-worker-core'
import type { ToChartWorker } from './chart-worker-protocol'

const charts = createChartWorker((message) => {
  postMessage(message)
})

addEventListener('message', (event: MessageEvent<ToChartWorker>) => {
  charts.handle(event.data)
})
