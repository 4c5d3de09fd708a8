import { CONSUMER_METRICS, type ConsumerMetricKey } from '#contracts/metrics.ts'
import { toCsv, type CsvCell } from '../../lib/csv'
import { isoDateOf, type DateRangeChoice } from '../../lib/date-range'
import type { SeriesPoint } from '../charts'

/** One chart as drawn: its metric and its points (a point without a value keeps its status). */
export type ShownMetric = { metric: ConsumerMetricKey; points: readonly SeriesPoint[] }

export const ANALYTICS_CSV_HEADER = ['metric', 'dtime', 'value', 'unit', 'status'] as const

/**
 * The CSV of exactly what the charts show: one row per point of each chart, in the charts' order
 * and by time, with the time in ISO 8601 (UTC), the value (empty when there is none), the unit it
 * is in (Mbps, ms, %, RPM, dBm …) and its status. Metrics keep their API keys: a spreadsheet or a
 * script matches them whatever the language the file was downloaded in.
 */
export function analyticsCsv(shown: readonly ShownMetric[]): string {
  const rows: CsvCell[][] = [[...ANALYTICS_CSV_HEADER]]
  for (const { metric, points } of shown) {
    const byTime = [...points].sort((a, b) => a.x - b.x)
    for (const point of byTime) {
      rows.push([
        metric,
        new Date(point.x).toISOString(),
        point.y,
        CONSUMER_METRICS[metric].unit,
        point.status ?? 'OK',
      ])
    }
  }
  return toCsv(rows)
}

/** The download's file name: the unit and the dates it covers. */
export function analyticsCsvFileName(unitId: number, choice: DateRangeChoice, now: number): string {
  const dates =
    choice.kind === 'last'
      ? `last-${String(choice.days)}-days-to-${isoDateOf(now)}`
      : `${choice.from}-to-${choice.to}`
  return `whitebox-${String(unitId)}-${dates}.csv`
}
