import { useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { MetricUnit } from '#contracts/metrics.ts'
import { CONSUMER_METRICS, isConsumerMetricKey } from '#contracts/metrics.ts'
import { testRunQueryOptions } from '../../api/unit-analytics.api'
import { accessibleUnitQueryOptions } from '../../api/units.api'
import { useSession } from '../../session'
import { QueryStatus } from '../../offline/QueryStatus'
import { Button, PageTitle } from '../../ui'
import { formatLongDateTime } from '../../lib/date-format'
import { metricLevel, packageSpeedFor } from '../../lib/metric-quality'
import { HelpArticleLink, LevelBadge } from './components/MetricMeaning'
import { formatBytes, formatMetricValue } from './format'
import { METRIC_MEANINGS } from './metric-meanings'
import { metricName } from './metric-names'
import { ORIGIN_LABELS, STATUS_LABELS } from './status-labels'
import styles from './Dashboard.module.css'

/** The unit a metric's values are in (the catalogue's; unknown keys are plain numbers). */
function unitOf(key: string): MetricUnit {
  return isConsumerMetricKey(key) ? CONSUMER_METRICS[key].unit : 'count'
}

type PackageSpeeds = { download_kbps: number; upload_kbps: number }

type ShareState = 'idle' | 'shared' | 'copied' | 'failed'

/**
 * Seeds 2.6 test result page: titled by the test id in the browser, its heading naming the test and
 * its time (the id shown beside it, copyable), every metric of the run with what it means and
 * whether it is good, and a share option — the Web Share API where there is one, else the link
 * copied to the clipboard.
 */
export function TestResultPage({
  unitId,
  testId,
  back,
  packageInfo: givenPackage,
}: {
  unitId: number
  testId: string
  /** A link back to the results this page was opened from. */
  back?: ReactNode
  /**
   * The unit's package when the page knows it another way (an admin reads the unit from the admin
   * API: the accessible units are the user's own). Undefined: read from the accessible unit.
   */
  packageInfo?: PackageSpeeds | null
}) {
  const { i18n, t } = useLingui()
  const query = useQuery(testRunQueryOptions(unitId, testId))
  const session = useSession()
  // The unit's package, to say whether a speed is good for it (not there for a signed-out test).
  const unitQuery = useQuery({
    ...accessibleUnitQueryOptions(session?.sub ?? '', unitId),
    enabled: session !== null && givenPackage === undefined,
  })
  const packageInfo = givenPackage === undefined ? unitQuery.data?.package : givenPackage
  const [share, setShare] = useState<ShareState>('idle')
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')

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

  const run = query.data
  const when = run ? formatLongDateTime(i18n.locale, Date.parse(run.dtime)) : null
  const heading =
    run === undefined || when === null
      ? t`Test result`
      : run.kind === 'scheduled'
        ? t`Scheduled test, ${when}`
        : t`Instant test, ${when}`

  const handleCopyId = async () => {
    try {
      await navigator.clipboard.writeText(testId)
      setCopied('copied')
    } catch {
      setCopied('failed')
    }
  }

  return (
    <div className={styles.stack}>
      {back === undefined ? null : <p className={styles.back}>{back}</p>}
      <header className={styles.header}>
        <div className={styles.headerText}>
          {/* Titled by the id in the browser (seeds 2.6); the heading names the test and its time. */}
          <PageTitle documentTitle={t`Test ${testId} – Whitebox`}>{heading}</PageTitle>
          <p className={styles.testId}>
            <span className={styles.muted}>
              <Trans>Test ID</Trans>
            </span>{' '}
            <code className={styles.ltr}>{testId}</code>{' '}
            <Button variant="text" onClick={() => void handleCopyId()}>
              <Trans>Copy ID</Trans>
            </Button>
            <span role="status" className={styles.note}>
              {copied === 'copied' ? <Trans>Test ID copied</Trans> : null}
              {copied === 'failed' ? <Trans>The test ID could not be copied.</Trans> : null}
            </span>
          </p>
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
            i18n,
            run.results.reduce((sum, r) => sum + r.bytes, 0),
          )
          return (
            <>
              <p className={styles.note}>
                {origin ? i18n._(origin) : run.kind} · <Trans>{bytes} used</Trans>
              </p>
              <ul className={styles.runResults} aria-label={t`Results of this test`}>
                {run.results.map((result) => (
                  <RunResult
                    key={result.metricKey}
                    result={result}
                    packageInfo={packageInfo}
                    packageOf={givenPackage === undefined ? 'yours' : 'unit'}
                  />
                ))}
              </ul>
            </>
          )
        }}
      </QueryStatus>
    </div>
  )
}

type RunResultRow = {
  metricKey: string
  metricValue: number | null
  status: string
}

/** One metric of the run: its name, value, what it means and whether the value is good. */
function RunResult({
  result,
  packageInfo,
  packageOf,
}: {
  result: RunResultRow
  packageInfo: PackageSpeeds | null | undefined
  packageOf: 'yours' | 'unit'
}) {
  const { i18n } = useLingui()
  const key = result.metricKey
  const known = isConsumerMetricKey(key) ? key : null
  const status = STATUS_LABELS[result.status]
  const ok = result.status === 'OK' && result.metricValue !== null
  const value = ok
    ? formatMetricValue(i18n, result.metricValue ?? 0, unitOf(key))
    : status
      ? i18n._(status)
      : result.status
  const packageMbps = known ? packageSpeedFor(known, packageInfo) : null
  const level = known && ok ? metricLevel(known, result.metricValue, packageMbps) : null
  const name = metricName(i18n, key)
  return (
    <li className={styles.runResult}>
      <div className={styles.runResultHead}>
        <span className={styles.runResultName}>{name}</span>
        <span className={styles.runResultValue}>{value}</span>
      </div>
      {known ? <p className={styles.meaning}>{i18n._(METRIC_MEANINGS[known])}</p> : null}
      {level !== null ? (
        <LevelBadge level={level} packageMbps={packageMbps} packageOf={packageOf} />
      ) : null}
      {known ? <HelpArticleLink metric={known} name={name} /> : null}
    </li>
  )
}
