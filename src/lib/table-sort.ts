import { parseSortTerm, sortTermText } from '#contracts/pagination.ts'

/** A table's sort by column id (the shape of ui/DataTable's `DataTableSort`). */
export type TableSort = { id: string; desc: boolean }

/** A server's `sorts` term ("-name": descending, contracts/pagination) as the data table's sort. */
export function tableSortOf(term: string): TableSort {
  const { column, desc } = parseSortTerm(term)
  return { id: column, desc }
}

/** The `sorts` term of the data table's sort; `fallback` (the list's default) when it has none. */
export function sortTermOf(sort: TableSort | null, fallback: string): string {
  return sort === null ? fallback : sortTermText({ column: sort.id, desc: sort.desc })
}
