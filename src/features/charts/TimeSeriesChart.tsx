import { useLayoutEffect, useMemo, useRef } from 'react'
import { Line } from 'react-chartjs-2'
import type { ChartOptions, Plugin } from 'chart.js'
import type { ValueFormat } from '../../lib/value-format'
import type { ChartBand } from './band-plugin'
import type { ChartRange } from './chart-options'
import { ChartFigure } from './ChartFigure'
import { timeSeriesData, timeSeriesSpecOptions } from './chart-spec'
import { registerCharts } from './register'
import type { ChartSeries, DrawnPoint, ReferenceLine } from './series'
import { useTimeSeriesSpec } from './useChartSpec'

registerCharts()

/** A point the user activated, with the series it belongs to. */
export type ChartPointEvent = DrawnPoint & { seriesId: string }

export type TimeSeriesChartProps = {
  series: readonly ChartSeries[]
  /** Dashed horizontal lines (a package speed). */
  references?: readonly ReferenceLine[]
  /** Shaded bands behind the lines (a day's slowest to fastest test). */
  bands?: readonly ChartBand[]
  /** The time axis spans exactly this range. */
  range: ChartRange
  /** The chart image's accessible name. */
  label: string
  /** Read after the name by screen readers (latest value, median…); not shown. */
  description?: string
  /** How values are written (axis, tooltips). */
  valueFormat: ValueFormat
  yTitle?: string
  beginAtZero?: boolean
  /** CSS block size of the drawing area (default 12rem). */
  height?: string
  onPointClick?: (point: ChartPointEvent) => void
  /** Called once, right after the chart is first drawn (render timing). */
  onFirstDraw?: () => void
}

/**
 * A time-series line chart drawn on the page (chart.js): gaps where there is no value, reference lines, locale
 * formatted axes and tooltips, mirrored in right-to-left locales, decimated above 1,000 points.
 */
export function TimeSeriesChart({
  label,
  description,
  height,
  onPointClick,
  onFirstDraw,
  ...chart
}: TimeSeriesChartProps) {
  const spec = useTimeSeriesSpec(chart)
  const data = useMemo(() => timeSeriesData(spec), [spec])

  const options = useMemo<ChartOptions<'line'>>(() => {
    const base = timeSeriesSpecOptions(spec)
    if (!onPointClick) return base
    const lines = spec.series
    return {
      ...base,
      onClick: (_event, elements, chart) => {
        const hit = elements[0]
        if (!hit || hit.datasetIndex >= lines.length) return
        const point = chart.data.datasets[hit.datasetIndex]?.data[hit.index] as
          DrawnPoint | undefined
        const owner = lines[hit.datasetIndex]
        if (point && owner) onPointClick({ ...point, seriesId: owner.id })
      },
    }
  }, [spec, onPointClick])

  // Plugins are read once when the chart is created: keep one object and read the latest callback.
  const firstDraw = useRef(onFirstDraw)
  useLayoutEffect(() => {
    firstDraw.current = onFirstDraw
  }, [onFirstDraw])
  const drawn = useRef(false)
  const plugins = useMemo<Plugin<'line'>[]>(
    () => [
      {
        id: 'wb-first-draw',
        afterRender: () => {
          if (drawn.current) return
          drawn.current = true
          firstDraw.current?.()
        },
      },
    ],
    [],
  )

  return (
    <ChartFigure height={height} description={description}>
      {(describedBy) => (
        <Line
          data={data}
          options={options}
          plugins={plugins}
          role="img"
          aria-label={label}
          aria-describedby={describedBy}
        />
      )}
    </ChartFigure>
  )
}
