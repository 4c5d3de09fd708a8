import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'
import { unitMetricsQueryOptions } from '../../api/unit-analytics.api'
import { accessibleUnitQueryOptions } from '../../api/units.api'
import { readSelection, visibleMetrics } from '../../lib/metric-selection'
import { savePreferences, useSession } from '../../session'
import { RenderLater } from '../../ui'
import { InstantTestPanel } from '../instant-test'
import { MetricPicker } from './components/MetricPicker'
import { UnitResults, type UnitResultsPeriods } from './components/UnitResults'
import { VerdictCard } from './components/VerdictCard'
import { DASHBOARD_METRICS_PREFERENCE } from './preferences'
import styles from './Dashboard.module.css'

export type WhiteboxTestsPageProps = UnitResultsPeriods & {
  unitId: number
  /** Opens a test's result page. */
  onOpenTest?: (testId: string) => void
}

/**
 * The whitebox tests tab (seeds 2.6): the verdict in plain words (issue 22 §3), instant test, the chosen metrics' charts for a period, the
 * disconnection chart, skipped tests, bytes used by tests and mobile device limits.
 */
export function WhiteboxTestsPage({ unitId, onOpenTest, ...periods }: WhiteboxTestsPageProps) {
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
  const handleSelectionChange = (next: ConsumerMetricKey[]) => {
    // Queued while offline and replayed later (the session keeps the new choice meanwhile).
    void savePreferences({ ...session.preferences, [DASHBOARD_METRICS_PREFERENCE]: next })
  }

  return (
    <div className={styles.stack}>
      <VerdictCard unitId={unitId} unit={unitQuery.data} period={periods.period} />
      <InstantTestPanel unitId={unitId} wording="consumer" />
      {/* Below the fold on a phone: committed after the headline (see RenderLater). */}
      <RenderLater placeholder={<div className={styles.resultsPlaceholder} aria-busy="true" />}>
        <UnitResults
          titleId="results-title"
          unitId={unitId}
          unit={unitQuery.data}
          metrics={[...selected, ...alwaysShown]}
          {...periods}
          onOpenTest={onOpenTest}
          controls={
            <MetricPicker
              selection={selection}
              available={available}
              onChange={handleSelectionChange}
            />
          }
          empty={
            <p className={styles.note}>
              <Trans>Choose the metrics to show above.</Trans>
            </p>
          }
          tiles
        />
      </RenderLater>
    </div>
  )
}
