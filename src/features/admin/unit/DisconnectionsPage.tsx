import { useId, useMemo, useState } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { Disconnection } from '#contracts/unit-analytics.ts'
import { adminUnitQuery } from '../../../api/admin-unit.api'
import { disconnectionsQueryOptions } from '../../../api/unit-analytics.api'
import {
  barLabels,
  disconnectionBars,
  disconnectionSeconds,
  disconnectionTotals,
} from '../../../lib/disconnection-duration'
import {
  DISCONNECTION_PERIODS,
  disconnectionBucket,
  type DisconnectionPeriod,
} from '../../../lib/periods'
import { QueryStatus } from '../../../offline/QueryStatus'
import { Alert, Card } from '../../../ui'
import { BarChart } from '../../charts'
import { useNow } from '../../consumer/parts'
import { useAdmin, useDateTime } from '../shared'
import { formatDuration } from './unit-format'
import styles from './AdminUnit.module.css'

const PERIOD_NAMES: Record<DisconnectionPeriod, MessageDescriptor> = {
  day: msg`Day`,
  week: msg`Week`,
  month: msg`Month`,
  year: msg`Year`,
}

/** Rows of the list at most (the newest); the chart counts them all. */
const LIST_MAX = 100

/**
 * /admin/unit/{unitId}/disconnections (seeds 001 §2.6 widget "disconnection chart"): the unit's
 * disconnections per hour, day or month of a period (day, week, month, year; seeds 001 §9), in the
 * unit's time zone, then the list, newest first, ongoing ones measured up to now.
 */
export function DisconnectionsPage({ unitId }: { unitId: number }) {
  const admin = useAdmin()
  const unit = useQuery(adminUnitQuery(admin.panelId, unitId)).data
  const [period, setPeriod] = useState<DisconnectionPeriod>('week')
  if (unit === undefined) return null
  return (
    <div className={styles.stack}>
      <PeriodChoice value={period} onChange={setPeriod} />
      <Disconnections unitId={unitId} period={period} timeZone={unit.location.timezone} />
    </div>
  )
}

function PeriodChoice({
  value,
  onChange,
}: {
  value: DisconnectionPeriod
  onChange: (period: DisconnectionPeriod) => void
}) {
  const { i18n } = useLingui()
  const name = useId()
  return (
    <fieldset className={styles.segmented}>
      <legend>
        <Trans>Period</Trans>
      </legend>
      {DISCONNECTION_PERIODS.map((period) => (
        <label key={period}>
          <input
            type="radio"
            name={name}
            value={period}
            checked={period === value}
            onChange={() => {
              onChange(period)
            }}
          />
          {i18n._(PERIOD_NAMES[period])}
        </label>
      ))}
    </fieldset>
  )
}

function Disconnections({
  unitId,
  period,
  timeZone,
}: {
  unitId: number
  period: DisconnectionPeriod
  timeZone: string
}) {
  const query = useQuery(disconnectionsQueryOptions(unitId, period))
  return (
    <QueryStatus query={query}>
      {(data) =>
        data.meta.enabled ? (
          <DisconnectionsBody
            records={data.data}
            range={data.range}
            period={period}
            timeZone={timeZone}
          />
        ) : (
          <Alert variant="info">
            <Trans>Disconnection measurements are not enabled for this unit.</Trans>
          </Alert>
        )
      }
    </QueryStatus>
  )
}

function DisconnectionsBody({
  records,
  range,
  period,
  timeZone,
}: {
  records: readonly Disconnection[]
  range: { from: number; to: number }
  period: DisconnectionPeriod
  timeZone: string
}) {
  const { i18n, t } = useLingui()
  const chartTitle = useId()
  const listTitle = useId()
  const dateTime = useDateTime()
  // Ongoing disconnections grow with the clock. The range ends at the whole minute after it was
  // fetched: the bars reach that far, but a length is only counted up to the clock.
  const now = useNow()
  const to = Math.max(now, range.to)
  const bucket = disconnectionBucket(period)
  const bars = useMemo(
    () => disconnectionBars(records, { from: range.from, to, bucket, now, timeZone }),
    [records, range.from, to, bucket, now, timeZone],
  )
  const labels = useMemo(
    () => barLabels(bars, bucket, i18n.locale, timeZone),
    [bars, bucket, i18n.locale, timeZone],
  )
  const totals = disconnectionTotals(records, now)
  const total = formatDuration(i18n.locale, totals.seconds)
  const count = new Intl.NumberFormat(i18n.locale).format(totals.count)
  const description = t`${count} disconnections, ${total} in total.`
  const newest = [...records]
    .sort((a, b) => Date.parse(b.dtime) - Date.parse(a.dtime))
    .slice(0, LIST_MAX)

  return (
    <>
      <Card>
        <section aria-labelledby={chartTitle}>
          <h2 className={styles.heading} id={chartTitle}>
            <Trans>Disconnection chart</Trans>
          </h2>
          <p className={styles.muted}>
            <Plural
              value={totals.count}
              _0="No disconnections in this period."
              one={`# disconnection, ${total} in total.`}
              other={`# disconnections, ${total} in total.`}
            />
          </p>
          {totals.ongoing > 0 ? (
            <Alert variant="warning">
              <Trans>A disconnection is still going on; its length is counted up to now.</Trans>
            </Alert>
          ) : null}
          <BarChart
            bars={bars.map((bar, index) => ({
              label: labels[index] ?? '',
              value: bar.count,
              highlight: bar.ongoing,
            }))}
            valueLabel={t`Disconnections`}
            label={t`Disconnections of the unit per period`}
            description={description}
            valueFormat={{ kind: 'number' }}
          />
        </section>
      </Card>
      <Card>
        <section aria-labelledby={listTitle}>
          <h2 className={styles.heading} id={listTitle}>
            <Trans>Disconnections</Trans>
          </h2>
          {newest.length === 0 ? (
            <p className={styles.muted}>
              <Trans>No disconnections in this period.</Trans>
            </p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Started</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Ended</Trans>
                    </th>
                    <th scope="col" className={styles.number}>
                      <Trans>Duration</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {newest.map((record) => {
                    const seconds = disconnectionSeconds(record, now)
                    return (
                      <tr key={record.id}>
                        <td>{dateTime(record.dtime)}</td>
                        <td>
                          {record.endDtime === null ? (
                            <Trans>Still disconnected</Trans>
                          ) : (
                            dateTime(record.endDtime)
                          )}
                        </td>
                        <td className={styles.number}>
                          {seconds === null ? '—' : formatDuration(i18n.locale, seconds)}
                          {record.isUnreliable ? (
                            <>
                              {' '}
                              <Trans>(unreliable)</Trans>
                            </>
                          ) : null}
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </Card>
    </>
  )
}
