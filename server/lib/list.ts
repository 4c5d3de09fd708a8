import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm'
import * as v from 'valibot'
import {
  paginationOf,
  parseSortTerm,
  sortTexts,
  type Pagination,
  type SortTerm,
  type SortText,
} from '../../contracts/pagination.ts'
import { storable } from '../../contracts/primitives.ts'

/**
 * One way to list (issue 21 §2, ARCHITECTURE "A list is a column map plus a query"): a list route
 * spreads `pagingEntries` and `sortsEntry` (and `textFilter`s) into its query schema, its
 * repository turns the parsed sort terms into ORDER BY from a column map (`orderBySql` for SQL
 * text, `orderByColumns` for drizzle) and reads `offsetOf(page)`, and `presentPage` writes
 * `{ data, meta: { pagination } }`. A leading minus sorts descending (contracts/pagination.ts).
 */

export {
  pagingEntries,
  sortTexts,
  type Pagination,
  type SortTerm,
  type SortText,
} from '../../contracts/pagination.ts'

/** A page as the handlers pass it on: page from 1, perPage rows. */
export type PageRequest = { page: number; perPage: number }

/** The `page`/`per_page` of a parsed query as a PageRequest. */
export function pageOf(query: { page: number; per_page: number }): PageRequest {
  return { page: query.page, perPage: query.per_page }
}

/** Rows skipped before `page`. */
export function offsetOf({ page, perPage }: PageRequest): number {
  return (page - 1) * perPage
}

/**
 * The `sorts` query entry: a comma list of the map's columns, each optionally with a leading
 * minus and each column at most once; blank parts are dropped. An unknown term is INVALID at its
 * index (`sorts.0`), a column given twice INVALID on `sorts`. Absent or empty: `fallback` (the
 * endpoint's default order), `[]` unless given.
 */
export function sortsEntry<const Column extends string>(
  columns: readonly Column[],
  options: { fallback?: readonly SortText<Column>[]; maxLength?: number } = {},
) {
  const fallback = options.fallback ?? []
  return v.optional(
    v.pipe(
      v.string(),
      v.maxLength(options.maxLength ?? 200),
      v.transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      ),
      v.array(v.picklist(sortTexts(columns))),
      v.check(
        (terms) => new Set(terms.map((term) => parseSortTerm(term).column)).size === terms.length,
        'a column is sorted once',
      ),
      v.transform((terms): SortText<Column>[] => (terms.length > 0 ? terms : [...fallback])),
    ),
    '',
  )
}

/**
 * A text filter of a list query: trimmed, not blank, at most `max` characters, storable.
 * Absent means no filter.
 */
export const textFilter = (max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max), storable()))

/** An ILIKE pattern matching text that contains `text`, its `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

const termOf = (term: SortText | SortTerm): SortTerm =>
  typeof term === 'string' ? parseSortTerm(term) : term

/**
 * How one column orders in SQL: its expression, an optional join it needs (named by the
 * caller), and where NULLs go: 'last' (either way, the default) or 'low' (as the smallest value:
 * first ascending, last descending).
 */
export type SqlColumn<Join extends string = string> = {
  sql: string
  join?: Join
  nulls?: 'last' | 'low'
}

/**
 * ORDER BY text of `terms` from a column map, ended by `tieBreaker` in the first term's direction
 * (so pages neither repeat nor skip rows), and the joins the columns need. A term naming a column
 * the map lacks throws: the query schema (sortsEntry) has refused it before.
 */
export function orderBySql<Join extends string>(
  terms: readonly (SortText | SortTerm)[],
  columns: Readonly<Record<string, SqlColumn<Join>>>,
  tieBreaker: string,
): { text: string; joins: Set<Join> } {
  const joins = new Set<Join>()
  const parsed = terms.map(termOf)
  const parts = parsed.map(({ column, desc: descending }) => {
    const spec = Object.hasOwn(columns, column) ? columns[column] : undefined
    if (!spec) throw new Error(`unknown sort column ${column}`)
    if (spec.join) joins.add(spec.join)
    const nulls = spec.nulls === 'low' && !descending ? 'NULLS FIRST' : 'NULLS LAST'
    return `${spec.sql} ${descending ? 'DESC' : 'ASC'} ${nulls}`
  })
  const tie = parsed[0]?.desc ? 'DESC' : 'ASC'
  return { text: [...parts, `${tieBreaker} ${tie}`].join(', '), joins }
}

/** drizzle ORDER BY of `terms` from a column map, then `tieBreaker` in the first term's direction. */
export function orderByColumns(
  terms: readonly (SortText | SortTerm)[],
  columns: Readonly<Record<string, AnyColumn | SQL>>,
  tieBreaker?: AnyColumn | SQL,
): SQL[] {
  const parsed = terms.map(termOf)
  const order = parsed.map(({ column, desc: descending }) => {
    const target = Object.hasOwn(columns, column) ? columns[column] : undefined
    if (!target) throw new Error(`unknown sort column ${column}`)
    return descending ? desc(target) : asc(target)
  })
  if (tieBreaker) order.push(parsed[0]?.desc ? desc(tieBreaker) : asc(tieBreaker))
  return order
}

/** The one page presenter: the rows as `present` writes them, with the seeds' meta.pagination. */
export function presentPage<Row, Out>(
  rows: readonly Row[],
  page: PageRequest & { total: number },
  present: (row: Row) => Out,
): { data: Out[]; meta: { pagination: Pagination } } {
  return {
    data: rows.map(present),
    meta: {
      pagination: paginationOf({
        total: page.total,
        count: rows.length,
        page: page.page,
        perPage: page.perPage,
      }),
    },
  }
}
