import { useMemo, useState } from 'react'
import { plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { AgentRow, AgentSort } from '#contracts/unit-search.ts'
import type { PanelScope } from '../../api/units.api'
import { useDataTableText } from '../../i18n/useDataTableText'
import { numberFormat } from '../../lib/number-format'
import { unitStatusBadge } from '../../lib/unit-status'
import { useDataAge } from '../../offline/DataAge'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { Alert } from '../../ui'
import { DataTable, type DataTableColumn } from '../../ui/DataTable'
import { agentFilter, sortOfTable } from './agent-sort'
import { tableSortOf } from '../../lib/table-sort'
import { agentPagesQueryOptions, summarizeChunks } from './agents.queries'
import { EmailAddress } from './EmailAddress'
import { LastSeen } from './LastSeen'
import { formatIdNumber } from '../../lib/number-format'
import { SearchRule } from './SearchRule'
import { UnitStatus } from './UnitStatus'
import { useNow } from '../consumer/parts'
import styles from './Units.module.css'

export type AgentResultsProps = {
  panelId: PanelScope
  /** The searched term; blank lists every unit of the panel. */
  term: string
  sort: AgentSort
  onSortChange: (sort: AgentSort) => void
}

/**
 * Seeds 001 §2.4 / §4 results on the data table: agent ID, MAC address, last seen, user email,
 * ISP, package and a results link; a table on wide screens and cards on phones. Pages of 50 are
 * appended; a re-sort reloads as many pages as were shown, from page 1. States loading, loaded,
 * error (with retry).
 */
export function AgentResults({ panelId, term, sort, onSortChange }: AgentResultsProps) {
  const { i18n, t } = useLingui()
  const { labels, encodeCsv } = useDataTableText()
  // How many pages to load at once for a sort: what was shown when the user re-sorted.
  const [reload, setReload] = useState<{ sort: AgentSort; pages: number }>({ sort, pages: 1 })
  const initialPages = reload.sort === sort ? reload.pages : 1
  const query = useInfiniteQuery(
    agentPagesQueryOptions(panelId, agentFilter(term), sort, initialPages),
  )
  const { rows, total, pages } = summarizeChunks(query.data?.pages ?? [])
  const age = useDataAge(query)
  const columns = useAgentColumns({ live: !age.stale, updatedAt: age.updatedAt })

  const applySort = (next: AgentSort) => {
    if (next === sort) return
    setReload({ sort: next, pages: Math.max(1, pages) })
    onSortChange(next)
  }

  const loaded = query.data !== undefined
  const shown = numberFormat(i18n.locale).format(rows.length)
  return (
    <section
      className={styles.results}
      aria-labelledby="unit-results-title"
      aria-busy={query.isFetching}
    >
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
      <DataTable
        caption={t`Units`}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.id)}
        labels={{ ...labels, loading: t`Searching…`, errorTitle: t`The search failed` }}
        sort={tableSortOf(sort)}
        onSortChange={(next) => {
          applySort(sortOfTable(next))
        }}
        status={loaded ? 'ready' : query.status === 'error' ? 'error' : 'loading'}
        busy={query.isFetching}
        error={i18n._(queryErrorMessage(query.error))}
        onRetry={() => {
          void query.refetch()
        }}
        retrying={query.isFetching}
        summary={
          total === 0
            ? t`No units match. Check the ID, email, MAC address or serial and try again.`
            : t`Showing ${shown} of ${plural(total, { one: '# unit', other: '# units' })}`
        }
        empty={term.trim() !== '' ? <SearchRule /> : null}
        notice={
          loaded && query.isError ? (
            <Alert variant="warning" title={<Trans>More units could not be loaded</Trans>}>
              {i18n._(queryErrorMessage(query.error))}
            </Alert>
          ) : null
        }
        more={{
          hasMore: query.hasNextPage,
          loading: query.isFetchingNextPage,
          onLoadMore: () => {
            void query.fetchNextPage()
          },
          label: t`Load more units`,
          end: (
            <Plural
              value={pages}
              one="All units are shown (# page)."
              other="All units are shown (# pages)."
            />
          ),
        }}
        columnChoice
        csv={{ fileName: 'units.csv', encode: encodeCsv }}
      />
    </section>
  )
}

function ResultsLink({ unitId }: { unitId: number }) {
  const { i18n, t } = useLingui()
  const unitNumber = formatIdNumber(i18n.locale, unitId)
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

/**
 * A card's title: the link to the unit's page, stretched over the whole card (Units.module.css
 * .cardLink), so a tap anywhere on the card opens the unit and the keyboard reaches it once.
 */
function UnitTitle({ unitId }: { unitId: number }) {
  const { i18n } = useLingui()
  const unitNumber = formatIdNumber(i18n.locale, unitId)
  return (
    <Link
      to="/units/$unitId/test-results"
      params={{ unitId: String(unitId) }}
      className={styles.cardLink}
    >
      <Trans>Unit {unitNumber}</Trans>
    </Link>
  )
}

/** Whether the rows are live and when they were fetched (saved rows say "last known"). */
type RowsAge = { live: boolean; updatedAt: number }

function RowStatus({ row, age }: { row: AgentRow; age: RowsAge }) {
  const now = useNow()
  return (
    <UnitStatus
      badge={unitStatusBadge({ now, lastSeen: row.last_seen, markedOffline: false, ...age })}
    />
  )
}

/** The agents table's columns (seeds 001 §2.4), in the active locale. */
function useAgentColumns(age: RowsAge): DataTableColumn<AgentRow>[] {
  const { t } = useLingui()
  const { live, updatedAt } = age
  return useMemo(
    () => [
      {
        id: 'id',
        header: t`Agent ID`,
        cell: (row) => row.id,
        cardCell: (row) => <UnitTitle unitId={row.id} />,
        card: 'title',
        sortable: true,
        csv: (row) => row.id,
      },
      {
        id: 'status',
        header: t`Status`,
        cell: (row) => <RowStatus row={row} age={{ live, updatedAt }} />,
      },
      {
        id: 'mac',
        header: t`MAC address`,
        cell: (row) => row.mac,
        dir: 'ltr',
        sortable: true,
        csv: (row) => row.mac,
      },
      {
        id: 'last_seen',
        header: t`Last seen`,
        cell: (row) => <LastSeen value={row.last_seen} />,
        sortable: true,
        csv: (row) => row.last_seen,
      },
      {
        id: 'email',
        header: t`User email`,
        cell: (row) => row.email ?? <Missing />,
        cardCell: (row) => (row.email ? <EmailAddress email={row.email} /> : <Missing />),
        dir: 'ltr',
        sortable: true,
        csv: (row) => row.email,
      },
      {
        id: 'isp',
        header: t`ISP`,
        cell: (row) => row.isp ?? <Missing />,
        sortable: true,
        csv: (row) => row.isp,
      },
      {
        id: 'package',
        header: t`Package`,
        cell: (row) => row.package ?? <Missing />,
        sortable: true,
        csv: (row) => row.package,
      },
      {
        id: 'results',
        header: t`Results`,
        cell: (row) => <ResultsLink unitId={row.id} />,
        // On a card the whole card is the link (its title).
        card: 'none',
        hideable: false,
      },
    ],
    [t, live, updatedAt],
  )
}
