import { useMemo } from 'react'
import { Bar } from 'react-chartjs-2'
import type { ValueFormat } from '../../lib/value-format'
import { ChartFigure } from './ChartFigure'
import { barData, barSpecOptions, type BarDatum } from './chart-spec'
import { registerCharts } from './register'
import { useBarSpec } from './useChartSpec'

registerCharts()

export type { BarDatum } from './chart-spec'

export type BarChartProps = {
  bars: readonly BarDatum[]
  /** The dataset's name (tooltip). */
  valueLabel: string
  /** The chart image's accessible name. */
  label: string
  /** Read after the name by screen readers; not shown. */
  description?: string
  /** How values are written (axis, tooltips). */
  valueFormat: ValueFormat
  yTitle?: string
  height?: string
}

/** A single-series bar chart over category labels drawn on the page, mirrored right to left. */
export function BarChart({ label, description, height, ...chart }: BarChartProps) {
  const spec = useBarSpec(chart)
  const data = useMemo(() => barData(spec), [spec])
  const options = useMemo(() => barSpecOptions(spec), [spec])
  return (
    <ChartFigure height={height} description={description}>
      {(describedBy) => (
        <Bar
          data={data}
          options={options}
          role="img"
          aria-label={label}
          aria-describedby={describedBy}
        />
      )}
    </ChartFigure>
  )
}
