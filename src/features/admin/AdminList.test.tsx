import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import type { DataTableColumn } from '../../ui/DataTable'
import { renderInRouter } from '../shell/testing/render-in-router'
import { AdminList, useAdminList } from './AdminList'

type Thing = { id: number; name: string; colour: string }
type Asked = { search: string; sort: string; page: number }

const COLUMNS: DataTableColumn<Thing>[] = [
  { id: 'name', header: 'Name', card: 'title', cell: (row) => row.name, csv: (row) => row.name },
  { id: 'colour', header: 'Colour', cell: (row) => row.colour, csv: (row) => row.colour },
]

/** A server of `total` things, 50 a page; `failures` first answers fail. */
function thingsServer({ total = 3, failures = 0 } = {}) {
  const asked: Asked[] = []
  let failing = failures
  const answer = async (query: Asked) => {
    asked.push(query)
    await Promise.resolve()
    if (failing > 0) {
      failing -= 1
      throw new Error('the server fell over')
    }
    const matching = query.search === '' ? total : Math.min(total, 1)
    const count = Math.min(50, Math.max(0, matching - (query.page - 1) * 50))
    return {
      data: Array.from({ length: count }, (_, i) => ({
        id: i + 1,
        name: `Thing ${String(i + 1)}`,
        colour: 'blue',
      })),
      meta: {
        pagination: {
          total: matching,
          count,
          per_page: 50,
          current_page: query.page,
          total_pages: Math.max(1, Math.ceil(matching / 50)),
        },
      },
    }
  }
  return { asked, answer }
}

function Things({
  answer,
  refuse = false,
}: {
  answer: ReturnType<typeof thingsServer>['answer']
  refuse?: boolean
}) {
  const list = useAdminList('-name')
  const asked = { search: list.form.query, sort: list.sortText, page: list.page }
  const query = useQuery({
    queryKey: ['things', asked],
    queryFn: () => answer(asked),
    enabled: !refuse,
  })
  return (
    <AdminList
      list={list}
      query={query}
      title="Things"
      searchLabel="Search things"
      showAll="Show all things"
      refusal={refuse ? 'That search cannot be read.' : undefined}
      caption="Things"
      columns={COLUMNS}
      sortFields={['name']}
      rowKey={(row) => String(row.id)}
      summary={(total) => `${String(total)} things`}
      empty={{ search: 'No thing matches.', none: 'No things yet.' }}
      csvFileName="things.csv"
    />
  )
}

async function renderThings(server: ReturnType<typeof thingsServer>, refuse = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await renderInRouter(
    <QueryClientProvider client={client}>
      <Things answer={server.answer} refuse={refuse} />
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

/** 120 things, the list opened and moved on to page 2 (asked of the server by the default sort). */
async function onPageTwo() {
  const server = thingsServer({ total: 120 })
  const user = await renderThings(server)
  await screen.findByText('120 things')
  await user.click(screen.getByRole('button', { name: 'Next page' }))
  await waitFor(() => {
    expect(server.asked.at(-1)).toEqual({ search: '', sort: '-name', page: 2 })
  })
  return { server, user }
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search things' })

describe('AdminList', () => {
  it('heads the page and asks for the default sort, page 1, with the count under the table', async () => {
    const server = thingsServer({ total: 3 })
    await renderThings(server)
    expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeInTheDocument()
    expect(await screen.findByText('3 things')).toBeInTheDocument()
    expect(server.asked).toEqual([{ search: '', sort: '-name', page: 1 }])
    expect(within(screen.getByRole('table', { name: 'Things' })).getAllByRole('row')).toHaveLength(
      4,
    )
  })

  it('sorts only by the contract’s sort fields', async () => {
    await renderThings(thingsServer())
    await screen.findByText('3 things')
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) })
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending')
    expect(header('Colour')).not.toHaveAttribute('aria-sort')
  })

  it('keeps the sort on another page, and goes back to page 1 on a new sort', async () => {
    const { server, user } = await onPageTwo()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name')
    await waitFor(() => {
      expect(server.asked.at(-1)).toEqual({ search: '', sort: 'name', page: 1 })
    })
  })

  it('asks nothing for an empty search; a search is asked, and “show all” clears it', async () => {
    const server = thingsServer({ total: 3 })
    const user = await renderThings(server)
    await screen.findByText('3 things')
    await user.type(searchBox(), '   {Enter}')
    expect(server.asked).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Show all things' })).toBeNull()
    await user.clear(searchBox())
    await user.type(searchBox(), 'blue{Enter}')
    expect(await screen.findByText('1 things')).toBeInTheDocument()
    expect(server.asked.at(-1)).toEqual({ search: 'blue', sort: '-name', page: 1 })
    await user.click(screen.getByRole('button', { name: 'Show all things' }))
    expect(await screen.findByText('3 things')).toBeInTheDocument()
    expect(searchBox()).toHaveValue('')
    expect(screen.queryByRole('button', { name: 'Show all things' })).toBeNull()
  })

  it.each([
    { search: '', says: 'No things yet.' },
    { search: 'blue', says: 'No thing matches.' },
  ])('says an empty list “$says” after the search “$search”', async ({ search, says }) => {
    const user = await renderThings(thingsServer({ total: 0 }))
    if (search !== '') await user.type(searchBox(), `${search}{Enter}`)
    expect(await screen.findByText(says)).toBeInTheDocument()
  })

  it('says a failure and asks again on retry', async () => {
    const server = thingsServer({ total: 3, failures: 1 })
    const user = await renderThings(server)
    expect(await screen.findByText('The list could not be loaded')).toBeInTheDocument()
    expect(screen.queryByText('3 things')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('3 things')).toBeInTheDocument()
    expect(server.asked).toHaveLength(2)
  })

  it('says why a search is refused, lists nothing and asks nothing', async () => {
    const server = thingsServer({ total: 3 })
    await renderThings(server, true)
    expect(await screen.findByText('That search cannot be read.')).toBeInTheDocument()
    expect(screen.queryByText(/^\d+ things$/)).toBeNull()
    expect(server.asked).toEqual([])
  })
})

describe('AdminList search from a later page (seeds 001 §4)', () => {
  it('goes back to page 1 on a submitted search, never asking page 2 of it', async () => {
    const { server, user } = await onPageTwo()
    await user.type(searchBox(), 'blue{Enter}')
    expect(await screen.findByText('1 things')).toBeInTheDocument()
    expect(server.asked.at(-1)).toEqual({ search: 'blue', sort: '-name', page: 1 })
    expect(server.asked.filter((asked) => asked.search === 'blue' && asked.page !== 1)).toEqual([])
  })

  it('stays on its page for an empty search', async () => {
    const { server, user } = await onPageTwo()
    const asked = server.asked.length
    await user.type(searchBox(), '   {Enter}')
    expect(server.asked).toHaveLength(asked)
  })
})
