import { useCallback, useId, useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'
import type { MetricResults } from '#contracts/unit-analytics.ts'
import type { AccessibleUnit } from '#contracts/units.ts'
import { metricResultsQueryOptions, type Ranged } from '../../../api/unit-analytics.api'
import { dailySummary, type DailyValue } from '../../../lib/daily-summary'
import { formatDateTime, formatDay } from '../../../lib/date-format'
import { metricLevel, packageSpeedFor } from '../../../lib/metric-quality'
import type { Period } from '../../../lib/periods'
import type { ValueFormat } from '../../../lib/value-format'
import { QueryStatus } from '../../../offline/QueryStatus'
import { Button } from '../../../ui'
import {
  DrawWhenNear,
  summarizeSeries,
  TimeSeriesChart,
  type ChartBand,
  type ChartPointEvent,
  type ChartSeries,
  type ReferenceLine,
  type SeriesPoint,
} from '../../charts'
import { formatMetricValue, formatNumber, metricValueTemplate } from '../format'
import { METRIC_MEANINGS } from '../metric-meanings'
import { metricName } from '../metric-names'
import { metricHourly, metricSeries } from '../metric-series'
import { PERIOD_SPANS } from '../period-labels'
import { isValidTimeZone } from '../time-zone'
import { GapNote } from './GapNote'
import { HelpArticleLink, LevelBadge } from './MetricMeaning'
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
  /** Who looks: the unit's owner ("Your package") or an engineer ("Customer's package"). */
  viewer?: 'owner' | 'engineer'
  /** The page's first chart: drawn at once, wherever it is (see DrawWhenNear). */
  eager?: boolean
}

/**
 * One metric of the dashboard: its name, what it means in one line and whether this is good (with
 * the help-centre article that explains it), then its own loading, error and empty states, then
 * its chart.
 */
export function MetricChart({
  unitId,
  metric,
  period,
  unit,
  onOpenTest,
  viewer = 'owner',
  eager = false,
}: MetricChartProps) {
  const { i18n } = useLingui()
  const headingId = useId()
  const query = useQuery(metricResultsQueryOptions(unitId, metric, period))
  const name = metricName(i18n, metric)
  const zone = unit?.location?.timezone
  return (
    <section className={styles.panel} aria-labelledby={headingId} data-metric={metric}>
      <h3 id={headingId} className={styles.panelTitle}>
        {name}
      </h3>
      <p className={styles.meaning}>{i18n._(METRIC_MEANINGS[metric])}</p>
      <QueryStatus query={query}>
        {(data) => (
          <MetricChartBody
            data={data}
            metric={metric}
            name={name}
            period={period}
            packageMbps={packageSpeedFor(metric, unit?.package)}
            timeZone={isValidTimeZone(zone) ? zone : undefined}
            onOpenTest={onOpenTest}
            viewer={viewer}
            eager={eager}
          />
        )}
      </QueryStatus>
      <HelpArticleLink metric={metric} name={name} />
    </section>
  )
}

type BodyProps = {
  data: Ranged<MetricResults>
  metric: ConsumerMetricKey
  name: string
  period: Period
  packageMbps: number | null
  timeZone: string | undefined
  onOpenTest: ((testId: string) => void) | undefined
  viewer: 'owner' | 'engineer'
  eager: boolean
}

/** The month's days as chart points (a day without a value is a gap) and its band. */
function monthSeries(days: readonly DailyValue[]): { points: SeriesPoint[]; bands: ChartBand[] } {
  const points = days.map((d) =>
    d.y === null ? { x: d.x, y: null, status: d.status ?? 'NO_DATA' } : { x: d.x, y: d.y },
  )
  const band: ChartBand['points'][number][] = []
  for (const d of days) {
    if (d.low !== null && d.high !== null) band.push({ x: d.x, low: d.low, high: d.high })
  }
  return { points, bands: band.length > 0 ? [{ id: 'day-range', points: band }] : [] }
}

