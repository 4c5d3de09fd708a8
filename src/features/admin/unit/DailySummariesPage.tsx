import { useId, useMemo, useState } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueries, useQuery } from '@tanstack/react-query'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'
import { adminUnitQuery, scheduledTestsDailyQuery } from '../../../api/admin-unit.api'
import { dataUsageQueryOptions, skippedTestsQueryOptions } from '../../../api/unit-analytics.api'
import { QueryStatus } from '../../../offline/QueryStatus'
import { Alert, Button, Card, SelectField } from '../../../ui'
import { useAdmin } from '../shared'
import { bytesByDay, formatBytes, lastLocalDays, skipReasonCounts } from './unit-format'
import styles from './AdminUnit.module.css'

/** Days in the table: the unit's last week, today first. */
const DAYS = 7

/** The scheduled tests one can count per day (the schedules' main tests, seeds 000 §3 keys). */
const DAILY_METRICS: readonly { key: ConsumerMetricKey; name: MessageDescriptor }[] = [
  { key: 'httpgetmt', name: msg`Download speed` },
  { key: 'httppostmt', name: msg`Upload speed` },
  { key: 'udpLatency', name: msg`Latency` },
  { key: 'udpPacketLoss', name: msg`Packet loss` },
]

/** Why a scheduled test was skipped (the service's reason codes), in an administrator's words. */
const SKIP_REASONS: Partial<Record<string, MessageDescriptor>> = {
  cross_traffic: msg`The connection was in use`,
  maintenance: msg`Maintenance`,
  target_unavailable: msg`Test server unavailable`,
}

/**
 * /admin/unit/{unitId}/daily-summaries (seeds 001 §2.6): the unit's scheduled tests per local day
 * for one test (scheduled, run, skipped) with the bytes its tests used that day, then the
 * skipped-tests and bytes-used widgets over the week.
 */
export function DailySummariesPage({ unitId }: { unitId: number }) {
  const admin = useAdmin()
  const unit = useQuery(adminUnitQuery(admin.panelId, unitId)).data
  if (unit === undefined) return null
  return <DailySummaries unitId={unitId} timeZone={unit.location.timezone} />
}

