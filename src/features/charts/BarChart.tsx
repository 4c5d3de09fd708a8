import { useId, useMemo, type CSSProperties } from 'react'
import { Bar } from 'react-chartjs-2'
import type { ChartData, ChartOptions } from 'chart.js'
import { barOptions, CHART_COLORS } from './chart-options'
import { registerCharts } from './register'
import { useChartLocale } from './useChartLocale'
import styles from './Chart.module.css'

registerCharts()

/** One bar: its axis label, value, and whether to draw it in the alert colour. */
export type BarDatum = { label: string; value: number; highlight?: boolean }

export type BarChartProps = {
  bars: readonly BarDatum[]
  /** The dataset's name (tooltip). */
  valueLabel: string
  /** The chart image's accessible name. */
  label: string
  /** Read after the name by screen readers; not shown. */
  description?: string
  formatValue: (value: number) => string
  yTitle?: string
  height?: string
}

/** A single-series bar chart over category labels, mirrored in right-to-left locales. */
export function BarChart({
  bars,
  valueLabel,
  label,
  description,
  formatValue,
  yTitle,
  height,
}: BarChartProps) {
  const { locale, rtl } = useChartLocale()
  const descriptionId = useId()
  const data = useMemo<ChartData<'bar', number[], string>>(
    () => ({
      labels: bars.map((b) => b.label),
      datasets: [
        {
          label: valueLabel,
          data: bars.map((b) => b.value),
          backgroundColor: bars.map((b) =>
            b.highlight === true ? CHART_COLORS.barOngoing : CHART_COLORS.bar,
          ),
          borderRadius: 2,
          maxBarThickness: 24,
        },
      ],
    }),
    [bars, valueLabel],
  )
  const options = useMemo<ChartOptions<'bar'>>(
    () => barOptions({ locale, rtl, formatValue, yTitle }),
    [locale, rtl, formatValue, yTitle],
  )
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
