import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { dataUsageQueryOptions } from '../../../api/unit-analytics.api'
import type { Period } from '../../../lib/periods'
import { usageContext } from '../../../lib/usage-context'
import { QueryStatus } from '../../../offline/QueryStatus'
import { formatBytes } from '../format'
import { PERIOD_SPANS } from '../period-labels'
import styles from '../Dashboard.module.css'

const DAY_MS = 24 * 3600 * 1000

/**
 * Bytes the tests used in the period (they count toward a data allowance), in context: per day,
 * against the unit's own typical day over the last month.
 */
export function DataUsageTile({ unitId, period }: { unitId: number; period: Period }) {
  const { i18n, t } = useLingui()
  const query = useQuery(dataUsageQueryOptions(unitId, period))
  // The reference: the last month's days (the same query when the period is the month).
  const reference = useQuery(dataUsageQueryOptions(unitId, 'month'))
  const span = i18n._(PERIOD_SPANS[period])
  return (
    <section className={styles.panel} aria-labelledby="data-usage-title">
      <h2 id="data-usage-title" className={styles.panelTitle}>
        <Trans>Data used by tests</Trans>
      </h2>
      <QueryStatus query={query}>
        {(data) => {
          const used = formatBytes(i18n, data.meta.totalBytes)
          const days = Math.max(1, Math.round((data.range.to - data.range.from) / DAY_MS))
          const context = usageContext(
            data.meta.totalBytes,
            days,
            reference.data ? reference.data.data.map((day) => day.bytes) : null,
          )
          const perDay = formatBytes(i18n, context.perDayBytes)
          const typical =
            context.typicalDayBytes === null ? null : formatBytes(i18n, context.typicalDayBytes)
          let comparison: string | null = null
          if (typical !== null && days > 1) {
            comparison =
              context.comparison === 'more'
                ? t`More than usual: a typical day uses ${typical}.`
                : context.comparison === 'less'
                  ? t`Less than usual: a typical day uses ${typical}.`
                  : t`About usual for your Whitebox (a typical day uses ${typical}).`
          }
          return (
            <>
              <p className={styles.bigNumber}>{used}</p>
              <p className={styles.note}>
                <Trans>used by your Whitebox tests {span}.</Trans>
              </p>
              {days > 1 ? (
                <p className={styles.note}>
                  <Trans>About {perDay} a day.</Trans>
                  {comparison === null ? null : <> {comparison}</>}
                </p>
              ) : null}
            </>
          )
        }}
      </QueryStatus>
    </section>
  )
}
