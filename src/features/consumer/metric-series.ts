import type { MetricPoint } from '#contracts/unit-analytics.ts'
import type { HourlyValue } from '../../lib/daily-summary'
import type { SeriesPoint } from '../charts'

/** Status given to a mobile signal of exactly 0: the modem reported no value (seeds 5). */
export const NO_VALUE = 'NO_VALUE'

/**
 * A metric's results as chart points: a result that is not OK has no value (a gap, never 0), and
 * a mobile signal strength of exactly 0 is no value either.
 */
export function metricSeries(metricKey: string, results: readonly MetricPoint[]): SeriesPoint[] {
  const points: SeriesPoint[] = []
  for (const result of results) {
    const x = Date.parse(result.dtime)
    if (Number.isNaN(x)) continue
    const id = result.testId
    if (result.status !== 'OK' || result.metricValue === null) {
      points.push({ x, y: null, status: result.status === 'OK' ? 'NO_DATA' : result.status, id })
    } else if (metricKey === 'mobile_signal_strength' && result.metricValue === 0) {
      points.push({ x, y: null, status: NO_VALUE, id })
    } else {
      points.push({ x, y: result.metricValue, status: 'OK', id })
    }
  }
  return points
}

/**
 * A metric's hourly buckets with their extremes (the month view's days are made of them), under
 * the same rules as metricSeries: no value is a gap, a mobile signal of exactly 0 is no value.
 */
export function metricHourly(metricKey: string, results: readonly MetricPoint[]): HourlyValue[] {
  const values: HourlyValue[] = []
  for (const result of results) {
    const [point] = metricSeries(metricKey, [result])
    if (!point) continue
    values.push(
      point.y === null ? point : { ...point, min: result.min ?? null, max: result.max ?? null },
    )
  }
  return values
}
