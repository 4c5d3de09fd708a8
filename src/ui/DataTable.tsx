import { useId, useMemo, useState, type ReactNode } from 'react'
import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type Row as TableRow,
  type SortingFn,
  type SortingState,
  type Updater,
  type VisibilityState,
} from '@tanstack/react-table'
import { Alert } from './Alert'
import { Button } from './Button'
import { cardClassName } from './Card'
import { Spinner } from './Spinner'
import { downloadTextFile } from './download-file'
import styles from './DataTable.module.css'

/**
 * The one data table (issue 21 §2) on TanStack Table (headless): sortable headers (ascending,
 * descending, none), page sizes, "load more" or numbered pages, column choice, cards on phones
 * (under 768 px), loading / empty / error / offline states, CSV of the rows shown. It knows no
 * product: strings come translated in `labels` and the columns, the CSV encoding in `csv`.
 *
 * Import it from 'ui/DataTable', not from the ui barrel: the table library stays out of the
 * chunk every page loads.
 */

/** A CSV cell as the column gives it (the caller's `csv.encode` neutralises and quotes). */
export type DataTableCsvCell = string | number | null

/** One column: what a cell shows, how it sorts, how it reads on a card and in CSV. */
export type DataTableColumn<Row> = {
  /** Stable id; also the sort key sent to the server (`id` / `-id`). */
  id: string
  /** The translated header (also the card's label and the CSV header). */
  header: string
  cell: (row: Row) => ReactNode
  /** The cell on a phone card, when it differs (default `cell`). */
  cardCell?: (row: Row) => ReactNode
  /** Where on a card: a labelled fact (default), the card's title, its footer, or not shown. */
  card?: 'fact' | 'title' | 'footer' | 'none'
  /** The header sorts the list. */
  sortable?: boolean
  /** The value the table sorts by itself (when the list is not sorted by the server). */
  sortValue?: (row: Row) => string | number | null
  /** The CSV value; a column without one is left out of the CSV. */
  csv?: (row: Row) => DataTableCsvCell
  /** Text that reads left to right inside right-to-left text (MACs, emails, serials). */
  dir?: 'ltr'
  align?: 'start' | 'end'
  /** The reader may hide it (default true, but never the title column). */
  hideable?: boolean
  hiddenByDefault?: boolean
}

/** The order shown: a column and its direction; null is "none" (the list's default order). */
export type DataTableSort = { id: string; desc: boolean }

/** The table's own words, translated by the caller (ui/ has no catalog). */
export type DataTableLabels = {
  /** The phones' sort control ("Sort by") and its options. */
  sortBy: string
  sortNone: string
  sortAscending: (column: string) => string
  sortDescending: (column: string) => string
  columns: string
  downloadCsv: string
  loading: string
  empty: string
  errorTitle: string
  retry: string
  offline: string
  pageSize: string
  pagination: string
  previousPage: string
  nextPage: string
  pageOf: (page: number, pageCount: number) => string
}

export type DataTableProps<Row> = {
  /** The table's name (its caption), also read before the cards. */
  caption: string
  /** The caption is read by screen readers only (a heading above says the same). */
  captionHidden?: boolean
  columns: readonly DataTableColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
  labels: DataTableLabels
  /**
   * The order shown. With `onSortChange` the caller sorts (the server, by `id` or `-id`) and
   * `rows` come in that order; without it the table sorts `rows` itself by `sortValue`.
   */
  sort?: DataTableSort | null
  onSortChange?: (sort: DataTableSort | null) => void
  /** The list as a whole: loading its first rows, failed, offline, or ready. */
  status?: 'loading' | 'error' | 'offline' | 'ready'
  /** A request is running (rows are being replaced or appended). */
  busy?: boolean
  /** The count of results, announced politely when it changes ("Showing 50 of 60 units"). */
  summary?: ReactNode
  /** What an empty list says (default `labels.empty`; null: nothing beyond the summary). */
  empty?: ReactNode
  /** The error state's message, and its retry. */
  error?: ReactNode
  onRetry?: () => void
  retrying?: boolean
  /** A notice above the rows that keeps them (e.g. more rows could not be loaded). */
  notice?: ReactNode
  /** "Load more": appends the next page (unit search). */
  more?: {
    hasMore: boolean
    loading: boolean
    onLoadMore: () => void
    label: string
    /** Said when every row is shown. */
    end?: ReactNode
  }
  /** Numbered pages: one page shown at a time. */
  pages?: { page: number; pageCount: number; onPageChange: (page: number) => void }
  /** The rows-per-page choice (the seeds' sizes, contracts/pagination.ts). */
  pageSize?: { value: number; options: readonly number[]; onChange: (size: number) => void }
  /** Offer the reader a choice of columns. */
  columnChoice?: boolean
  /** Told the hidden columns' ids when the reader changes the choice (to keep it on the device). */
  onColumnChoiceChange?: (hidden: string[]) => void
  /** Offer a CSV of the rows shown, in the visible columns that have a `csv` value. */
  csv?: { fileName: string; encode: (rows: DataTableCsvCell[][]) => string }
  /** The cards' heading level (default 3, under the list's h2). */
  cardHeadingLevel?: 2 | 3 | 4
}