function MetricChartBody({
  data,
  metric,
  name,
  period,
  packageMbps,
  timeZone,
  onOpenTest,
  viewer,
  eager,
}: BodyProps) {
  const { i18n, t } = useLingui()
  const unit = data.metricMetadata.unit
  const points = useMemo(() => metricSeries(metric, data.results), [metric, data.results])
  const summary = useMemo(() => summarizeSeries(points), [points])
  // The month aggregates: a point per day (the median of its hours) with the day's range.
  const days = useMemo(
    () => (period === 'month' ? dailySummary(metricHourly(metric, data.results), timeZone) : null),
    [period, metric, data.results, timeZone],
  )
  const month = useMemo(() => (days === null ? null : monthSeries(days)), [days])
  const [selected, setSelected] = useState<ChartPointEvent | null>(null)

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
  // "Latest" is the latest test whatever the period (an hour's mean is not the latest test).
  const latestValue = data.latest?.metricValue ?? summary.latest?.y ?? null
  const latest = latestValue === null ? null : format(latestValue)
  const median = summary.median === null ? null : format(summary.median)
  const level = metricLevel(metric, summary.median, packageMbps)
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
      {level !== null ? <LevelBadge level={level} packageMbps={packageMbps} /> : null}
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
                {viewer === 'engineer' ? <Trans>Customer's package</Trans> : <Trans>Package</Trans>}
              </dt>
              <dd>{packageLabel}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <DrawWhenNear summary={description} eager={eager}>
        <MeasuredChart
          metric={metric}
          name={name}
          span={span}
          points={month?.points ?? points}
          bands={month?.bands}
          range={data.range}
          description={description}
          valueFormat={{ kind: 'number', template: metricValueTemplate(i18n, unit) }}
          packageMbps={packageMbps}
          packageLabel={packageLabel}
          onSelect={setSelected}
          viewer={viewer}
        />
      </DrawWhenNear>
      {month !== null && month.bands.length > 0 ? (
        <p className={styles.note}>
          <Trans>
            Each point is a day’s median; the shading runs from its slowest to its fastest test.
          </Trans>
        </p>
      ) : null}
      <PointDetail
        point={selected}
        days={days}
        format={format}
        onOpenTest={onOpenTest}
        onClose={() => {
          setSelected(null)
        }}
      />
      <GapNote missing={summary.missing} />
      <VideoQualityNote metricKey={metric} medianMbps={summary.median} />
    </>
  )
}

/**
 * What a tap on the chart shows first: the point's time and value (and for a day, its range).
 * Opening the test behind a point is a second, explicit tap on its own button.
 */
function PointDetail({
  point,
  days,
  format,
  onOpenTest,
  onClose,
}: {
  point: ChartPointEvent | null
  days: readonly DailyValue[] | null
  format: (value: number) => string
  onOpenTest: ((testId: string) => void) | undefined
  onClose: () => void
}) {
  const { i18n, t } = useLingui()
  if (point === null) return <div aria-live="polite" className={styles.pointDetailEmpty} />
  const day = days?.find((d) => d.x === point.x)
  const value = format(point.y)
  let text: string
  if (day !== undefined && day.low !== null && day.high !== null) {
    const when = formatDay(i18n.locale, point.x)
    const low = format(day.low)
    const high = format(day.high)
    text = t`${when}: median ${value} (from ${low} to ${high})`
  } else {
    const when = formatDateTime(i18n.locale, point.x)
    text = t`${when}: ${value}`
  }
  const testId = point.id
  return (
    <div aria-live="polite" className={styles.pointDetail}>
      <p className={styles.pointDetailText}>{text}</p>
      <div className={styles.pointDetailActions}>
        {testId !== undefined && onOpenTest ? (
          <Button
            variant="secondary"
            onClick={() => {
              onOpenTest(testId)
            }}
          >
            <Trans>Open this test</Trans>
          </Button>
        ) : null}
        <Button variant="text" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </div>
    </div>
  )
}

type MeasuredChartProps = {
  metric: ConsumerMetricKey
  name: string
  span: string
  points: ChartSeries['points']
  bands: readonly ChartBand[] | undefined
  range: { from: number; to: number }
  description: string
  valueFormat: ValueFormat
  packageMbps: number | null
  packageLabel: string | null
  viewer: 'owner' | 'engineer'
  onSelect: (point: ChartPointEvent) => void
}

/**
 * The chart, timed: `chart-render:<metric>` is measured from this component's first render to the
 * chart's first draw (the dashboard benchmark reads it with performance.getEntriesByName).
 */
function MeasuredChart(props: MeasuredChartProps) {
  const { t } = useLingui()
  const { metric, name, span, points, range, packageMbps, packageLabel, onSelect, viewer } = props
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
        : [
            {
              id: 'package',
              label:
                viewer === 'engineer'
                  ? t`Customer's package (${packageLabel})`
                  : t`Your package (${packageLabel})`,
              value: packageMbps,
            },
          ],
    [packageMbps, packageLabel, viewer, t],
  )

  return (
    <TimeSeriesChart
      series={series}
      references={references}
      bands={props.bands}
      range={range}
      label={t`${name} chart ${span}`}
      description={props.description}
      valueFormat={props.valueFormat}
      beginAtZero={metric !== 'mobile_signal_strength'}
      onPointClick={onSelect}
      onFirstDraw={handleFirstDraw}
    />
  )
}
