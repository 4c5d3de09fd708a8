import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { skippedTestsQueryOptions } from '../../../api/unit-analytics.api'
import type { Period } from '../../../lib/periods'
import { QueryStatus } from '../../../offline/QueryStatus'
import { formatNumber } from '../format'
import { PERIOD_SPANS } from '../period-labels'
import { SKIP_REASON_LABELS } from '../status-labels'
import styles from '../Dashboard.module.css'

/** How many scheduled tests were skipped in the period, and the main reasons. */
export function SkippedTestsTile({ unitId, period }: { unitId: number; period: Period }) {
  const { i18n } = useLingui()
  const query = useQuery(skippedTestsQueryOptions(unitId, period))
  const span = i18n._(PERIOD_SPANS[period])
  return (
    <section className={styles.panel} aria-labelledby="skipped-tests-title">
      <h2 id="skipped-tests-title" className={styles.panelTitle}>
        <Trans>Skipped tests</Trans>
      </h2>
      <QueryStatus query={query}>
        {(data) => {
          const total = formatNumber(i18n.locale, data.meta.total)
          const reasons = new Map<string, number>()
          for (const skipped of data.data) {
            reasons.set(skipped.reason, (reasons.get(skipped.reason) ?? 0) + 1)
          }
          const top = [...reasons.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3)
          return (
            <>
              <p className={styles.bigNumber}>{total}</p>
              <p className={styles.note}>
                <Trans>
                  tests skipped {span}. Tests wait while your connection is in use, so they do not
                  slow you down.
                </Trans>
              </p>
              {top.length > 0 ? (
                <ul className={styles.list}>
                  {top.map(([reason, n]) => {
                    const descriptor = SKIP_REASON_LABELS[reason]
                    const label = descriptor === undefined ? reason : i18n._(descriptor)
                    const times = formatNumber(i18n.locale, n)
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
  )
}
