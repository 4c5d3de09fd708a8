import { useEffect, useState, type CSSProperties } from 'react'
import type { BarChartProps } from './BarChart'
import type { TimeSeriesChartProps } from './TimeSeriesChart'
import styles from './Chart.module.css'

type DrawnCharts = typeof import('./drawn-charts')

let loaded: DrawnCharts | undefined
let loading: Promise<DrawnCharts> | undefined

/**
 * Loads chart.js and the chart components once (a separate chunk, precached for offline use).
 * A failed load (a chunk missing after a deploy) is forgotten, so that the next chart tries again.
 */
export function loadCharts(): Promise<DrawnCharts> {
  loading ??= import('./drawn-charts').then(
    (charts) => (loaded = charts),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** The chart components once loaded; undefined until then (and the load is started). */
function useDrawnCharts(): DrawnCharts | undefined {
  const [charts, setCharts] = useState(loaded)
  useEffect(() => {
    if (charts) return
    let live = true
    loadCharts().then(
      (module) => {
        if (live) setCharts(module)
      },
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [charts])
  return charts
}

/** The chart's box while chart.js loads: same height, so nothing moves when it is drawn. */
function ChartBox({ height, summary }: { height: string | undefined; summary: string }) {
  const style =
    height === undefined ? undefined : ({ '--wb-chart-height': height } as CSSProperties)
  return (
    <div className={styles.canvasBox} style={style} data-chart-placeholder="">
      <p className="wb-visually-hidden">{summary}</p>
    </div>
  )
}

/** A time-series line chart (TimeSeriesChart), drawn once chart.js has loaded. */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const charts = useDrawnCharts()
  if (!charts) return <ChartBox height={props.height} summary={props.description ?? props.label} />
  return <charts.TimeSeriesChart {...props} />
}

/** A bar chart (BarChart), drawn once chart.js has loaded. */
export function BarChart(props: BarChartProps) {
  const charts = useDrawnCharts()
  if (!charts) return <ChartBox height={props.height} summary={props.description ?? props.label} />
  return <charts.BarChart {...props} />
}
