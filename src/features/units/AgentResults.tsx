import { useState } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { AgentRow, AgentSort } from '#contracts/unit-search.ts'
import type { PanelScope } from '../../api/units.api'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { Alert, Button, Spinner } from '../../ui'
import { agentFilter, nextSort, sortDirection, type AgentSortField } from './agent-sort'
import { agentPagesQueryOptions, summarizeChunks } from './agents.queries'
import { EmailAddress } from './EmailAddress'
import { LastSeen } from './LastSeen'
import { formatUnitNumber } from './unit-number'
import { SearchRule } from './SearchRule'
import styles from './Units.module.css'
import { numberFormat } from '../../lib/number-format'

const COLUMNS: { field: AgentSortField; label: MessageDescriptor }[] = [
  { field: 'id', label: msg`Agent ID` },
  { field: 'mac', label: msg`MAC address` },
  { field: 'last_seen', label: msg`Last seen` },
  { field: 'email', label: msg`User email` },
  { field: 'isp', label: msg`ISP` },
  { field: 'package', label: msg`Package` },
]

export type AgentResultsProps = {
  panelId: PanelScope
  /** The searched term; blank lists every unit of the panel. */
  term: string
  sort: AgentSort
  onSortChange: (sort: AgentSort) => void
}

/**
 * Seeds 001 §2.4 / §4 results: agent ID, MAC address, last seen, user email, ISP, package and a
 * results link; a table on wide screens and cards on phones. Pages of 50 are appended; a re-sort
 * reloads as many pages as were shown, from page 1. States loading, loaded, error (with retry).
 */
