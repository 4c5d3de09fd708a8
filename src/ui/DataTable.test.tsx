import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  DataTable,
  type DataTableColumn,
  type DataTableLabels,
  type DataTableProps,
  type DataTableSort,
} from './DataTable'

type Thing = { id: number; name: string; mac: string | null }

const ROWS: Thing[] = [
  { id: 2, name: 'beta', mac: 'AA:00' },
  { id: 1, name: 'alpha', mac: null },
  { id: 3, name: 'gamma', mac: 'CC:00' },
]

const COLUMNS: DataTableColumn<Thing>[] = [
  {
    id: 'id',
    header: 'ID',
    cell: (row) => row.id,
    cardCell: (row) => `Thing ${String(row.id)}`,
    card: 'title',
    sortable: true,
    sortValue: (row) => row.id,
    csv: (row) => row.id,
  },
  {
    id: 'name',
    header: 'Name',
    cell: (row) => row.name,
    sortable: true,
    sortValue: (row) => row.name,
    csv: (row) => row.name,
  },
  {
    id: 'mac',
    header: 'MAC',
    cell: (row) => row.mac ?? 'none',
    dir: 'ltr',
    csv: (row) => row.mac,
  },
  { id: 'open', header: 'Open', cell: () => <a href="/x">Open</a>, card: 'footer' },
]

const LABELS: DataTableLabels = {
  sortBy: 'Sort by',
  sortNone: 'Default order',
  sortAscending: (column) => `${column}, ascending`,
  sortDescending: (column) => `${column}, descending`,
  columns: 'Columns',
  downloadCsv: 'Download CSV',
  loading: 'Loading…',
  empty: 'Nothing to show.',
  errorTitle: 'Could not load',
  retry: 'Retry',
  offline: 'You are offline',
  pageSize: 'Rows per page',
  pagination: 'Pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageOf: (page, count) => `Page ${String(page)} of ${String(count)}`,
}

function renderTable(props: Partial<DataTableProps<Thing>> = {}) {
  return render(
    <DataTable
      caption="Things"
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(row) => String(row.id)}
      labels={LABELS}
      {...props}
    />,
  )
}

const table = () => screen.getByRole('table', { name: 'Things' })
const firstCells = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent)
const header = (name: string) =>
  within(table()).getByRole('columnheader', { name: new RegExp(name) })

describe('DataTable: table and cards', () => {
  it('has a caption, column headers, a row per item and a card per item', () => {
    renderTable()
    expect(table()).toBeInTheDocument()
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID↕', 'Name↕', 'MAC', 'Open'])
    expect(firstCells()).toEqual(['2', '1', '3'])
    const cards = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('article')
    expect(cards).toHaveLength(3)
    // The title column heads the card; the others are labelled facts; the footer has no label.
    const first = within(cards[0] ?? document.body)
    expect(first.getByRole('heading', { level: 3, name: 'Thing 2' })).toBeInTheDocument()
    expect(cards[0]).toHaveAccessibleName('Thing 2')
    expect(first.getByText('Name').tagName).toBe('DT')
    expect(first.getByText('MAC').nextElementSibling?.textContent).toBe('AA:00')
    expect(first.getByRole('link', { name: 'Open' })).toBeInTheDocument()
    expect(first.queryByText('ID')).toBeNull()
  })

  it('marks left-to-right columns so they read right inside right-to-left text', () => {
    renderTable()
    const macCell = within(table()).getByText('AA:00')
    expect(macCell.className).toMatch(/ltr/)
  })
})

describe('DataTable: sorting (asc, desc, none)', () => {
  it('cycles a header ascending → descending → none and sorts the rows itself', async () => {
    renderTable()
    const user = userEvent.setup()
    expect(header('ID')).toHaveAttribute('aria-sort', 'none')
    expect(header('MAC')).not.toHaveAttribute('aria-sort')

    await user.click(within(header('ID')).getByRole('button'))
    expect(header('ID')).toHaveAttribute('aria-sort', 'ascending')
    expect(firstCells()).toEqual(['1', '2', '3'])

    await user.click(within(header('ID')).getByRole('button'))
    expect(header('ID')).toHaveAttribute('aria-sort', 'descending')
    expect(firstCells()).toEqual(['3', '2', '1'])

    await user.click(within(header('ID')).getByRole('button'))
    expect(header('ID')).toHaveAttribute('aria-sort', 'none')
    expect(firstCells()).toEqual(['2', '1', '3'])
  })

  it.each<{ from: DataTableSort | null; click: string; to: DataTableSort | null }>([
    { from: null, click: 'Name', to: { id: 'name', desc: false } },
    { from: { id: 'name', desc: false }, click: 'Name', to: { id: 'name', desc: true } },
    { from: { id: 'name', desc: true }, click: 'Name', to: null },
    // One column at a time: another header starts ascending.
    { from: { id: 'name', desc: true }, click: 'ID', to: { id: 'id', desc: false } },
  ])('a server-sorted list asks for $to after $click under $from', async ({ from, click, to }) => {
    const onSortChange = vi.fn()
    renderTable({ sort: from, onSortChange })
    await userEvent.setup().click(within(header(click)).getByRole('button'))
    expect(onSortChange).toHaveBeenCalledWith(to)
    // The caller sorts: the rows stay as given.
    expect(firstCells()).toEqual(['2', '1', '3'])
  })

  it('offers every sortable column both ways on phones, with a leading minus for descending', async () => {
    function Controlled() {
      const [sort, setSort] = useState<DataTableSort | null>(null)
      return (
        <DataTable
          caption="Things"
          columns={COLUMNS}
          rows={ROWS}
          rowKey={(row) => String(row.id)}
          labels={LABELS}
          sort={sort}
          onSortChange={setSort}
        />
      )
    }
    render(<Controlled />)
    const select = screen.getByRole('combobox', { name: 'Sort by' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['', 'Default order'],
      ['id', 'ID, ascending'],
      ['-id', 'ID, descending'],
      ['name', 'Name, ascending'],
      ['-name', 'Name, descending'],
    ])
    const user = userEvent.setup()
    await user.selectOptions(select, '-name')
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending')
    await user.selectOptions(select, '')
    expect(header('Name')).toHaveAttribute('aria-sort', 'none')
  })
})

