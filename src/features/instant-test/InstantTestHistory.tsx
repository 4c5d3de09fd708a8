import { useId, useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { InstantTestHistoryResponse, InstantTestRun } from '#contracts/instant-test.ts'
import { instantTestHistoryQueryOptions } from '../../api/instant-test.api'
import { instantTestCodeMessage } from '../../lib/instant-test-codes'
import { QueryStatus } from '../../offline/QueryStatus'
import { Button } from '../../ui'
import { ResultLink } from './ResultLink'
import { formatMeasurement, metricDisplay, sortResults } from './result-format'
import styles from './InstantTestHistory.module.css'

/** Props of the instant-test history list. */
export type InstantTestHistoryProps = {
  unitId: number
  /** Whose words explain a failed test (seeds 8.4); the RealSpeed tab is the consumer's. */
  wording?: 'consumer' | 'engineer'
  /** The id of the page's heading that names this list (then it has no title of its own). */
  labelledBy?: string
  /** A finished test's link to its result page (the admin unit page's, titled by the test id). */
  resultLink?: (testId: string) => ReactNode
  /** What an empty list says, when not the consumer's words. */
  empty?: ReactNode
}

const PER_PAGE = 10

/** The unit's instant tests (RealSpeed tab), newest first, kept on the device for offline use. */
export function InstantTestHistory({
  unitId,
  wording = 'consumer',
  labelledBy,
  resultLink,
  empty,
}: InstantTestHistoryProps) {
  const ownTitleId = useId()
  const titleId = labelledBy ?? ownTitleId
  const [page, setPage] = useState(1)
  const query = useQuery({
    ...instantTestHistoryQueryOptions(unitId, page, PER_PAGE),
    placeholderData: keepPreviousData,
  })

  return (
    <section className={styles.history} aria-labelledby={titleId}>
      {labelledBy ? null : (
        <h2 id={titleId} className={styles.title}>
          <Trans>Your instant tests</Trans>
        </h2>
      )}
      <QueryStatus
        query={query}
        isEmpty={(data) => data.data.length === 0}
        empty={
          <p className={styles.empty}>
            {empty ?? <Trans>No instant tests yet. Run one to see your speeds right now.</Trans>}
          </p>
        }
      >
        {(data) => (
          <HistoryPage
            data={data}
            unitId={unitId}
            wording={wording}
            onPage={setPage}
            resultLink={resultLink}
          />
        )}
      </QueryStatus>
    </section>
  )
}

function HistoryPage({
  data,
  unitId,
  wording,
  onPage,
  resultLink,
}: {
  data: InstantTestHistoryResponse
  unitId: number
  wording: 'consumer' | 'engineer'
  onPage: (page: number) => void
  resultLink: InstantTestHistoryProps['resultLink']
}) {
  const { t } = useLingui()
  const { current_page: current, total_pages: total } = data.meta.pagination
  return (
    <>
      <ol className={styles.list}>
        {data.data.map((run) => (
          <HistoryItem
            key={run.testId}
            run={run}
            unitId={unitId}
            wording={wording}
            resultLink={resultLink}
          />
        ))}
      </ol>
      {total > 1 ? (
        <nav className={styles.pager} aria-label={t`Pages of instant tests`}>
          <Button
            variant="secondary"
            disabled={current <= 1}
            onClick={() => {
              onPage(current - 1)
            }}
          >
            <Trans>Newer</Trans>
          </Button>
          <span>
            <Trans>
              Page {current} of {total}
            </Trans>
          </span>
          <Button
            variant="secondary"
            disabled={current >= total}
            onClick={() => {
              onPage(current + 1)
            }}
          >
            <Trans>Older</Trans>
          </Button>
        </nav>
      ) : null}
    </>
  )
}

function HistoryItem({
  run,
  unitId,
  wording,
  resultLink,
}: {
  run: InstantTestRun
  unitId: number
  wording: 'consumer' | 'engineer'
  resultLink: InstantTestHistoryProps['resultLink']
}) {
  const { i18n } = useLingui()
  const when = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(run.startedAt))
  return (
    <li className={styles.item}>
      <p className={styles.when}>
        <time dateTime={run.startedAt}>{when}</time>
      </p>
      {run.status === 'running' ? (
        <p className={styles.note}>
          <Trans>Running…</Trans>
        </p>
      ) : run.status === 'failed' ? (
        <p className={styles.note}>
          {i18n._(instantTestCodeMessage(run.code ?? 'UNKNOWN', wording).title)}
        </p>
      ) : (
        <>
          <dl className={styles.values}>
            {sortResults(run.results).map(({ metricKey, metricValue }) => {
              const { label, unit } = metricDisplay(metricKey)
              return (
                <div key={metricKey} className={styles.value}>
                  <dt>{typeof label === 'string' ? label : i18n._(label)}</dt>
                  <dd>
                    <bdi>{formatMeasurement(metricValue, unit, i18n.locale)}</bdi>
                  </dd>
                </div>
              )
            })}
          </dl>
          {resultLink ? (
            resultLink(run.testId)
          ) : wording === 'consumer' ? (
            <ResultLink testId={run.testId} unitId={unitId} />
          ) : null}
        </>
      )}
    </li>
  )
}
