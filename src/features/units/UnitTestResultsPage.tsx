import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { isConsumerMetricKey } from '#contracts/metrics.ts'
import { unitMetricsQueryOptions } from '../../api/unit-analytics.api'
import { unitDetailQueryOptions } from '../../api/units.api'
import { DEFAULT_METRICS, visibleMetrics } from '../../lib/metric-selection'
import { PERIODS, type DisconnectionPeriod, type Period } from '../../lib/periods'
import { useSession } from '../../session'
import { Button } from '../../ui'
import { InstantTestPanel } from '../instant-test'
import { canTriggerTests } from './access'
import { DisconnectionChart, isValidTimeZone, MetricChart, PeriodPicker } from './consumer-parts'
import { asAccessibleUnit } from './unit-adapter'
import styles from './Units.module.css'

export type UnitTestResultsPageProps = {
  unitId: number
  period: Period
  disconnectionPeriod: DisconnectionPeriod
  /** Every metric the unit reports, not only the main six. */
  allMetrics: boolean
  onPeriodChange: (period: Period) => void
  onDisconnectionPeriodChange: (period: DisconnectionPeriod) => void
  onAllMetricsChange: (all: boolean) => void
}

/**
 * /units/{unitId}/test-results (issue 6 §4): the instant test in the engineer's wording, then a
 * chart per metric for a period (the main six, or every metric the unit reports) and the
 * disconnections. Results are kept on the device, so a unit opened once shows them offline.
 */
export function UnitTestResultsPage({
  unitId,
  period,
  disconnectionPeriod,
  allMetrics,
  onPeriodChange,
  onDisconnectionPeriodChange,
  onAllMetricsChange,
}: UnitTestResultsPageProps) {
  const { t } = useLingui()
  const session = useSession()
  const unit = useQuery(unitDetailQueryOptions(unitId)).data
  const metricsQuery = useQuery(unitMetricsQueryOptions(unitId))
  const reported = metricsQuery.data?.map((m) => m.key).filter(isConsumerMetricKey) ?? null
  const { alwaysShown, selected } = visibleMetrics(DEFAULT_METRICS, reported)
  const main = [...selected, ...alwaysShown]
  const shown = allMetrics && reported !== null ? reported : main
  const reportedCount = reported?.length ?? 0
  const more = reportedCount - main.length
  const timeZone = unit?.location?.timezone
  if (!session || !unit) return null

  return (
    <div className={styles.stack}>
      {canTriggerTests(session, unit.panel_id) ? (
        <InstantTestPanel unitId={unitId} wording="engineer" />
      ) : null}
      <section className={styles.section} aria-labelledby="unit-results-title">
        <div className={styles.toolbar}>
          <h2 id="unit-results-title" className={styles.sectionTitle}>
            <Trans>Test results</Trans>
          </h2>
          <PeriodPicker
            legend={t`Period of the test results`}
            periods={PERIODS}
            value={period}
            onChange={onPeriodChange}
          />
        </div>
        {more > 0 || allMetrics ? (
          <Button
            variant="link"
            onClick={() => {
              onAllMetricsChange(!allMetrics)
            }}
          >
            {allMetrics ? (
              <Trans>Show the main metrics only</Trans>
            ) : (
              <Trans>Show all {reportedCount} metrics</Trans>
            )}
          </Button>
        ) : null}
        <div className={styles.grid}>
          {shown.map((metric) => (
            <MetricChart
              key={metric}
              unitId={unitId}
              metric={metric}
              period={period}
              unit={asAccessibleUnit(unit)}
            />
          ))}
        </div>
      </section>
      <DisconnectionChart
        unitId={unitId}
        period={disconnectionPeriod}
        onPeriodChange={onDisconnectionPeriodChange}
        timeZone={isValidTimeZone(timeZone) ? timeZone : undefined}
      />
    </div>
  )
}
