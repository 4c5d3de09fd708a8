import { useCallback, useId, useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { CONSUMER_METRICS, type ConsumerMetricKey } from '#contracts/metrics.ts'
import type { MetricResults } from '#contracts/unit-analytics.ts'
import type { AccessibleUnit } from '#contracts/units.ts'
import { metricResultsQueryOptions, type Ranged } from '../../../api/unit-analytics.api'
import type { Period } from '../../../lib/periods'
import { QueryStatus } from '../../../offline/QueryStatus'
import {
  DrawWhenNear,
  summarizeSeries,
  TimeSeriesChart,
  type ChartPointEvent,
  type ChartSeries,
  type ReferenceLine,
} from '../../charts'
import { formatMetricValue, formatNumber, metricValueTemplate } from '../format'
import type { ValueFormat } from '../../../lib/value-format'
import { metricName } from '../metric-names'
import { metricSeries } from '../metric-series'
import { PERIOD_SPANS } from '../period-labels'
import { GapNote } from './GapNote'
import { VideoQualityNote } from './VideoQualityNote'
import styles from '../Dashboard.module.css'

export type MetricChartProps = {
  unitId: number
  metric: ConsumerMetricKey
  period: Period
  /** The unit with its package (for the package speed line), when loaded. */
  unit: AccessibleUnit | undefined
  /** Opens the result page of a test (raw points carry their test id). */
  onOpenTest?: (testId: string) => void
}

/** Package speed in Mbps for the download and upload families, else null. */
function packageSpeed(metric: ConsumerMetricKey, unit: AccessibleUnit | undefined): number | null {
  const pkg = unit?.package
  if (!pkg) return null
  const { family } = CONSUMER_METRICS[metric]
  if (family === 'download') return pkg.download_kbps / 1000
  if (family === 'upload') return pkg.upload_kbps / 1000
  return null
}

/** One metric of the dashboard: its own loading, error and empty states, then its chart. */
export function MetricChart({ unitId, metric, period, unit, onOpenTest }: MetricChartProps) {
  const { i18n } = useLingui()
  const headingId = useId()
  const query = useQuery(metricResultsQueryOptions(unitId, metric, period))
  const name = metricName(i18n, metric)
  return (
    <section className={styles.panel} aria-labelledby={headingId} data-metric={metric}>
      <h3 id={headingId} className={styles.panelTitle}>
        {name}
      </h3>
      <QueryStatus query={query}>
        {(data) => (
          <MetricChartBody
            data={data}
            metric={metric}
            name={name}
            period={period}
            packageMbps={packageSpeed(metric, unit)}
            onOpenTest={onOpenTest}
          />
        )}
      </QueryStatus>
    </section>
  )
}

type BodyProps = {
  data: Ranged<MetricResults>
  metric: ConsumerMetricKey
  name: string
  period: Period
  packageMbps: number | null
  onOpenTest: ((testId: string) => void) | undefined
}

function MetricChartBody({ data, metric, name, period, packageMbps, onOpenTest }: BodyProps) {
  const { i18n, t } = useLingui()
  const unit = data.metricMetadata.unit
  const points = useMemo(() => metricSeries(metric, data.results), [metric, data.results])
  const summary = useMemo(() => summarizeSeries(points), [points])

  if (data.status === 'DEVICE_CANT_RUN_TEST') {
    return (
      <p className={styles.note}>
        <Trans>Your Whitebox cannot run this test.</Trans>
      </p>
    )
  }
  if (points.length === 0) {
    return (
      <p className={styles.note}>
        <Trans>No results in this period.</Trans>
      </p>
    )
  }

  const format = (value: number) => formatMetricValue(i18n, value, unit)
  const latest = summary.latest === null ? null : format(summary.latest.y)
  const median = summary.median === null ? null : format(summary.median)
  const span = i18n._(PERIOD_SPANS[period])
  // Formatted like every other number on the page (Arabic-Indic digits in ar-SA).
  const count = formatNumber(i18n.locale, summary.count)
  const description =
    latest !== null && median !== null
      ? t`Latest ${latest}, median ${median}, from ${count} values ${span}.`
      : t`No values ${span}.`
  const packageLabel = packageMbps === null ? null : format(packageMbps)

  return (
    <>
      {latest !== null && median !== null ? (
        <dl className={styles.stats}>
          <div>
            <dt>
              <Trans>Latest</Trans>
            </dt>
            <dd>{latest}</dd>
          </div>
          <div>
            <dt>
              <Trans>Median</Trans>
            </dt>
            <dd>{median}</dd>
          </div>
          {packageLabel !== null ? (
            <div>
              <dt>
                <Trans>Package</Trans>
              </dt>
              <dd>{packageLabel}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <DrawWhenNear summary={description}>
        <MeasuredChart
          metric={metric}
          name={name}
          span={span}
          points={points}
          range={data.range}
          description={description}
          valueFormat={{ kind: 'number', template: metricValueTemplate(i18n, unit) }}
          packageMbps={packageMbps}
          packageLabel={packageLabel}
          onOpenTest={onOpenTest}
        />
      </DrawWhenNear>
      <GapNote missing={summary.missing} />
      <VideoQualityNote metricKey={metric} medianMbps={summary.median} />
    </>
  )
}

type MeasuredChartProps = {
  metric: ConsumerMetricKey
  name: string
  span: string
  points: ChartSeries['points']
  range: { from: number; to: number }
  description: string
  valueFormat: ValueFormat
  packageMbps: number | null
  packageLabel: string | null
  onOpenTest: ((testId: string) => void) | undefined
}

/**
 * The chart, timed: `chart-render:<metric>` is measured from this component's first render to the
 * chart's first draw (the dashboard benchmark reads it with performance.getEntriesByName).
 */
function MeasuredChart(props: MeasuredChartProps) {
  const { t } = useLingui()
  const { metric, name, span, points, range, packageMbps, packageLabel, onOpenTest } = props
  const measureName = `chart-render:${metric}`
  const [startMark] = useState(() => {
    const mark = `${measureName}:start`
    performance.mark(mark)
    return mark
  })
  const handleFirstDraw = useCallback(() => {
    try {
      performance.measure(measureName, startMark)
    } catch {
      // The start mark was cleared by someone else: no figure rather than an error.
    }
  }, [measureName, startMark])

  const series = useMemo<ChartSeries[]>(
    () => [{ id: metric, label: name, points }],
    [metric, name, points],
  )
  const references = useMemo<ReferenceLine[]>(
    () =>
      packageMbps === null || packageLabel === null
        ? []
        : [{ id: 'package', label: t`Your package (${packageLabel})`, value: packageMbps }],
    [packageMbps, packageLabel, t],
  )
  const handlePointClick = useCallback(
    (point: ChartPointEvent) => {
      if (point.id !== undefined) onOpenTest?.(point.id)
    },
    [onOpenTest],
  )

  return (
    <TimeSeriesChart
      series={series}
      references={references}
      range={range}
      label={t`${name} chart ${span}`}
      description={props.description}
      valueFormat={props.valueFormat}
      beginAtZero={metric !== 'mobile_signal_strength'}
      onPointClick={onOpenTest ? handlePointClick : undefined}
      onFirstDraw={handleFirstDraw}
    />
  )
}