describe('DataTable: states', () => {
  it.each<{ status: 'loading' | 'error' | 'offline'; text: string }>([
    { status: 'loading', text: 'Loading…' },
    { status: 'error', text: 'Could not load' },
    { status: 'offline', text: 'You are offline' },
  ])('$status without rows shows "$text" and no table', ({ status, text }) => {
    renderTable({ rows: [], status })
    expect(
      status === 'loading' ? screen.getByRole('status', { name: text }) : screen.getByText(text),
    ).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('offers a retry in the error state', async () => {
    const onRetry = vi.fn()
    renderTable({ rows: [], status: 'error', error: 'Server down', onRetry })
    expect(screen.getByRole('alert')).toHaveTextContent('Could not loadServer down')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('says the list is empty, with the summary in a polite live region', () => {
    renderTable({ rows: [], summary: '0 things' })
    expect(screen.getByText('0 things')).toHaveAttribute('aria-live', 'polite')
    expect(screen.getByText('Nothing to show.')).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull()
  })

  it('announces the results count politely', () => {
    renderTable({ summary: 'Showing 3 of 9 things' })
    const summary = screen.getByText('Showing 3 of 9 things')
    expect(summary).toHaveAttribute('aria-live', 'polite')
    expect(summary).toHaveAttribute('aria-atomic', 'true')
  })
})

describe('DataTable: paging', () => {
  it('loads more (appends) until every row is shown', async () => {
    const onLoadMore = vi.fn()
    const { rerender } = renderTable({
      more: {
        hasMore: true,
        loading: false,
        onLoadMore,
        label: 'Load more things',
        end: 'All shown',
      },
    })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more things' }))
    expect(onLoadMore).toHaveBeenCalledOnce()
    rerender(
      <DataTable
        caption="Things"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(row) => String(row.id)}
        labels={LABELS}
        more={{
          hasMore: false,
          loading: false,
          onLoadMore,
          label: 'Load more things',
          end: 'All shown',
        }}
      />,
    )
    expect(screen.queryByRole('button', { name: 'Load more things' })).toBeNull()
    expect(screen.getByText('All shown')).toBeInTheDocument()
  })

  it('pages through numbered pages', async () => {
    const onPageChange = vi.fn()
    renderTable({ pages: { page: 1, pageCount: 3, onPageChange } })
    const nav = screen.getByRole('navigation', { name: 'Pages' })
    expect(within(nav).getByText('Page 1 of 3')).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled()
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Next page' }))
    expect(onPageChange).toHaveBeenCalledWith(2)
  })

  it('offers the page sizes given', async () => {
    const onChange = vi.fn()
    renderTable({ pageSize: { value: 50, options: [20, 25, 50], onChange } })
    const select = screen.getByRole('combobox', { name: 'Rows per page' })
    expect(select).toHaveValue('50')
    await userEvent.setup().selectOptions(select, '25')
    expect(onChange).toHaveBeenCalledWith(25)
  })
})

describe('DataTable: column choice and CSV', () => {
  it('hides a column from the table, the cards and the CSV; never the title column', async () => {
    const encode = vi.fn((rows: unknown[][]) => JSON.stringify(rows))
    const createObjectURL = vi.fn(() => 'blob:x')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderTable({ columnChoice: true, csv: { fileName: 'things.csv', encode } })
    const user = userEvent.setup()
    await user.click(screen.getByText('Columns', { selector: 'summary' }))
    expect(screen.getByRole('checkbox', { name: 'ID' })).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'MAC' }))
    expect(within(table()).queryByRole('columnheader', { name: 'MAC' })).toBeNull()
    expect(screen.queryByText('AA:00')).toBeNull()

    // CSV of the rows shown, in their order, in the visible columns that have a CSV value.
    await user.click(within(header('ID')).getByRole('button'))
    await user.click(within(header('ID')).getByRole('button'))
    await user.click(screen.getByRole('button', { name: 'Download CSV' }))
    expect(encode).toHaveBeenCalledWith([
      ['ID', 'Name'],
      [3, 'gamma'],
      [2, 'beta'],
      [1, 'alpha'],
    ])
    expect(click).toHaveBeenCalledOnce()
    click.mockRestore()
    vi.unstubAllGlobals()
  })
})
