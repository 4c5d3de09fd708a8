import { useMemo } from 'react'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { Anomaly, TrendPoint } from '#contracts/anomalies.ts'
import { anomalyTrendQueryOptions } from '../../api/anomaly.api'
import { formatShortCalendarDay } from '../../lib/calendar-day'
import { QueryStatus } from '../../offline/QueryStatus'
import { TimeSeriesChart } from '../charts'
import { anomalySubject, formatAnomalyValue, valueTemplate } from './anomaly-words'
import { trendSeries } from './trend-series'
import styles from './FaultFinder.module.css'

/**
 * An anomaly's daily trend (seeds 001 §3 anomalies with trend), from two weeks before it to the
 * latest whole day: a line chart of the area's figure and a dashed line of the usual one, named
 * and summed up for screen readers, with every day's figures in a table to open.
 */
export function AnomalyTrend({
  collectionId,
  anomaly,
}: {
  collectionId: number
  anomaly: Anomaly
}) {
  const query = useQuery(anomalyTrendQueryOptions(collectionId, anomaly.id))
  return (
    <QueryStatus query={query}>
      {(loaded) => <TrendBody anomaly={{ ...anomaly, trend: loaded.trend ?? [] }} />}
    </QueryStatus>
  )
}

function TrendBody({ anomaly }: { anomaly: Anomaly & { trend: TrendPoint[] } }) {
  const { i18n, t } = useLingui()
  const { trend, unit } = anomaly
  const subject = anomalySubject(i18n, anomaly)
  const usually = t`Usually`
  const chart = useMemo(
    () => trendSeries(trend, { value: subject, baseline: usually }),
    [trend, subject, usually],
  )
  const first = trend[0]
  const last = trend.at(-1)
  if (!chart || !first || !last) {
    return (
      <p className={styles.muted}>
        <Trans>There are no daily figures for this anomaly yet.</Trans>
      </p>
    )
  }
  const format = (value: number | null) =>
    value === null ? t`No value` : formatAnomalyValue(i18n, value, unit)
  const from = formatShortCalendarDay(i18n.locale, first.day)
  const to = formatShortCalendarDay(i18n.locale, last.day)
  const latest = format(last.value)
  const latestUsual = format(last.baseline)
  const days = trend.length
  const description = t`${plural(days, { one: '# day', other: '# days' })}. The last day, ${to}: ${latest}, usually ${latestUsual}. Every day is in the figures by day below.`
  return (
    <>
      <TimeSeriesChart
        series={chart.series}
        range={chart.range}
        label={t`${subject} each day from ${from} to ${to}, with the usual figure dashed`}
        description={description}
        valueFormat={{ kind: 'number', template: valueTemplate(i18n, unit) }}
        yTitle={unit === 'tests' ? t`Tests a day` : undefined}
        beginAtZero
      />
      <details className={styles.figures}>
        <summary>
          <Trans>Figures by day</Trans>
        </summary>
        <div className={styles.tableBox}>
          <table className={styles.table}>
            <caption className="wb-visually-hidden">
              <Trans>
                {subject} each day from {from} to {to}
              </Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Day</Trans>
                </th>
                <th scope="col">{subject}</th>
                <th scope="col">
                  <Trans>Usually</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {trend.map((point) => (
                <tr key={point.day}>
                  <th scope="row">
                    <time dateTime={point.day}>
                      {formatShortCalendarDay(i18n.locale, point.day)}
                    </time>
                  </th>
                  <td>{format(point.value)}</td>
                  <td>{format(point.baseline)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  )
}
