import type { TrendPoint } from '#contracts/anomalies.ts'
import type { ChartRange, ChartSeries } from '../charts'

/** A trend's day (`YYYY-MM-DD`) at local midnight: where the chart's time axis puts that day. */
export function dayTime(day: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  return new Date(year, month - 1, date).getTime()
}

/** The anomaly's figures each day and what they usually are, as the chart's two lines. */
export function trendSeries(
  trend: readonly TrendPoint[],
  labels: { value: string; baseline: string },
): { series: ChartSeries[]; range: ChartRange } | null {
  const first = trend[0]
  const last = trend.at(-1)
  if (!first || !last || trend.every((point) => point.value === null)) return null
  return {
    series: [
      {
        id: 'value',
        label: labels.value,
        points: trend.map((point) => ({ x: dayTime(point.day), y: point.value })),
      },
      {
        id: 'baseline',
        label: labels.baseline,
        points: trend.map((point) => ({ x: dayTime(point.day), y: point.baseline })),
        dashed: true,
      },
    ],
    range: { from: dayTime(first.day), to: dayTime(last.day) },
  }
}
