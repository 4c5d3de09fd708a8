import { useId, useMemo, type CSSProperties } from 'react'
import { Bar } from 'react-chartjs-2'
import type { ValueFormat } from '../../lib/value-format'
import { barData, barSpecOptions, type BarDatum } from './chart-spec'
import { registerCharts } from './register'
import { useBarSpec } from './useChartSpec'
import styles from './Chart.module.css'

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
  const descriptionId = useId()
  const data = useMemo(() => barData(spec), [spec])
  const options = useMemo(() => barSpecOptions(spec), [spec])
  const style =
    height === undefined ? undefined : ({ '--wb-chart-height': height } as CSSProperties)
  return (
    <figure className={styles.figure}>
      <div className={styles.canvasBox} style={style}>
        <Bar
          data={data}
          options={options}
          role="img"
          aria-label={label}
          aria-describedby={description === undefined ? undefined : descriptionId}
        />
      </div>
      {description === undefined ? null : (
        <p id={descriptionId} className="wb-visually-hidden">
          {description}
        </p>
      )}
    </figure>
  )
}