function DailySummaries({ unitId, timeZone }: { unitId: number; timeZone: string }) {
  const { i18n, t } = useLingui()
  const tableId = useId()
  const [metric, setMetric] = useState<ConsumerMetricKey>('httpgetmt')
  // The days are those of when the page opened (a page left open past midnight keeps its week).
  const [openedAt] = useState(Date.now)
  const days = useMemo(() => lastLocalDays(openedAt, timeZone, DAYS), [openedAt, timeZone])
  const daily = useQueries({
    queries: days.map((day) => scheduledTestsDailyQuery(unitId, day, metric)),
  })
  const usage = useQuery(dataUsageQueryOptions(unitId, 'week'))
  const usageByDay = useMemo(
    () => (usage.data ? bytesByDay(usage.data.data, timeZone) : null),
    [usage.data, timeZone],
  )
  const number = new Intl.NumberFormat(i18n.locale)
  const dayFormat = new Intl.DateTimeFormat(i18n.locale, {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  })
  const missing = daily.filter((query) => query.data === undefined)
  const failed = missing.some((query) => query.isError)
  const paused = missing.length === DAYS && daily.some((query) => query.fetchStatus === 'paused')
  const loading = missing.length > 0 && !failed && !paused
  const metricName = DAILY_METRICS.find((m) => m.key === metric)?.name ?? DAILY_METRICS[0]?.name
  const shownMetric = metricName === undefined ? metric : i18n._(metricName)

  return (
    <div className={styles.stack}>
      <Card>
        <h2 className={styles.heading}>
          <Trans>Scheduled tests per day</Trans>
        </h2>
        <div className={styles.toolbar}>
          <SelectField
            label={<Trans>Test</Trans>}
            name="daily-metric"
            value={metric}
            onChange={(e) => {
              const next = DAILY_METRICS.find((m) => m.key === e.target.value)
              if (next) setMetric(next.key)
            }}
          >
            {DAILY_METRICS.map((m) => (
              <option key={m.key} value={m.key}>
                {i18n._(m.name)}
              </option>
            ))}
          </SelectField>
        </div>
        {paused ? (
          <Alert variant="warning" title={<Trans>Not saved on this device yet</Trans>}>
            <Trans>It loads when you are back online.</Trans>
          </Alert>
        ) : null}
        {failed ? (
          <Alert variant="error" title={<Trans>Some days could not be loaded</Trans>}>
            <Button
              variant="secondary"
              onClick={() => {
                for (const query of daily) if (query.isError) void query.refetch()
              }}
            >
              <Trans>Retry</Trans>
            </Button>
          </Alert>
        ) : null}
        <p className={styles.muted} id={tableId}>
          <Trans>
            {shownMetric}, in the unit’s time zone ({timeZone})
          </Trans>
        </p>
        <div className={styles.tableWrap} aria-busy={loading}>
          <table className={styles.table} aria-labelledby={tableId}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Day</Trans>
                </th>
                <th scope="col" className={styles.number}>
                  <Trans>Scheduled</Trans>
                </th>
                <th scope="col" className={styles.number}>
                  <Trans>Ran</Trans>
                </th>
                <th scope="col" className={styles.number}>
                  <Trans>Skipped</Trans>
                </th>
                <th scope="col" className={styles.number}>
                  <Trans>Data used by tests</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day, index) => {
                const counts = daily[index]?.data
                const bytes = usageByDay?.get(day)
                const cell = (value: number | undefined) =>
                  value === undefined ? t`…` : number.format(value)
                return (
                  <tr key={day}>
                    <th scope="row">
                      <time dateTime={day}>{dayFormat.format(Date.parse(`${day}T12:00:00Z`))}</time>
                    </th>
                    <td className={styles.number}>{cell(counts?.scheduled)}</td>
                    <td className={styles.number}>{cell(counts?.ran)}</td>
                    <td className={styles.number}>{cell(counts?.skipped)}</td>
                    <td className={styles.number}>
                      {usageByDay === null ? t`…` : formatBytes(i18n.locale, bytes ?? 0)}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </Card>
      <div className={styles.grid}>
        <SkippedTestsWidget unitId={unitId} />
        <BytesUsedWidget unitId={unitId} />
      </div>
    </div>
  )
}

/** Seeds 001 §2.6 widget: the week's skipped tests and their reasons. */
function SkippedTestsWidget({ unitId }: { unitId: number }) {
  const { i18n } = useLingui()
  const query = useQuery(skippedTestsQueryOptions(unitId, 'week'))
  const titleId = useId()
  return (
    <Card>
      <section aria-labelledby={titleId}>
        <h2 className={styles.heading} id={titleId}>
          <Trans>Skipped tests</Trans>
        </h2>
        <QueryStatus query={query}>
          {(data) => {
            const total = new Intl.NumberFormat(i18n.locale).format(data.meta.total)
            const reasons = skipReasonCounts(data.data)
            return (
              <>
                <p className={styles.bigNumber}>{total}</p>
                <p className={styles.muted}>
                  <Trans>scheduled tests skipped in the last 7 days</Trans>
                </p>
                {reasons.length > 0 ? (
                  <ul className={styles.list}>
                    {reasons.map(({ reason, count }) => {
                      const descriptor = SKIP_REASONS[reason]
                      const label = descriptor === undefined ? reason : i18n._(descriptor)
                      const times = new Intl.NumberFormat(i18n.locale).format(count)
                      return (
                        <li key={reason}>
                          <Trans>
                            {label}: {times}
                          </Trans>
                        </li>
                      )
                    })}
                  </ul>
                ) : null}
              </>
            )
          }}
        </QueryStatus>
      </section>
    </Card>
  )
}

/** Seeds 001 §2.6 widget: the bytes the unit's tests used over the week. */
function BytesUsedWidget({ unitId }: { unitId: number }) {
  const { i18n } = useLingui()
  const query = useQuery(dataUsageQueryOptions(unitId, 'week'))
  const titleId = useId()
  return (
    <Card>
      <section aria-labelledby={titleId}>
        <h2 className={styles.heading} id={titleId}>
          <Trans>Bytes used by tests</Trans>
        </h2>
        <QueryStatus query={query}>
          {(data) => {
            const total = formatBytes(i18n.locale, data.meta.totalBytes)
            const perDay = formatBytes(i18n.locale, data.meta.totalBytes / DAYS)
            return (
              <>
                <p className={styles.bigNumber}>{total}</p>
                <p className={styles.muted}>
                  <Trans>used by the unit’s tests in the last 7 days, about {perDay} a day</Trans>
                </p>
              </>
            )
          }}
        </QueryStatus>
      </section>
    </Card>
  )
}
