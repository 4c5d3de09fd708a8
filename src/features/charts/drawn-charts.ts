/**
 * The chart.js side of the charts, loaded on its own (see lazy-charts.tsx): chart.js and its
 * React binding are ~56 KB gzip that no page needs before its text is on screen.
 */
export { TimeSeriesChart } from './TimeSeriesChart'
export { BarChart } from './BarChart'
export { AnalyticsChart } from './AnalyticsChart'
