import { useMemo } from 'react'
import type { ValueFormat } from '../../lib/value-format'
import { usePageTheme } from '../../ui/theme'
import type { ChartRange } from './chart-options'
import type { BarDatum, BarSpec, TimeSeriesSpec } from './chart-spec'
import type { ChartBand } from './band-plugin'
import type { ChartSeries, ReferenceLine } from './series'
import type { AnalyticsSpec } from './analytics-spec'
import { useChartLocale } from './useChartLocale'

const NO_REFERENCES: readonly ReferenceLine[] = []

/**
 * The format as its parts, so that a spec is made again only when the format itself changes (a
 * caller may hand a new object with the same content on every render).
 */
function formatParts(format: ValueFormat): [kind: ValueFormat['kind'], template?: string] {
  return format.kind === 'number' ? ['number', format.template] : ['minutes']
}

function formatOf(kind: ValueFormat['kind'], template: string | undefined): ValueFormat {
  return kind === 'minutes' ? { kind } : { kind, template }
}

/** A time-series chart's spec in the active locale, the same object while nothing changed. */
export function useTimeSeriesSpec(props: {
  series: readonly ChartSeries[]
  references?: readonly ReferenceLine[] | undefined
  bands?: readonly ChartBand[] | undefined
  range: ChartRange
  valueFormat: ValueFormat
  yTitle?: string | undefined
  beginAtZero?: boolean | undefined
}): TimeSeriesSpec {
  const { locale, rtl } = useChartLocale()
  const theme = usePageTheme()
  const { series, references = NO_REFERENCES, bands, range, yTitle, beginAtZero } = props
  const [kind, template] = formatParts(props.valueFormat)
  return useMemo(
    () => ({
      kind: 'line',
      series,
      references,
      ...(bands && bands.length > 0 ? { bands } : {}),
      range,
      valueFormat: formatOf(kind, template),
      yTitle,
      beginAtZero,
      locale,
      rtl,
      theme,
    }),
    [series, references, bands, range, kind, template, yTitle, beginAtZero, locale, rtl, theme],
  )
}

/** A bar chart's spec in the active locale, the same object while nothing changed. */
export function useBarSpec(props: {
  bars: readonly BarDatum[]
  valueLabel: string
  valueFormat: ValueFormat
  yTitle?: string | undefined
}): BarSpec {
  const { locale, rtl } = useChartLocale()
  const theme = usePageTheme()
  const { bars, valueLabel, yTitle } = props
  const [kind, template] = formatParts(props.valueFormat)
  return useMemo(
    () => ({
      kind: 'bar',
      bars,
      valueLabel,
      valueFormat: formatOf(kind, template),
      yTitle,
      locale,
      rtl,
      theme,
    }),
    [bars, valueLabel, kind, template, yTitle, locale, rtl, theme],
  )
}

/** What an analytics chart shows, without the locale and theme the page adds. */
export type AnalyticsSpecProps = Omit<AnalyticsSpec, 'kind' | 'locale' | 'rtl' | 'theme'>

/** An analytics chart's spec in the active locale and theme, the same object while nothing changed. */
export function useAnalyticsSpec(props: AnalyticsSpecProps): AnalyticsSpec {
  const { locale, rtl } = useChartLocale()
  const theme = usePageTheme()
  const { chart, x, datasets, bands, yTitle, beginAtZero } = props
  const [kind, template] = formatParts(props.valueFormat)
  return useMemo(
    () => ({
      kind: 'analytics',
      chart,
      x,
      datasets,
      ...(bands && bands.length > 0 ? { bands } : {}),
      valueFormat: formatOf(kind, template),
      ...(yTitle === undefined ? {} : { yTitle }),
      beginAtZero,
      locale,
      rtl,
      theme,
    }),
    [chart, x, datasets, bands, kind, template, yTitle, beginAtZero, locale, rtl, theme],
  )
}
