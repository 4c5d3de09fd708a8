import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { unitMetricsQueryOptions } from '../../api/unit-analytics.api'
import { unitDetailQueryOptions } from '../../api/units.api'
import { DEFAULT_METRICS, visibleMetrics } from '../../lib/metric-selection'
import { PERIODS, type DisconnectionPeriod, type Period } from '../../lib/periods'
import { Alert } from '../../ui'
import {
  DataUsageTile,
  DeviceLimitsCard,
  DisconnectionChart,
  isValidTimeZone,
  MetricChart,
  PeriodPicker,
  SkippedTestsTile,
} from './consumer-parts'
import { asAccessibleUnit } from './unit-adapter'
import styles from './Units.module.css'

export type UnitCustomerResultsPageProps = {
  unitId: number
  period: Period
  disconnectionPeriod: DisconnectionPeriod
  onPeriodChange: (period: Period) => void
  onDisconnectionPeriodChange: (period: DisconnectionPeriod) => void
}

/**
 * /units/{unitId}/customer-results (issue 6 §4): what the customer's dashboard shows for this unit
 * (the consumer's charts and tiles, in the customer's words), read only: no instant test, no metric
 * choice. The customer's own metric choice is theirs; the dashboard's default metrics are shown.
 */
export function UnitCustomerResultsPage({
  unitId,
  period,
  disconnectionPeriod,
  onPeriodChange,
  onDisconnectionPeriodChange,
}: UnitCustomerResultsPageProps) {
  const { t } = useLingui()
  const unit = useQuery(unitDetailQueryOptions(unitId)).data
  const metricsQuery = useQuery(unitMetricsQueryOptions(unitId))
  const available = metricsQuery.data?.map((m) => m.key) ?? null
  const { alwaysShown, selected } = visibleMetrics(DEFAULT_METRICS, available)
  if (!unit) return null
  const timeZone = unit.location?.timezone

  return (
    <div className={styles.stack}>
      <Alert variant="info">
        <Trans>
          The customer’s dashboard as they see it, read only. It shows the dashboard’s standard
          metrics.
        </Trans>
      </Alert>
      <section className={styles.section} aria-labelledby="customer-results-title">
        <div className={styles.toolbar}>
          <h2 id="customer-results-title" className={styles.sectionTitle}>
            <Trans>Test results</Trans>
          </h2>
          <PeriodPicker
            legend={t`Period of the test results`}
            periods={PERIODS}
            value={period}
            onChange={onPeriodChange}
          />
        </div>
        <div className={styles.grid}>
          {[...selected, ...alwaysShown].map((metric) => (
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
      <div className={styles.tiles}>
        <SkippedTestsTile unitId={unitId} period={period} />
        <DataUsageTile unitId={unitId} period={period} />
        <DeviceLimitsCard />
      </div>
    </div>
  )
}
