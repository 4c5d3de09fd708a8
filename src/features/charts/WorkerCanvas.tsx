import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react'
import type { ChartSpec } from './chart-spec'
import { ChartFigure } from './ChartFigure'
import type { CanvasSize, FromChartWorker } from './chart-worker-protocol'
import { openWorkerChart, type WorkerChart } from './worker-charts'
import styles from './Chart.module.css'

/** A point of a line the user clicked, as the worker found it. */
export type WorkerPoint = Extract<FromChartWorker, { type: 'point' }>

type WorkerCanvasProps = {
  spec: ChartSpec
  /** The chart image's accessible name. */
  label: string
  /** Read after the name by screen readers; not shown. */
  description?: string | undefined
  /** CSS block size of the drawing area (default 12rem). */
  height?: string | undefined
  onFirstDraw?: (() => void) | undefined
  onPoint?: ((point: WorkerPoint) => void) | undefined
}

/**
 * A chart drawn by the chart worker: the page keeps the canvas element (its size, name and
 * summary) and hands its drawing to the worker once the box has a size; size changes, pointer
 * moves and clicks are sent on, so tooltips and the legend work as on any chart.
 */
export function WorkerCanvas({
  spec,
  label,
  description,
  height,
  onFirstDraw,
  onPoint,
}: WorkerCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const chartRef = useRef<WorkerChart | null>(null)
  const [drawn, setDrawn] = useState(false)
  /** Whether a pointer event went to the worker since the last "leave" (a tooltip may show). */
  const tooltipShown = useRef(false)
  const latest = useRef({ spec, onFirstDraw, onPoint })
  useLayoutEffect(() => {
    latest.current = { spec, onFirstDraw, onPoint }
  }, [spec, onFirstDraw, onPoint])

  useEffect(() => {
    const canvas = canvasRef.current
    const box = canvas?.parentElement
    if (!canvas || !box) return
    let chart: WorkerChart | null = null
    let size: CanvasSize | null = null
    // The screen's pixel ratio can change without the box's size (zoom, another monitor).
    let stopWatching: () => void = () => undefined
    const watchPixelRatio = () => {
      if (typeof window.matchMedia !== 'function') return
      const query = window.matchMedia(`(resolution: ${String(window.devicePixelRatio)}dppx)`)
      const changed = () => {
        if (chart && size) {
          size = { ...size, pixelRatio: window.devicePixelRatio }
          chart.resize(size)
        }
        watchPixelRatio()
      }
      query.addEventListener('change', changed, { once: true })
      stopWatching = () => {
        query.removeEventListener('change', changed)
      }
    }
    const observer = new ResizeObserver((entries) => {
      const rect = entries.at(-1)?.contentRect
      if (!rect || rect.width === 0 || rect.height === 0) return
      size = { width: rect.width, height: rect.height, pixelRatio: window.devicePixelRatio }
      if (chart) {
        chart.resize(size)
        return
      }
      watchPixelRatio()
      chart = openWorkerChart(canvas, latest.current.spec, size, (message) => {
        if (message.type === 'drawn') {
          setDrawn(true)
          latest.current.onFirstDraw?.()
        } else if (message.type === 'point') {
          latest.current.onPoint?.(message)
        }
      })
      chartRef.current = chart
    })
    observer.observe(box)
    // A touch that lifts "leaves" the canvas before its click shows the tooltip: a touch anywhere
    // else (a tap, the start of a scroll) hides it, as the pointer leaving does with a mouse.
    const handleTouchElsewhere = (event: PointerEvent) => {
      if (event.target !== canvas && tooltipShown.current) {
        tooltipShown.current = false
        chart?.pointer('leave', 0, 0)
      }
    }
    document.addEventListener('pointerdown', handleTouchElsewhere, { passive: true })
    return () => {
      document.removeEventListener('pointerdown', handleTouchElsewhere)
      observer.disconnect()
      stopWatching()
      chart?.close()
      chartRef.current = null
    }
  }, [])

  useEffect(() => {
    chartRef.current?.update(spec)
  }, [spec])

  // One move per frame is all a tooltip can show.
  const pendingMove = useRef<{ x: number; y: number } | null>(null)
  const handlePointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const first = pendingMove.current === null
    pendingMove.current = { x: event.nativeEvent.offsetX, y: event.nativeEvent.offsetY }
    if (!first) return
    requestAnimationFrame(() => {
      const move = pendingMove.current
      pendingMove.current = null
      if (!move) return
      tooltipShown.current = true
      chartRef.current?.pointer('move', move.x, move.y)
    })
  }

  return (
    <ChartFigure height={height} description={description} drawn={drawn}>
      {(describedBy) => (
        <canvas
          ref={canvasRef}
          className={styles.workerCanvas}
          role="img"
          aria-label={label}
          aria-describedby={describedBy}
          onPointerMove={handlePointerMove}
          onPointerLeave={() => {
            pendingMove.current = null
            tooltipShown.current = false
            chartRef.current?.pointer('leave', 0, 0)
          }}
          onClick={(event) => {
            tooltipShown.current = true
            chartRef.current?.pointer('click', event.nativeEvent.offsetX, event.nativeEvent.offsetY)
          }}
        />
      )}
    </ChartFigure>
  )
}
