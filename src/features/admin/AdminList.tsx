import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Pagination } from '#contracts/pagination.ts'
import { useDataTableText } from '../../i18n/useDataTableText'
import { sortTermOf, tableSortOf } from '../../lib/table-sort'
import { useOnline } from '../../offline/online-state'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { Alert, Button, PageTitle } from '../../ui'
import { DataTable, type DataTableColumn, type DataTableSort } from '../../ui/DataTable'
import { SearchForm } from '../../ui/SearchForm'
import { useSearchForm, type SearchForm as SearchFormModel } from '../../ui/useSearchForm'
import { submittedQuery } from '../../ui/search-form-state'
import { listStatus } from './shared'
import styles from './Admin.module.css'

/** A paged admin list's state: its search form, its sort and its page (seeds 001 §4, §9). */
export type AdminListState = {
  form: SearchFormModel
  sort: DataTableSort | null
  /** The sort as the server takes it ("-email"); the list's default when the reader has none. */
  sortText: string
  page: number
  setSort: (sort: DataTableSort | null) => void
  setPage: (page: number) => void
}

/**
 * The state of a paged admin list that starts sorted by `defaultSort` (the server's sort text):
 * the page builds its query from `form.query`, `sortText` and `page`, and gives both to AdminList.
 */
export function useAdminList(defaultSort: string): AdminListState {
  const searchForm = useSearchForm()
  const [sort, setSort] = useState<DataTableSort | null>(() => tableSortOf(defaultSort))
  const [page, setPage] = useState(1)
  // Seeds 001 §4: a submitted search goes back to page 1 (the form itself goes loading), in the
  // same update as the new query, so no page ≥ 2 of the new search is ever asked.
  const form: SearchFormModel = {
    ...searchForm,
    submit: () => {
      if (submittedQuery(searchForm.value, true) !== null) setPage(1)
      searchForm.submit()
    },
  }
  return { form, sort, sortText: sortTermOf(sort, defaultSort), page, setSort, setPage }
}

/** What AdminList reads of a paged list query (a react-query result of `{ data, meta }`). */
export type AdminListQuery<Row> = {
  data: { data: readonly Row[]; meta: { pagination: Pagination } } | undefined
  isError: boolean
  error: unknown
  isFetching: boolean
  refetch: () => Promise<unknown>
}

export type AdminListProps<Row> = {
  list: AdminListState
  query: AdminListQuery<Row>
  /** The page heading and document title; none when the list sits inside another page. */
  title?: string
  /** Shown under the heading, above the search (the page's own actions). */
  actions?: ReactNode
  /** Shown in place of the search and the list (the whole list is refused, e.g. §6 migrated). */
  instead?: ReactNode
  searchLabel: string
  searchHint?: ReactNode
  /** The "show all" button's text, shown while a search is in force. */
  showAll: ReactNode
  /**
   * The search cannot be asked as typed: this is said in an error alert, the list shows no rows
   * and the search form fails (the page keeps its query disabled meanwhile).
   */
  refusal?: ReactNode
  /** The table's caption (hidden: the heading says it). */
  caption: string
  columns: readonly DataTableColumn<Row>[]
  /** The contract's sort fields: only these columns are sortable. Without it, each column says. */
  sortFields?: readonly string[]
  rowKey: (row: Row) => string
  /** The count line under the table, e.g. `<Plural value={total} one="# user" … />`. */
  summary: (total: number) => ReactNode
  /** What an empty list says: after a search, and with no search. */
  empty: { search: ReactNode; none: ReactNode }
  /** The failure's message; by default what the query's error means. */
  error?: string
  csvFileName: string
  onColumnChoiceChange?: (hidden: string[]) => void
  /** After the table (forms of the page's own). */
  children?: ReactNode
}

/**
 * Seeds 001 §4, §9 (issue 25): one admin list page — its heading, the search form (an empty
 * query does nothing; "show all" clears it), the offline notice, and the data table of a paged
 * query (a new sort goes back to page 1; count, empty, error with retry, paging, columns, CSV).
 * A list page is its columns, its query and its own extras.
 */
export function AdminList<Row>(props: AdminListProps<Row>) {
  const { list, query, refusal, sortFields, columns } = props
  const { form, setPage, setSort } = list
  const { t, i18n } = useLingui()
  const online = useOnline()
  const { labels, encodeCsv } = useDataTableText()
  const refused = refusal !== undefined

  // Seeds 001 §4: the search form's state follows its request (loading → loaded or failed).
  const { status: formStatus, loaded, failed } = form
  useEffect(() => {
    if (formStatus !== 'loading' || query.isFetching) return
    if (query.isError || refused) failed()
    else loaded()
  }, [formStatus, query.isFetching, query.isError, refused, loaded, failed])

  const shownColumns = useMemo(() => {
    if (sortFields === undefined) return columns
    const sortable = new Set(sortFields)
    return columns.map((column) => ({ ...column, sortable: sortable.has(column.id) }))
  }, [columns, sortFields])

  const pagination = query.data?.meta.pagination
  const status = refused ? 'ready' : listStatus(query, online)

  const body = (
    <>
      <SearchForm
        form={form}
        label={props.searchLabel}
        submitLabel={t`Search`}
        hint={props.searchHint}
      />
      {form.query !== '' ? (
        <div className={styles.row}>
          <Button
            variant="text"
            onClick={() => {
              form.clear()
              setPage(1)
            }}
          >
            {props.showAll}
          </Button>
        </div>
      ) : null}
      {refused ? <Alert variant="error">{refusal}</Alert> : null}
      {!online && query.data !== undefined ? (
        <Alert variant="info">
          <Trans>You are offline: this is the list as last loaded.</Trans>
        </Alert>
      ) : null}
      <DataTable
        caption={props.caption}
        captionHidden
        columns={shownColumns}
        rows={refused ? [] : (query.data?.data ?? [])}
        rowKey={props.rowKey}
        labels={labels}
        sort={list.sort}
        onSortChange={(next) => {
          setSort(next)
          setPage(1)
        }}
        status={status}
        busy={query.isFetching}
        summary={status === 'ready' && !refused ? props.summary(pagination?.total ?? 0) : undefined}
        empty={
          <p className={styles.muted}>
            {form.query !== '' ? props.empty.search : props.empty.none}
          </p>
        }
        error={props.error ?? i18n._(queryErrorMessage(query.error))}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        pages={
          pagination && pagination.total_pages > 1
            ? {
                page: pagination.current_page,
                pageCount: pagination.total_pages,
                onPageChange: setPage,
              }
            : undefined
        }
        columnChoice
        onColumnChoiceChange={props.onColumnChoiceChange}
        csv={{ fileName: props.csvFileName, encode: encodeCsv }}
      />
      {props.children}
    </>
  )

  return (
    <>
      {props.title !== undefined ? (
        <PageTitle documentTitle={props.title}>{props.title}</PageTitle>
      ) : null}
      {props.actions}
      {props.instead ?? body}
    </>
  )
}
