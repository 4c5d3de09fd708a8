import { useMemo, useState } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { disconnectionsQueryOptions } from '../../../api/unit-analytics.api'
import {
  barLabels,
  disconnectionBars,
  disconnectionTotals,
} from '../../../lib/disconnection-duration'
import {
  DISCONNECTION_PERIODS,
  disconnectionBucket,
  type DisconnectionPeriod,
} from '../../../lib/periods'
import { QueryStatus } from '../../../offline/QueryStatus'
import { Alert } from '../../../ui'
import { BarChart, DrawWhenNear } from '../../charts'
import { formatDuration, formatNumber } from '../format'
import { PERIOD_SPANS } from '../period-labels'
import { useNow } from '../useNow'
import { PeriodToolbar } from './PeriodToolbar'
import { SegmentedControl } from './SegmentedControl'
import styles from '../Dashboard.module.css'

export type DisconnectionChartProps = {
  unitId: number
  period: DisconnectionPeriod
  onPeriodChange: (period: DisconnectionPeriod) => void
  /** The unit's time zone: bars are its days and hours. */
  timeZone: string | undefined
}

type Measure = 'count' | 'duration'

/**
 * Seeds 2.6 disconnection chart with its own periods (day, week, month, year): bars of how many
 * and how long, ongoing ones measured up to now, or a notice when the unit does not measure them.
 */
export function DisconnectionChart({
  unitId,
  period,
  onPeriodChange,
  timeZone,
}: DisconnectionChartProps) {
  const { t } = useLingui()
  const query = useQuery(disconnectionsQueryOptions(unitId, period))
  const [measure, setMeasure] = useState<Measure>('count')
  return (
    <section className={styles.panel} aria-labelledby="disconnections-title">
      <PeriodToolbar
        titleId="disconnections-title"
        title={<Trans>Disconnections</Trans>}
        legend={t`Period of the disconnection chart`}
        periods={DISCONNECTION_PERIODS}
        value={period}
        onChange={onPeriodChange}
      />
      <QueryStatus query={query}>
        {(data) =>
          data.meta.enabled ? (
            <DisconnectionBody
              records={data.data}
              range={data.range}
              period={period}
              timeZone={timeZone}
              measure={measure}
              onMeasureChange={setMeasure}
            />
          ) : (
            <Alert variant="info">
              <Trans>Disconnection measurements are not enabled for your Whitebox.</Trans>
            </Alert>
          )
        }
      </QueryStatus>
    </section>
  )
}

type BodyProps = {
  records: Parameters<typeof disconnectionBars>[0]
  range: { from: number; to: number }
  period: DisconnectionPeriod
  timeZone: string | undefined
  measure: Measure
  onMeasureChange: (measure: Measure) => void
}

function DisconnectionBody({
  records,
  range,
  period,
  timeZone,
  measure,
  onMeasureChange,
}: BodyProps) {
  const { i18n, t } = useLingui()
  const now = useNow()
  const locale = i18n.locale
  const bucket = disconnectionBucket(period)
  // Ongoing disconnections grow with the clock; the range itself ends when it was fetched.
  const to = Math.max(range.to, now)
  const bars = useMemo(
    () => disconnectionBars(records, { from: range.from, to, bucket, now, timeZone }),
    [records, range.from, to, bucket, now, timeZone],
  )
  const totals = useMemo(() => disconnectionTotals(records, now), [records, now])
  const labels = useMemo(
    () => barLabels(bars, bucket, locale, timeZone),
    [bars, bucket, locale, timeZone],
  )
  const chartBars = useMemo(
    () =>
      bars.map((bar, index) => ({
        label: labels[index] ?? '',
        value: measure === 'count' ? bar.count : Math.round(bar.seconds / 60),
        highlight: bar.ongoing,
      })),
    [bars, labels, measure],
  )

  const span = i18n._(PERIOD_SPANS[period])
  const count = totals.count
  const total = formatDuration(locale, totals.seconds)
  const ongoing = totals.ongoing
  const shownCount = formatNumber(locale, count)
  const description = t`${shownCount} disconnections, ${total} in total.`

  return (
    <>
      <p className={styles.note}>
        <Plural
          value={count}
          _0={`No disconnections ${span}.`}
          one={`# disconnection ${span}, ${total} in total.`}
          other={`# disconnections ${span}, ${total} in total.`}
        />
      </p>
      {ongoing > 0 ? (
        <Alert variant="warning">
          <Plural
            value={ongoing}
            one="A disconnection is still going on; its length is counted up to now."
            other="# disconnections are still going on; their length is counted up to now."
          />
        </Alert>
      ) : null}
      <SegmentedControl
        legend={t`Show disconnections by`}
        value={measure}
        onChange={onMeasureChange}
        options={[
          { value: 'count', label: t`Number` },
          { value: 'duration', label: t`Duration` },
        ]}
      />
      {/* Far down the dashboard: drawn when it comes near the screen, as the metric charts are. */}
      <DrawWhenNear summary={description}>
        <BarChart
          bars={chartBars}
          valueLabel={measure === 'count' ? t`Disconnections` : t`Minutes disconnected`}
          label={
            measure === 'count' ? t`Number of disconnections ${span}` : t`Time disconnected ${span}`
          }
          description={description}
          valueFormat={measure === 'count' ? { kind: 'number' } : { kind: 'minutes' }}
        />
      </DrawWhenNear>
    </>
  )
}
