import {
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type CSSProperties,
  type Ref,
} from 'react'
import { Trans } from '@lingui/react/macro'
import { Button } from '../../ui'
import type { AnalyticsChartProps } from './AnalyticsChart'
import type { BarChartProps } from './BarChart'
import type { TimeSeriesChartProps } from './TimeSeriesChart'
import { useAnalyticsSpec, useBarSpec, useTimeSeriesSpec } from './useChartSpec'
import { WorkerCanvas, type WorkerPoint } from './WorkerCanvas'
import { useChartsInWorker } from './worker-charts'
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

/**
 * The chart components once loaded; undefined until then (and the load is started). `failed`:
 * the load failed (offline with a chunk not saved on the device); `retry` starts it again.
 */
function useDrawnCharts(): { charts: DrawnCharts | undefined; failed: boolean; retry: () => void } {
  const [charts, setCharts] = useState(loaded)
  const [attempt, setAttempt] = useState(0)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (charts) return
    let live = true
    loadCharts().then(
      (module) => {
        if (live) setCharts(module)
      },
      () => {
        if (live) setFailed(true)
      },
    )
    return () => {
      live = false
    }
  }, [charts, attempt])
  const retry = useCallback(() => {
    setFailed(false)
    setAttempt((n) => n + 1)
  }, [])
  return { charts, failed, retry }
}

/**
 * The box a chart waits in (until it comes near the screen, or while chart.js loads): the box it
 * is drawn in, so nothing moves when it is drawn, holding its summary for screen readers. If
 * chart.js cannot load, the box says so, shows the summary and offers to try again.
 */
export function ChartBox({
  height,
  summary,
  failed = false,
  retry,
  ref,
}: {
  height?: string
  summary: string
  failed?: boolean
  retry?: () => void
  ref?: Ref<HTMLDivElement>
}) {
  const style =
    height === undefined ? undefined : ({ '--wb-chart-height': height } as CSSProperties)
  return (
    <div ref={ref} className={styles.canvasBox} style={style} data-chart-placeholder="">
      {failed ? (
        <div className={styles.failed} role="status">
          <p>
            <Trans>The chart could not be loaded.</Trans> {summary}
          </p>
          <Button variant="secondary" onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <p className="wb-visually-hidden">{summary}</p>
      )}
    </div>
  )
}

/** What a chart shows while chart.js loads (or if it cannot): its height, name and summary. */
type ChartBoxProps = { height?: string; label: string; description?: string }

/** A chart component of the chart.js chunk, drawn once that chunk has loaded. */
function drawnOnceLoaded<P extends ChartBoxProps>(pick: (charts: DrawnCharts) => ComponentType<P>) {
  return function LoadedChart(props: P) {
    const { charts, failed, retry } = useDrawnCharts()
    if (!charts) {
      const summary = props.description ?? props.label
      return <ChartBox height={props.height} summary={summary} failed={failed} retry={retry} />
    }
    const Chart = pick(charts)
    return <Chart {...props} />
  }
}

const TimeSeriesOnPage = drawnOnceLoaded<TimeSeriesChartProps>((charts) => charts.TimeSeriesChart)
const BarChartOnPage = drawnOnceLoaded<BarChartProps>((charts) => charts.BarChart)
const AnalyticsChartOnPage = drawnOnceLoaded<AnalyticsChartProps>((charts) => charts.AnalyticsChart)

function TimeSeriesInWorker({
  label,
  description,
  height,
  onPointClick,
  onFirstDraw,
  ...chart
}: TimeSeriesChartProps) {
  const spec = useTimeSeriesSpec(chart)
  const handlePoint = useCallback(
    ({ datasetIndex, point }: WorkerPoint) => {
      const owner = spec.series[datasetIndex]
      if (owner) onPointClick?.({ ...point, seriesId: owner.id })
    },
    [spec, onPointClick],
  )
  return (
    <WorkerCanvas
      spec={spec}
      label={label}
      description={description}
      height={height}
      onFirstDraw={onFirstDraw}
      onPoint={onPointClick ? handlePoint : undefined}
    />
  )
}

function BarChartInWorker({ label, description, height, ...chart }: BarChartProps) {
  const spec = useBarSpec(chart)
  return <WorkerCanvas spec={spec} label={label} description={description} height={height} />
}

/**
 * A time-series line chart: drawn by the chart worker where the browser can (OffscreenCanvas),
 * else on the page once chart.js has loaded (TimeSeriesChart.tsx).
 */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  return useChartsInWorker() ? <TimeSeriesInWorker {...props} /> : <TimeSeriesOnPage {...props} />
}

/** A bar chart: drawn by the chart worker where the browser can, else on the page (BarChart.tsx). */
export function BarChart(props: BarChartProps) {
  return useChartsInWorker() ? <BarChartInWorker {...props} /> : <BarChartOnPage {...props} />
}

function AnalyticsChartInWorker({ label, description, height, ...chart }: AnalyticsChartProps) {
  const spec = useAnalyticsSpec(chart)
  return <WorkerCanvas spec={spec} label={label} description={description} height={height} />
}

/**
 * An analytics builder chart (line, scatter, column, stacked column, boxplot, cdf): drawn by the
 * chart worker where the browser can, else on the page (AnalyticsChart.tsx).
 */
export function AnalyticsChart(props: AnalyticsChartProps) {
  return useChartsInWorker() ? (
    <AnalyticsChartInWorker {...props} />
  ) : (
    <AnalyticsChartOnPage {...props} />
  )
}
