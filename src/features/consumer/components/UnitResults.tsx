import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'
import type { AccessibleUnit } from '#contracts/units.ts'
import { PERIODS, type DisconnectionPeriod, type Period } from '../../../lib/periods'
import { isValidTimeZone } from '../time-zone'
import { DataUsageTile } from './DataUsageTile'
import { DeviceLimitsCard } from './DeviceLimitsCard'
import { DisconnectionChart } from './DisconnectionChart'
import { MetricChart } from './MetricChart'
import { PeriodToolbar } from './PeriodToolbar'
import { SkippedTestsTile } from './SkippedTestsTile'
import styles from '../Dashboard.module.css'

/** The periods of a unit's results and their changes (the pages keep them in the URL). */
export type UnitResultsPeriods = {
  period: Period
  disconnectionPeriod: DisconnectionPeriod
  onPeriodChange: (period: Period) => void
  onDisconnectionPeriodChange: (period: DisconnectionPeriod) => void
}

export type UnitResultsProps = UnitResultsPeriods & {
  unitId: number
  /** The unit with its package and location, when loaded. */
  unit: AccessibleUnit | undefined
  /** The metrics to chart, in order. */
  metrics: readonly ConsumerMetricKey[]
  /** Id of the "Test results" title (the section is labelled by it). */
  titleId: string
  /** Between the title bar and the charts: the metric choice. */
  controls?: ReactNode
  /** Shown instead of the charts when there is no metric to chart; without it, an empty grid. */
  empty?: ReactNode
  /** The tiles under the charts: skipped tests, bytes used by tests and mobile device limits. */
  tiles?: boolean
  onOpenTest?: (testId: string) => void
  /** Layout of the chart grid and of the tiles, when the page sets its own. */
  classNames?: { grid?: string; tiles?: string }
  /** Who looks: the unit's owner ("Your package") or an engineer ("Customer's package"). */
  viewer?: 'owner' | 'engineer'
}

/**
 * Seeds 2.6 results of a unit, as the consumer dashboard and the unit pages show them: a chart per
 * metric for a period, the disconnection chart with its own periods, then (optionally) the tiles.
 */
export function UnitResults({
  unitId,
  unit,
  metrics,
  titleId,
  controls,
  empty,
  tiles = false,
  onOpenTest,
  classNames,
  viewer = 'owner',
  period,
  disconnectionPeriod,
  onPeriodChange,
  onDisconnectionPeriodChange,
}: UnitResultsProps) {
  const { t } = useLingui()
  const timeZone = unit?.location?.timezone
  return (
    <>
      <section className={styles.section} aria-labelledby={titleId}>
        <PeriodToolbar
          titleId={titleId}
          title={<Trans>Test results</Trans>}
          legend={t`Period of the test results`}
          periods={PERIODS}
          value={period}
          onChange={onPeriodChange}
        />
        {controls}
        {metrics.length === 0 && empty !== undefined ? (
          empty
        ) : (
          <div className={classNames?.grid ?? styles.grid}>
            {metrics.map((metric, index) => (
              <MetricChart
                eager={index === 0}
                key={metric}
                unitId={unitId}
                metric={metric}
                period={period}
                unit={unit}
                onOpenTest={onOpenTest}
                viewer={viewer}
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
      {tiles ? (
        <div className={classNames?.tiles ?? styles.tiles}>
          <SkippedTestsTile unitId={unitId} period={period} />
          <DataUsageTile unitId={unitId} period={period} />
          <DeviceLimitsCard />
        </div>
      ) : null}
    </>
  )
}
