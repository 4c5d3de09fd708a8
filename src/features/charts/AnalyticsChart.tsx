import { useMemo } from 'react'
import { Chart } from 'react-chartjs-2'
import { analyticsConfiguration } from './analytics-spec'
import { ChartFigure } from './ChartFigure'
import { registerCharts } from './register'
import { useAnalyticsSpec, type AnalyticsSpecProps } from './useChartSpec'

registerCharts()

export type AnalyticsChartProps = AnalyticsSpecProps & {
  /** The chart image's accessible name. */
  label: string
  /** Read after the name by screen readers; not shown. */
  description?: string
  /** CSS block size of the drawing area (default 12rem). */
  height?: string
}

/** An analytics builder chart drawn on the page (where the chart worker cannot draw). */
export function AnalyticsChart({ label, description, height, ...chart }: AnalyticsChartProps) {
  const spec = useAnalyticsSpec(chart)
  const config = useMemo(() => analyticsConfiguration(spec), [spec])
  return (
    <ChartFigure height={height} description={description}>
      {(describedBy) => (
        <Chart
          type={config.type}
          data={config.data}
          options={config.options}
          role="img"
          aria-label={label}
          aria-describedby={describedBy}
        />
      )}
    </ChartFigure>
  )
}
