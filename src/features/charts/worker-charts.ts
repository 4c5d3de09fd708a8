import { useSyncExternalStore } from 'react'
import type { ChartSpec } from './chart-spec'
import type {
  CanvasSize,
  FromChartWorker,
  PointerKind,
  ToChartWorker,
} from './chart-worker-protocol'

type Listener = (message: FromChartWorker) => void

let worker: Worker | undefined
/** The worker failed (its file could not be loaded, a chart could not be drawn there). */
let failed = false
let nextId = 1
const listeners = new Map<number, Listener>()
const modeListeners = new Set<() => void>()

/** Whether this browser can draw on a canvas from a worker (OffscreenCanvas). */
function supported(): boolean {
  return (
    typeof Worker === 'function' &&
    typeof OffscreenCanvas === 'function' &&
    typeof HTMLCanvasElement === 'function' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype
  )
}

/** Charts are drawn in the worker, unless the browser cannot or the worker failed. */
export function chartsInWorker(): boolean {
  return !failed && supported()
}

/**
 * From then on the page draws its charts itself. The charts handed to the worker are lost with
 * it: components re-render (useChartsInWorker) and draw on a new canvas of their own.
 */
function giveUp(reason: unknown): void {
  if (failed) return
  console.warn('Charts are drawn on the page: the chart worker failed.', reason)
  failed = true
  worker?.terminate()
  worker = undefined
  listeners.clear()
  for (const listener of modeListeners) listener()
}

function chartWorker(): Worker {
  if (worker) return worker
  const started = new Worker(new URL('./chart-worker.ts', import.meta.url), {
    type: 'module',
    name: 'charts',
  })
  started.addEventListener('message', (event: MessageEvent<FromChartWorker>) => {
    const message = event.data
    if (message.type === 'failed') giveUp(message.message)
    else listeners.get(message.id)?.(message)
  })
  started.addEventListener('error', (event) => {
    giveUp(event.message)
  })
  worker = started
  return started
}

function send(message: ToChartWorker, transfer: Transferable[] = []): void {
  if (failed) return
  chartWorker().postMessage(message, transfer)
}

/** React: whether charts are drawn in the worker; turns false if the worker fails. */
export function useChartsInWorker(): boolean {
  return useSyncExternalStore(
    (listener) => {
      modeListeners.add(listener)
      return () => modeListeners.delete(listener)
    },
    chartsInWorker,
    () => false,
  )
}

/** A chart drawn in the worker, as the page drives it. */
export type WorkerChart = {
  update: (spec: ChartSpec) => void
  resize: (size: CanvasSize) => void
  pointer: (kind: PointerKind, x: number, y: number) => void
  close: () => void
}

/** Hands `canvas` to the worker, which draws `spec` on it; `listener` hears back about it. */
export function openWorkerChart(
  canvas: HTMLCanvasElement,
  spec: ChartSpec,
  size: CanvasSize,
  listener: Listener,
): WorkerChart {
  const id = nextId
  nextId += 1
  listeners.set(id, listener)
  try {
    const offscreen = canvas.transferControlToOffscreen()
    send({ type: 'create', id, canvas: offscreen, spec, size }, [offscreen])
  } catch (error) {
    // The canvas was handed over already (a dev-server hot update re-ran the effect) or the
    // worker could not start: the page draws its charts, each on a new canvas.
    giveUp(error)
  }
  return {
    update: (next) => {
      send({ type: 'update', id, spec: next })
    },
    resize: (next) => {
      send({ type: 'resize', id, size: next })
    },
    pointer: (kind, x, y) => {
      send({ type: 'pointer', id, kind, x, y })
    },
    close: () => {
      listeners.delete(id)
      send({ type: 'destroy', id })
    },
  }
}
