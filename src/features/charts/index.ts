// chart.js stays out of the pages' own chunks: TimeSeriesChart and BarChart load it when first drawn.
export { TimeSeriesChart, BarChart, AnalyticsChart } from './lazy-charts'
export type { AnalyticsChartProps } from './AnalyticsChart'
export type {
  AnalyticsChartKind,
  AnalyticsDataset,
  AnalyticsXAxis,
  BoxValues,
} from './analytics-spec'
export { regressionLine, BOOST_THRESHOLD } from './analytics-math'
export type { ChartPointEvent, TimeSeriesChartProps } from './TimeSeriesChart'
export type { BarChartProps, BarDatum } from './BarChart'
export type { ChartSeries, ReferenceLine, SeriesPoint, SeriesSummary } from './series'
export { median, summarizeSeries } from './series'
export type { ChartRange } from './chart-options'
export type { ChartBand } from './band-plugin'
export { useChartLocale } from './useChartLocale'
export { DrawWhenNear } from './DrawWhenNear'
