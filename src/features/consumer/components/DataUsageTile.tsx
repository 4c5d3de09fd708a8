import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { dataUsageQueryOptions } from '../../../api/unit-analytics.api'
import type { Period } from '../../../lib/periods'
import { QueryStatus } from '../../../offline/QueryStatus'
import { formatBytes } from '../format'
import { PERIOD_SPANS } from '../period-labels'
import styles from '../Dashboard.module.css'

/** Bytes the tests used in the period (they count toward a data allowance). */
export function DataUsageTile({ unitId, period }: { unitId: number; period: Period }) {
  const { i18n } = useLingui()
  const query = useQuery(dataUsageQueryOptions(unitId, period))
  const span = i18n._(PERIOD_SPANS[period])
  return (
    <section className={styles.panel} aria-labelledby="data-usage-title">
      <h2 id="data-usage-title" className={styles.panelTitle}>
        <Trans>Data used by tests</Trans>
      </h2>
      <QueryStatus query={query}>
        {(data) => {
          const used = formatBytes(i18n.locale, data.meta.totalBytes)
          return (
            <>
              <p className={styles.bigNumber}>{used}</p>
              <p className={styles.note}>
                <Trans>used by your Whitebox tests {span}.</Trans>
              </p>
            </>
          )
        }}
      </QueryStatus>
    </section>
  )
}
