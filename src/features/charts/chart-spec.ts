import type { ChartConfiguration, ChartData, ChartOptions } from 'chart.js'
import { valueFormatter, type ValueFormat } from '../../lib/value-format'
import {
  barOptions,
  CHART_PALETTES,
  lineDataset,
  referenceDataset,
  timeSeriesOptions,
  type ChartRange,
  type ChartTheme,
} from './chart-options'
import type { ChartBand } from './band-plugin'
import type { ChartSeries, DrawnPoint, ReferenceLine } from './series'
import { analyticsConfiguration, type AnalyticsSpec } from './analytics-spec'

/** One bar: its axis label, value, and whether to draw it in the alert colour. */
export type BarDatum = { label: string; value: number; highlight?: boolean }

/**
 * What a chart shows, as data only (no functions): what a chart drawn in a worker is sent, and
 * what the same chart drawn on the page is built from.
 */
export type TimeSeriesSpec = {
  kind: 'line'
  series: readonly ChartSeries[]
  references: readonly ReferenceLine[]
  /** Shaded bands behind the lines (a day's slowest to fastest test). */
  bands?: readonly ChartBand[]
  range: ChartRange
  valueFormat: ValueFormat
  yTitle?: string
  beginAtZero?: boolean
  locale: string
  rtl: boolean
  theme: ChartTheme
}

export type BarSpec = {
  kind: 'bar'
  bars: readonly BarDatum[]
  /** The dataset's name (tooltip). */
  valueLabel: string
  valueFormat: ValueFormat
  yTitle?: string
  locale: string
  rtl: boolean
  theme: ChartTheme
}

export type ChartSpec = TimeSeriesSpec | BarSpec | AnalyticsSpec

/** The lines of a time-series chart: its series, then its reference lines. */
export function timeSeriesData(spec: TimeSeriesSpec): ChartData<'line', DrawnPoint[]> {
  return {
    datasets: [
      ...spec.series.map((s, index) => lineDataset(s, index, spec.theme)),
      ...spec.references.map((line) => referenceDataset(line, spec.range, spec.theme)),
    ],
  }
}

/** The options of a time-series chart (a legend once there is more than one line). */
export function timeSeriesSpecOptions(spec: TimeSeriesSpec): ChartOptions<'line'> {
  return timeSeriesOptions({
    locale: spec.locale,
    rtl: spec.rtl,
    range: spec.range,
    formatValue: valueFormatter(spec.valueFormat, spec.locale),
    yTitle: spec.yTitle,
    beginAtZero: spec.beginAtZero,
    showLegend: spec.series.length + spec.references.length > 1,
    bands: spec.bands,
    theme: spec.theme,
  })
}

/** The one dataset of a bar chart, its highlighted bars in the alert colour. */
export function barData(spec: BarSpec): ChartData<'bar', number[], string> {
  const colors = CHART_PALETTES[spec.theme]
  return {
    labels: spec.bars.map((b) => b.label),
    datasets: [
      {
        label: spec.valueLabel,
        data: spec.bars.map((b) => b.value),
        backgroundColor: spec.bars.map((b) =>
          b.highlight === true ? colors.barOngoing : colors.bar,
        ),
        borderRadius: 2,
        maxBarThickness: 24,
      },
    ],
  }
}

/** The options of a bar chart. */
export function barSpecOptions(spec: BarSpec): ChartOptions<'bar'> {
  return barOptions({
    locale: spec.locale,
    rtl: spec.rtl,
    formatValue: valueFormatter(spec.valueFormat, spec.locale),
    yTitle: spec.yTitle,
    theme: spec.theme,
  })
}

/** The whole chart.js configuration of a spec. */
export function chartConfiguration(
  spec: ChartSpec,
):
  | ChartConfiguration<'line', DrawnPoint[]>
  | ChartConfiguration<'bar', number[], string>
  | ChartConfiguration {
  if (spec.kind === 'analytics') return analyticsConfiguration(spec)
  return spec.kind === 'line'
    ? { type: 'line', data: timeSeriesData(spec), options: timeSeriesSpecOptions(spec) }
    : { type: 'bar', data: barData(spec), options: barSpecOptions(spec) }
}
