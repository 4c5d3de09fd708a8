import { useId, useMemo } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'
import type { MetricResults } from '#contracts/unit-analytics.ts'
import type { Ranged } from '../../api/unit-analytics.api'
import { QueryStatus } from '../../offline/QueryStatus'
import { summarizeSeries, TimeSeriesChart } from '../charts'
import {
  formatMetricValue,
  formatNumber,
  metricName,
  metricSeries,
  metricValueTemplate,
} from '../consumer'
import styles from './ConsumerAnalytics.module.css'

export type AnalyticsMetricChartProps = {
  metric: ConsumerMetricKey
  query: UseQueryResult<Ranged<MetricResults>>
  /** The range in words, for the chart's accessible name. */
  rangeLabel: string
}

function ChartBody({
  metric,
  data,
  rangeLabel,
}: {
  metric: ConsumerMetricKey
  data: Ranged<MetricResults>
  rangeLabel: string
}) {
  const { i18n, t } = useLingui()
  // The same conversion as the CSV (analytics-csv.ts): what is drawn is what is downloaded.
  const points = useMemo(() => metricSeries(metric, data.results), [metric, data.results])
  const summary = useMemo(() => summarizeSeries(points), [points])
  if (data.status === 'DEVICE_CANT_RUN_TEST') {
    return (
      <p className={styles.note}>
        <Trans>Your Whitebox cannot run this test.</Trans>
      </p>
    )
  }
  if (summary.count === 0) {
    return (
      <p className={styles.note}>
        <Trans>No results in this date range.</Trans>
      </p>
    )
  }
  const unit = data.metricMetadata.unit
  const format = (value: number) => formatMetricValue(i18n, value, unit)
  const name = metricName(i18n, metric)
  const median = summary.median === null ? '' : format(summary.median)
  const count = formatNumber(i18n.locale, summary.count)
  return (
    <TimeSeriesChart
      series={[{ id: metric, label: name, points }]}
      range={data.range}
      label={t`${name} chart, ${rangeLabel}`}
      description={t`Median ${median} from ${count} values.`}
      valueFormat={{ kind: 'number', template: metricValueTemplate(i18n, unit) }}
    />
  )
}

/** One chosen metric over the range: its own loading, offline and error states, then its chart. */
export function AnalyticsMetricChart({ metric, query, rangeLabel }: AnalyticsMetricChartProps) {
  const { i18n } = useLingui()
  const headingId = useId()
  return (
    <section className={styles.panel} aria-labelledby={headingId} data-metric={metric}>
      <h2 id={headingId} className={styles.panelTitle}>
        {metricName(i18n, metric)}
      </h2>
      <QueryStatus query={query}>
        {(data) => <ChartBody metric={metric} data={data} rangeLabel={rangeLabel} />}
      </QueryStatus>
    </section>
  )
}