type Meta<Row> = { column: DataTableColumn<Row> }

/** Nulls last either way; numbers by value; text by the reader's collation. */
const compareValues: SortingFn<unknown> = (a, b, columnId) => {
  const x = a.getValue<string | number | null>(columnId)
  const y = b.getValue<string | number | null>(columnId)
  if (x === y) return 0
  if (x === null) return 1
  if (y === null) return -1
  if (typeof x === 'number' && typeof y === 'number') return x - y
  return String(x).localeCompare(String(y))
}

const sortText = (sort: DataTableSort) => (sort.desc ? `-${sort.id}` : sort.id)

/** A data table with phone cards; see the module comment. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, labels, sort = null, onSortChange, status = 'ready' } = props
  const captionId = useId()
  const cardPrefix = useId()
  const manualSorting = onSortChange !== undefined
  const [ownSort, setOwnSort] = useState<DataTableSort | null>(sort)
  const shownSort = manualSorting ? sort : ownSort
  const [visibility, setVisibility] = useState<VisibilityState>(() =>
    Object.fromEntries(columns.map((column) => [column.id, column.hiddenByDefault !== true])),
  )
  const titleId = (columns.find((column) => column.card === 'title') ?? columns[0])?.id

  const definitions = useMemo(
    () =>
      columns.map((column): ColumnDef<Row> => ({
        id: column.id,
        accessorFn: (row) => column.sortValue?.(row) ?? null,
        enableSorting: column.sortable === true,
        enableHiding: column.hideable !== false && column.id !== titleId,
        sortingFn: compareValues as SortingFn<Row>,
        meta: { column } satisfies Meta<Row>,
      })),
    [columns, titleId],
  )
  // One array per sort: a new one each render changes the sorted row model's inputs, whose reset of
  // the page index re-renders the table, and so on without end (a table that sorts itself).
  const sorting: SortingState = useMemo(() => (shownSort ? [shownSort] : []), [shownSort])
  const applySort = (next: DataTableSort | null) => {
    if (manualSorting) onSortChange(next)
    else setOwnSort(next)
  }

  // No React Compiler here, and the table object is only read while rendering (never passed to a
  // memoised child): the rule's stale-UI risk does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows as Row[],
    columns: definitions,
    state: { sorting, columnVisibility: visibility },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater
      applySort(next[0] ?? null)
    },
    onColumnVisibilityChange: (updater: Updater<VisibilityState>) => {
      const next = typeof updater === 'function' ? updater(visibility) : updater
      setVisibility(next)
      props.onColumnChoiceChange?.(Object.keys(next).filter((id) => next[id] === false))
    },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manualSorting ? undefined : getSortedRowModel(),
    manualSorting,
    // Seeds 001 §9: asc, desc, none — one column at a time, ascending first.
    enableMultiSort: false,
    enableSortingRemoval: true,
    sortDescFirst: false,
  })

  const visible = table
    .getVisibleLeafColumns()
    .map((column) => (column.columnDef.meta as Meta<Row>).column)
  const shownRows = table.getRowModel().rows
  const sortable = visible.filter((column) => column.sortable === true)

  if (rows.length === 0) {
    return (
      <div className={styles.root} aria-busy={props.busy === true || status === 'loading'}>
        {props.summary !== undefined && status === 'ready' ? (
          <p className={styles.summary} aria-live="polite" aria-atomic="true">
            {props.summary}
          </p>
        ) : null}
        <EmptyState {...props} status={status} />
      </div>
    )
  }

  const handleCsv = () => {
    if (!props.csv) return
    const exported = visible.filter((column) => column.csv !== undefined)
    const cells: DataTableCsvCell[][] = [
      exported.map((column) => column.header),
      ...shownRows.map((row) => exported.map((column) => column.csv?.(row.original) ?? null)),
    ]
    downloadTextFile(props.csv.fileName, props.csv.encode(cells))
  }

  const toolbar =
    sortable.length > 0 || props.columnChoice === true || props.csv || props.pageSize ? (
      <div className={styles.toolbar}>
        {sortable.length > 0 ? (
          <label className={`${styles.control} ${styles.phoneOnly}`}>
            <span>{labels.sortBy}</span>
            <select
              value={shownSort ? sortText(shownSort) : ''}
              onChange={(event) => {
                const value = event.target.value
                if (value === '') applySort(null)
                else
                  applySort(
                    value.startsWith('-')
                      ? { id: value.slice(1), desc: true }
                      : { id: value, desc: false },
                  )
              }}
            >
              <option value="">{labels.sortNone}</option>
              {sortable.map((column) => [
                <option key={column.id} value={column.id}>
                  {labels.sortAscending(column.header)}
                </option>,
                <option key={`-${column.id}`} value={`-${column.id}`}>
                  {labels.sortDescending(column.header)}
                </option>,
              ])}
            </select>
          </label>
        ) : null}
        {props.pageSize ? <PageSizeSelect {...props.pageSize} label={labels.pageSize} /> : null}
        {props.columnChoice === true ? (
          <details className={styles.columnChoice}>
            <summary>{labels.columns}</summary>
            <fieldset>
              <legend className="wb-visually-hidden">{labels.columns}</legend>
              {table.getAllLeafColumns().map((column) => {
                const { header } = (column.columnDef.meta as Meta<Row>).column
                return (
                  <label key={column.id} className={styles.choice}>
                    <input
                      type="checkbox"
                      checked={column.getIsVisible()}
                      disabled={!column.getCanHide()}
                      onChange={column.getToggleVisibilityHandler()}
                    />
                    <span>{header}</span>
                  </label>
                )
              })}
            </fieldset>
          </details>
        ) : null}
        {props.csv ? (
          <Button variant="secondary" onClick={handleCsv}>
            {labels.downloadCsv}
          </Button>
        ) : null}
      </div>
    ) : null

  const Heading = `h${String(props.cardHeadingLevel ?? 3)}` as 'h3'
  return (
    <div className={styles.root} aria-busy={props.busy === true}>
      {toolbar}
      {props.summary !== undefined ? (
        <p className={styles.summary} aria-live="polite" aria-atomic="true">
          {props.summary}
        </p>
      ) : null}
      {props.notice}
      <div className={styles.tableWrap} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table}>
          <caption
            id={captionId}
            className={props.captionHidden === true ? 'wb-visually-hidden' : styles.caption}
          >
            {props.caption}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const { column } = header.column.columnDef.meta as Meta<Row>
                  const direction = header.column.getIsSorted()
                  const ariaSort =
                    direction === 'asc'
                      ? 'ascending'
                      : direction === 'desc'
                        ? 'descending'
                        : column.sortable === true
                          ? 'none'
                          : undefined
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={ariaSort}
                      className={column.align === 'end' ? styles.end : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className={styles.sortButton}
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {column.header}
                          <SortMark direction={direction} />
                        </button>
                      ) : (
                        <span className={styles.plainHeader}>{column.header}</span>
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {shownRows.map((row) => (
              <tr key={props.rowKey(row.original)}>
                {row.getVisibleCells().map((cell) => {
                  const { column } = cell.column.columnDef.meta as Meta<Row>
                  return (
                    <td key={cell.id} className={cellClass(column)}>
                      {column.cell(row.original)}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={styles.cards} aria-label={props.caption}>
        {shownRows.map((row) => (
          <li key={props.rowKey(row.original)}>
            <Card
              row={row}
              columns={visible}
              titleId={titleId}
              headingId={`${cardPrefix}-${props.rowKey(row.original)}`}
              Heading={Heading}
            />
          </li>
        ))}
      </ul>
      <Footer {...props} />
    </div>
  )
}

function cellClass<Row>(column: DataTableColumn<Row>): string | undefined {
  const classes = [
    column.dir === 'ltr' ? styles.ltr : '',
    column.align === 'end' ? styles.end : '',
  ].filter(Boolean)
  return classes.length > 0 ? classes.join(' ') : undefined
}

function Card<Row>({
  row,
  columns,
  titleId,
  headingId,
  Heading,
}: {
  row: TableRow<Row>
  columns: readonly DataTableColumn<Row>[]
  titleId: string | undefined
  headingId: string
  Heading: 'h3'
}) {
  const title = columns.find((column) => column.id === titleId)
  const shown = (column: DataTableColumn<Row>) => (column.cardCell ?? column.cell)(row.original)
  const placement = (column: DataTableColumn<Row>) =>
    column.id === titleId ? 'title' : (column.card ?? 'fact')
  return (
    <article
      className={cardClassName('list', styles.card)}
      aria-labelledby={title ? headingId : undefined}
    >
      {title ? (
        <Heading id={headingId} className={styles.cardTitle}>
          {shown(title)}
        </Heading>
      ) : null}
      <dl className={styles.facts}>
        {columns
          .filter((column) => placement(column) === 'fact')
          .map((column) => (
            <div key={column.id}>
              <dt>{column.header}</dt>
              <dd className={column.dir === 'ltr' ? styles.ltr : undefined}>{shown(column)}</dd>
            </div>
          ))}
      </dl>
      {columns
        .filter((column) => placement(column) === 'footer')
        .map((column) => (
          <div key={column.id} className={styles.cardFooter}>
            {shown(column)}
          </div>
        ))}
    </article>
  )
}

function SortMark({ direction }: { direction: false | 'asc' | 'desc' }) {
  const symbol = direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'
  return (
    <span aria-hidden="true" className={styles.sortMark}>
      {symbol}
    </span>
  )
}

function PageSizeSelect({
  value,
  options,
  onChange,
  label,
}: {
  value: number
  options: readonly number[]
  onChange: (size: number) => void
  label: string
}) {
  return (
    <label className={styles.control}>
      <span>{label}</span>
      <select
        value={value}
        onChange={(event) => {
          onChange(Number(event.target.value))
        }}
      >
        {options.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </label>
  )
}

function EmptyState<Row>(props: DataTableProps<Row> & { status: string }) {
  const { labels, status } = props
  switch (status) {
    case 'loading':
      return (
        <div className={styles.state}>
          <Spinner label={labels.loading} />
        </div>
      )
    case 'error':
      return (
        <div className={styles.state}>
          <Alert variant="error" title={labels.errorTitle}>
            {props.error}
          </Alert>
          {props.onRetry ? (
            <Button variant="secondary" loading={props.retrying === true} onClick={props.onRetry}>
              {labels.retry}
            </Button>
          ) : null}
        </div>
      )
    case 'offline':
      return (
        <div className={styles.state}>
          <Alert variant="info">{labels.offline}</Alert>
        </div>
      )
    default:
      return props.empty === undefined ? (
        <p className={styles.muted}>{labels.empty}</p>
      ) : (
        <>{props.empty}</>
      )
  }
}

function Footer<Row>({ more, pages, labels }: DataTableProps<Row>) {
  if (more) {
    if (more.hasMore) {
      return (
        <div className={styles.footer}>
          <Button variant="secondary" loading={more.loading} onClick={more.onLoadMore}>
            {more.label}
          </Button>
        </div>
      )
    }
    return more.end !== undefined ? <p className={styles.muted}>{more.end}</p> : null
  }
  if (pages && pages.pageCount > 1) {
    return (
      <nav className={styles.pages} aria-label={labels.pagination}>
        <Button
          variant="secondary"
          disabled={pages.page <= 1}
          onClick={() => {
            pages.onPageChange(pages.page - 1)
          }}
        >
          {labels.previousPage}
        </Button>
        <span aria-current="page">{labels.pageOf(pages.page, pages.pageCount)}</span>
        <Button
          variant="secondary"
          disabled={pages.page >= pages.pageCount}
          onClick={() => {
            pages.onPageChange(pages.page + 1)
          }}
        >
          {labels.nextPage}
        </Button>
      </nav>
    )
  }
  return null
}