export function AgentResults({ panelId, term, sort, onSortChange }: AgentResultsProps) {
  const { i18n, t } = useLingui()
  // How many pages to load at once for a sort: what was shown when the user re-sorted.
  const [reload, setReload] = useState<{ sort: AgentSort; pages: number }>({ sort, pages: 1 })
  const initialPages = reload.sort === sort ? reload.pages : 1
  const query = useInfiniteQuery(
    agentPagesQueryOptions(panelId, agentFilter(term), sort, initialPages),
  )
  const { rows, total, pages } = summarizeChunks(query.data?.pages ?? [])

  const applySort = (next: AgentSort) => {
    if (next === sort) return
    setReload({ sort: next, pages: Math.max(1, pages) })
    onSortChange(next)
  }
  const handleHeaderSort = (field: AgentSortField) => {
    applySort(nextSort(sort, field))
  }

  if (query.data === undefined) {
    if (query.status === 'error') {
      return (
        <div className={styles.state}>
          <Alert variant="error" title={<Trans>The search failed</Trans>}>
            {i18n._(queryErrorMessage(query.error))}
          </Alert>
          <Button
            variant="secondary"
            loading={query.isFetching}
            onClick={() => {
              void query.refetch()
            }}
          >
            <Trans>Retry</Trans>
          </Button>
        </div>
      )
    }
    return (
      <div className={styles.state}>
        <Spinner label={t`Searching…`} />
      </div>
    )
  }

  const shown = numberFormat(i18n.locale).format(rows.length)
  return (
    <section
      className={styles.results}
      aria-labelledby="unit-results-title"
      aria-busy={query.isFetching}
    >
      <div className={styles.resultsHeader}>
        <h2 id="unit-results-title" className={styles.sectionTitle}>
          {term.trim() === '' ? (
            panelId === 'all' ? (
              <Trans>All units</Trans>
            ) : (
              <Trans>Units on this panel</Trans>
            )
          ) : (
            <Trans>Results for “{term}”</Trans>
          )}
        </h2>
        {total > 0 ? <SortSelect sort={sort} onSort={applySort} /> : null}
      </div>
      <p className={styles.count} aria-live="polite" aria-atomic="true">
        {total === 0 ? (
          <Trans>No units match. Check the ID, email, MAC address or serial and try again.</Trans>
        ) : (
          t`Showing ${shown} of ${plural(total, { one: '# unit', other: '# units' })}`
        )}
      </p>
      {total === 0 && term.trim() !== '' ? <SearchRule /> : null}
      {query.isError ? (
        <Alert variant="warning" title={<Trans>More units could not be loaded</Trans>}>
          {i18n._(queryErrorMessage(query.error))}
        </Alert>
      ) : null}
      {rows.length > 0 ? (
        <>
          <AgentTable rows={rows} sort={sort} onSort={handleHeaderSort} />
          <ul className={styles.cards}>
            {rows.map((row) => (
              <li key={row.id}>
                <AgentCard row={row} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          loading={query.isFetchingNextPage}
          onClick={() => {
            void query.fetchNextPage()
          }}
        >
          <Trans>Load more units</Trans>
        </Button>
      ) : rows.length > 0 ? (
        <p className={styles.muted}>
          <Plural
            value={pages}
            one="All units are shown (# page)."
            other="All units are shown (# pages)."
          />
        </p>
      ) : null}
    </section>
  )
}

function ResultsLink({ unitId }: { unitId: number }) {
  const { i18n, t } = useLingui()
  const unitNumber = formatUnitNumber(i18n.locale, unitId)
  return (
    <Link
      to="/units/$unitId/test-results"
      params={{ unitId: String(unitId) }}
      className={styles.resultsLink}
      aria-label={t`Results of unit ${unitNumber}`}
    >
      <Trans>Results</Trans>
    </Link>
  )
}

function Missing() {
  return (
    <span className={styles.muted}>
      <Trans>None</Trans>
    </span>
  )
}

function AgentTable({
  rows,
  sort,
  onSort,
}: {
  rows: readonly AgentRow[]
  sort: AgentSort
  onSort: (field: AgentSortField) => void
}) {
  const { i18n } = useLingui()
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            {COLUMNS.map(({ field, label }) => (
              <th key={field} scope="col" aria-sort={sortDirection(sort, field)}>
                <button
                  type="button"
                  className={styles.sortButton}
                  onClick={() => {
                    onSort(field)
                  }}
                >
                  {i18n._(label)}
                  <SortMark direction={sortDirection(sort, field)} />
                </button>
              </th>
            ))}
            <th scope="col">
              <Trans>Results</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.id}</td>
              <td className={styles.ltr}>{row.mac}</td>
              <td>
                <LastSeen value={row.last_seen} />
              </td>
              <td className={styles.ltr}>{row.email ?? <Missing />}</td>
              <td>{row.isp ?? <Missing />}</td>
              <td>{row.package ?? <Missing />}</td>
              <td>
                <ResultsLink unitId={row.id} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function SortMark({ direction }: { direction: 'ascending' | 'descending' | 'none' }) {
  const symbol = direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'
  return (
    <span aria-hidden="true" className={styles.sortMark}>
      {symbol}
    </span>
  )
}

function AgentCard({ row }: { row: AgentRow }) {
  const { i18n } = useLingui()
  const unitNumber = formatUnitNumber(i18n.locale, row.id)
  return (
    <article className={styles.card} aria-labelledby={`agent-${row.id}`}>
      <h3 id={`agent-${row.id}`} className={styles.cardTitle}>
        <Trans>Unit {unitNumber}</Trans>
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>
            <Trans>MAC address</Trans>
          </dt>
          <dd className={styles.ltr}>{row.mac}</dd>
        </div>
        <div>
          <dt>
            <Trans>Last seen</Trans>
          </dt>
          <dd>
            <LastSeen value={row.last_seen} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>User email</Trans>
          </dt>
          <dd>{row.email ? <EmailAddress email={row.email} /> : <Missing />}</dd>
        </div>
        <div>
          <dt>
            <Trans>ISP</Trans>
          </dt>
          <dd>{row.isp ?? <Missing />}</dd>
        </div>
        <div>
          <dt>
            <Trans>Package</Trans>
          </dt>
          <dd>{row.package ?? <Missing />}</dd>
        </div>
      </dl>
      <ResultsLink unitId={row.id} />
    </article>
  )
}

/** The phones' sort control (the table's headers are not shown there): every column both ways. */
function SortSelect({ sort, onSort }: { sort: AgentSort; onSort: (sort: AgentSort) => void }) {
  const { i18n, t } = useLingui()
  return (
    <label className={styles.sortSelect}>
      <span>
        <Trans>Sort by</Trans>
      </span>
      <select
        value={sort}
        onChange={(event) => {
          const next = COLUMNS.flatMap(({ field }) => [field, `-${field}` as const]).find(
            (value) => value === event.target.value,
          )
          if (next !== undefined) onSort(next)
        }}
      >
        {COLUMNS.map(({ field, label }) => {
          const column = i18n._(label)
          return [
            <option key={field} value={field}>
              {t`${column}, ascending`}
            </option>,
            <option key={`-${field}`} value={`-${field}`}>
              {t`${column}, descending`}
            </option>,
          ]
        })}
      </select>
    </label>
  )
}
