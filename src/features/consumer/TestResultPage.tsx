import { useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { MetricUnit } from '#contracts/metrics.ts'
import { CONSUMER_METRICS, isConsumerMetricKey } from '#contracts/metrics.ts'
import { testRunQueryOptions } from '../../api/unit-analytics.api'
import { QueryStatus } from '../../offline/QueryStatus'
import { Button, PageTitle } from '../../ui'
import { formatBytes, formatMetricValue } from './format'
import { metricName } from './metric-names'
import { ORIGIN_LABELS, STATUS_LABELS } from './status-labels'
import styles from './Dashboard.module.css'

/** The unit a metric's values are in (the catalogue's; unknown keys are plain numbers). */
function unitOf(key: string): MetricUnit {
  return isConsumerMetricKey(key) ? CONSUMER_METRICS[key].unit : 'count'
}

type ShareState = 'idle' | 'shared' | 'copied' | 'failed'

/**
 * Seeds 2.6 test result page: titled by the test id, every metric of the run, and a share option —
 * the Web Share API where there is one, else the link copied to the clipboard.
 */
export function TestResultPage({
  unitId,
  testId,
  back,
}: {
  unitId: number
  testId: string
  /** A link back to the results this page was opened from. */
  back?: ReactNode
}) {
  const { i18n, t } = useLingui()
  const query = useQuery(testRunQueryOptions(unitId, testId))
  const [share, setShare] = useState<ShareState>('idle')

  const handleShare = async () => {
    const url = window.location.href
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title: testId, url })
        setShare('shared')
        return
      }
      await navigator.clipboard.writeText(url)
      setShare('copied')
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return
      setShare('failed')
    }
  }

  return (
    <div className={styles.stack}>
      {back === undefined ? null : <p className={styles.back}>{back}</p>}
      <header className={styles.header}>
        <div className={styles.headerText}>
          <PageTitle documentTitle={t`Test ${testId} – Whitebox`}>
            <span className={styles.ltr}>{testId}</span>
          </PageTitle>
          {query.data ? (
            <p className={styles.muted}>
              {new Intl.DateTimeFormat(i18n.locale, {
                dateStyle: 'full',
                timeStyle: 'short',
              }).format(Date.parse(query.data.dtime))}
            </p>
          ) : null}
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void handleShare()}>
            <Trans>Share</Trans>
          </Button>
          <p role="status" className={styles.note}>
            {share === 'copied' ? <Trans>Link copied</Trans> : null}
            {share === 'failed' ? <Trans>The link could not be shared or copied.</Trans> : null}
          </p>
        </div>
      </header>
      <QueryStatus query={query}>
        {(run) => {
          const origin = ORIGIN_LABELS[run.kind === 'scheduled' ? run.origin : run.kind]
          const bytes = formatBytes(
            i18n.locale,
            run.results.reduce((sum, r) => sum + r.bytes, 0),
          )
          return (
            <>
              <p className={styles.note}>
                {origin ? i18n._(origin) : run.kind} · <Trans>{bytes} used</Trans>
              </p>
              <table className={styles.table}>
                <caption className="wb-visually-hidden">
                  <Trans>Results of this test</Trans>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Metric</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Result</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {run.results.map((result) => {
                    const status = STATUS_LABELS[result.status]
                    const value =
                      result.status === 'OK' && result.metricValue !== null
                        ? formatMetricValue(i18n, result.metricValue, unitOf(result.metricKey))
                        : status
                          ? i18n._(status)
                          : result.status
                    return (
                      <tr key={result.metricKey}>
                        <th scope="row">{metricName(i18n, result.metricKey)}</th>
                        <td>{value}</td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </>
          )
        }}
      </QueryStatus>
    </div>
  )
}
