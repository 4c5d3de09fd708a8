import type { ChartSpec } from './chart-spec'
import type { DrawnPoint } from './series'

/** A canvas's size in CSS pixels and the screen's pixels per CSS pixel. */
export type CanvasSize = { width: number; height: number; pixelRatio: number }

/** What the pointer did over a chart, at a point in CSS pixels from the canvas's corner. */
export type PointerKind = 'move' | 'leave' | 'click'

/** The page to the chart worker: one chart per id, drawn on the canvas the page handed over. */
export type ToChartWorker =
  | { type: 'create'; id: number; canvas: OffscreenCanvas; spec: ChartSpec; size: CanvasSize }
  | { type: 'update'; id: number; spec: ChartSpec }
  | { type: 'resize'; id: number; size: CanvasSize }
  | { type: 'pointer'; id: number; kind: PointerKind; x: number; y: number }
  | { type: 'destroy'; id: number }

/**
 * The chart worker to the page: a chart is on screen (its first draw), a point of a line was
 * clicked, or a chart could not be drawn (the page then draws its charts itself).
 */
export type FromChartWorker =
  | { type: 'drawn'; id: number }
  | { type: 'point'; id: number; datasetIndex: number; point: DrawnPoint }
  | { type: 'failed'; id: number; message: string }
