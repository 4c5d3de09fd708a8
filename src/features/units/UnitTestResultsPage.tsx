import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { isConsumerMetricKey } from '#contracts/metrics.ts'
import { unitMetricsQueryOptions } from '../../api/unit-analytics.api'
import { unitDetailQueryOptions } from '../../api/units.api'
import { DEFAULT_METRICS, visibleMetrics } from '../../lib/metric-selection'
import { useSession } from '../../session'
import { Button } from '../../ui'
import { InstantTestPanel } from '../instant-test'
import { canTriggerTests } from './access'
import { UnitResults, type UnitResultsPeriods } from '../consumer/parts'
import { asAccessibleUnit } from './unit-adapter'
import styles from './Units.module.css'

export type UnitTestResultsPageProps = UnitResultsPeriods & {
  unitId: number
  /** Every metric the unit reports, not only the main six. */
  allMetrics: boolean
  onAllMetricsChange: (all: boolean) => void
}

/**
 * /units/{unitId}/test-results (issue 6 §4): the instant test in the engineer's wording, then a
 * chart per metric for a period (the main six, or every metric the unit reports) and the
 * disconnections. Results are kept on the device, so a unit opened once shows them offline.
 */
export function UnitTestResultsPage({
  unitId,
  allMetrics,
  onAllMetricsChange,
  ...periods
}: UnitTestResultsPageProps) {
  const session = useSession()
  const unit = useQuery(unitDetailQueryOptions(unitId)).data
  const metricsQuery = useQuery(unitMetricsQueryOptions(unitId))
  const reported = metricsQuery.data?.map((m) => m.key).filter(isConsumerMetricKey) ?? null
  const { alwaysShown, selected } = visibleMetrics(DEFAULT_METRICS, reported)
  const main = [...selected, ...alwaysShown]
  const shown = allMetrics && reported !== null ? reported : main
  const reportedCount = reported?.length ?? 0
  const more = reportedCount - main.length
  if (!session || !unit) return null

  return (
    <div className={styles.stack}>
      {canTriggerTests(session, unit.panel_id) ? (
        <InstantTestPanel
          unitId={unitId}
          wording="engineer"
          unitOffline={unit.offline_status.offline}
          unitDetails={unit}
        />
      ) : null}
      <UnitResults
        titleId="unit-results-title"
        unitId={unitId}
        unit={asAccessibleUnit(unit)}
        metrics={shown}
        {...periods}
        classNames={{ grid: styles.grid }}
        controls={
          more > 0 || allMetrics ? (
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
          ) : null
        }
      />
    </div>
  )
}
