import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'
import { unitMetricsQueryOptions } from '../../api/unit-analytics.api'
import { accessibleUnitQueryOptions } from '../../api/units.api'
import { readSelection, visibleMetrics } from '../../lib/metric-selection'
import { PERIODS, type DisconnectionPeriod, type Period } from '../../lib/periods'
import { savePreferences, useSession } from '../../session'
import { InstantTestPanel } from '../instant-test'
import { DataUsageTile } from './components/DataUsageTile'
import { DeviceLimitsCard } from './components/DeviceLimitsCard'
import { DisconnectionChart } from './components/DisconnectionChart'
import { MetricChart } from './components/MetricChart'
import { MetricPicker } from './components/MetricPicker'
import { PeriodPicker } from './components/PeriodPicker'
import { SkippedTestsTile } from './components/SkippedTestsTile'
import { DASHBOARD_METRICS_PREFERENCE } from './preferences'
import { isValidTimeZone } from './time-zone'
import styles from './Dashboard.module.css'

export type WhiteboxTestsPageProps = {
  unitId: number
  period: Period
  disconnectionPeriod: DisconnectionPeriod
  onPeriodChange: (period: Period) => void
  onDisconnectionPeriodChange: (period: DisconnectionPeriod) => void
  /** Opens a test's result page. */
  onOpenTest?: (testId: string) => void
}

/**
 * The whitebox tests tab (seeds 2.6): instant test, the chosen metrics' charts for a period, the
 * disconnection chart, skipped tests, bytes used by tests and mobile device limits.
 */
export function WhiteboxTestsPage({
  unitId,
  period,
  disconnectionPeriod,
  onPeriodChange,
  onDisconnectionPeriodChange,
  onOpenTest,
}: WhiteboxTestsPageProps) {
  const { t } = useLingui()
  const session = useSession()
  const unitQuery = useQuery({
    ...accessibleUnitQueryOptions(session?.sub ?? '', unitId),
    enabled: session !== null,
  })
  const metricsQuery = useQuery(unitMetricsQueryOptions(unitId))
  if (!session) return null

  const selection = readSelection(session.preferences[DASHBOARD_METRICS_PREFERENCE])
  const available = metricsQuery.data?.map((m) => m.key) ?? null
  const { alwaysShown, selected } = visibleMetrics(selection, available)
  const unit = unitQuery.data
  const timeZone = unit?.location?.timezone
  const handleSelectionChange = (next: ConsumerMetricKey[]) => {
    // Queued while offline and replayed later (the session keeps the new choice meanwhile).
    void savePreferences({ ...session.preferences, [DASHBOARD_METRICS_PREFERENCE]: next })
  }

  return (
    <div className={styles.stack}>
      <InstantTestPanel unitId={unitId} wording="consumer" />
      <section className={styles.section} aria-labelledby="results-title">
        <div className={styles.toolbar}>
          <h2 id="results-title" className={styles.sectionTitle}>
            <Trans>Test results</Trans>
          </h2>
          <PeriodPicker
            legend={t`Period of the test results`}
            periods={PERIODS}
            value={period}
            onChange={onPeriodChange}
          />
        </div>
        <MetricPicker
          selection={selection}
          available={available}
          onChange={handleSelectionChange}
        />
        {selected.length + alwaysShown.length === 0 ? (
          <p className={styles.note}>
            <Trans>Choose the metrics to show above.</Trans>
          </p>
        ) : (
          <div className={styles.grid}>
            {[...selected, ...alwaysShown].map((metric) => (
              <MetricChart
                key={metric}
                unitId={unitId}
                metric={metric}
                period={period}
                unit={unit}
                onOpenTest={onOpenTest}
              />
            ))}
          </div>
        )}
      </section>
      <DisconnectionChart
        unitId={unitId}
        period={disconnectionPeriod}
        onPeriodChange={onDisconnectionPeriodChange}
        timeZone={isValidTimeZone(timeZone) ? timeZone : undefined}
      />
      <div className={styles.tiles}>
        <SkippedTestsTile unitId={unitId} period={period} />
        <DataUsageTile unitId={unitId} period={period} />
        <DeviceLimitsCard />
      </div>
    </div>
  )
}
