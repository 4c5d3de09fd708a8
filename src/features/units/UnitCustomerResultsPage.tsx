import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { unitMetricsQueryOptions } from '../../api/unit-analytics.api'
import { unitDetailQueryOptions } from '../../api/units.api'
import { DEFAULT_METRICS, visibleMetrics } from '../../lib/metric-selection'
import { Alert } from '../../ui'
import { UnitResults, type UnitResultsPeriods } from '../consumer/parts'
import { asAccessibleUnit } from './unit-adapter'
import styles from './Units.module.css'

export type UnitCustomerResultsPageProps = UnitResultsPeriods & { unitId: number }

/**
 * /units/{unitId}/customer-results (issue 6 §4): what the customer's dashboard shows for this unit
 * (the consumer's charts and tiles, in the customer's words), read only: no instant test, no metric
 * choice. The customer's own metric choice is theirs; the dashboard's default metrics are shown.
 */
export function UnitCustomerResultsPage({ unitId, ...periods }: UnitCustomerResultsPageProps) {
  const unit = useQuery(unitDetailQueryOptions(unitId)).data
  const metricsQuery = useQuery(unitMetricsQueryOptions(unitId))
  const available = metricsQuery.data?.map((m) => m.key) ?? null
  const { alwaysShown, selected } = visibleMetrics(DEFAULT_METRICS, available)
  if (!unit) return null

  return (
    <div className={styles.stack}>
      <Alert variant="info">
        <Trans>
          The customer’s dashboard as they see it, read only. It shows the dashboard’s standard
          metrics.
        </Trans>
      </Alert>
      <UnitResults
        titleId="customer-results-title"
        unitId={unitId}
        unit={asAccessibleUnit(unit)}
        viewer="engineer"
        metrics={[...selected, ...alwaysShown]}
        {...periods}
        tiles
        classNames={{ grid: styles.grid, tiles: styles.tiles }}
      />
    </div>
  )
}
