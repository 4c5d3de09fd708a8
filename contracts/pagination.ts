import * as v from 'valibot'

/**
 * The list rules every paginated endpoint and every data table share (issue 21 §2): the seeds'
 * page sizes, the `page` / `per_page` query, the `sorts` string and meta.pagination.
 *
 * Sort sign. The seeds disagree: 000 §7.2 asks for feature updates with `sorts=-id` and means
 * newest first, while 001 §9 lists the sort states "asc, desc, none (asc sends a leading minus)".
 * We keep one reading everywhere, 000's and JSON:API's: **a leading minus sorts descending**
 * (`-id` = highest id first), no minus ascending, and no `sorts` (state "none") the endpoint's
 * default order. 001 §9's sentence is read as describing the old client's toggle, which flipped
 * the state before sending; its wire meaning is the same as ours, so nothing on the wire changes.
 */

/** Seeds 000 §3 paginated responses: meta.pagination with current_page and total_pages. */
export const PaginationSchema = v.object({
  total: v.number(),
  count: v.number(),
  per_page: v.number(),
  current_page: v.number(),
  /** At least 1, also when there is nothing to list. */
  total_pages: v.number(),
})
export type Pagination = v.InferOutput<typeof PaginationSchema>

/** Seeds 001 §9 page sizes of each list (and 000 §7.2 for feature updates and reference data). */
export const PAGE_SIZES = {
  unitSearch: 50,
  agents: 50,
  anomalies: 20,
  dataSubscriptionUsers: 25,
  signups: 50,
  packages: 250,
  referenceData: 10_000,
  featureUpdates: 5,
} as const

/**
 * The sizes a reader may choose in a table with a page-size control (001 §9: "results per page
 * in presets is selectable"): the seeds' sizes of lists people read. 250 and 10000 are for
 * reference data fetched whole, not for reading.
 */
export const SELECTABLE_PAGE_SIZES = [20, 25, 50] as const

/** A page query parameter: a positive integer given as a string, at most `max`. */
export const pageNumber = (max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), v.minValue(1), v.maxValue(max))

/** Deepest page any list accepts unless it says otherwise (OFFSET beyond it is a client bug). */
export const DEFAULT_MAX_PAGE = 1_000_000

/**
 * The `page` (from 1) and `per_page` entries of a list's query schema: `perPage` is the default
 * and `maxPerPage` (default the same) the largest accepted.
 */
export function pagingEntries(options: { perPage: number; maxPerPage?: number; maxPage?: number }) {
  return {
    page: v.optional(pageNumber(options.maxPage ?? DEFAULT_MAX_PAGE), '1'),
    per_page: v.optional(
      pageNumber(options.maxPerPage ?? options.perPage),
      String(options.perPage),
    ),
  }
}

/** A `sorts` term of a column: `col` ascending or `-col` descending. */
export type SortText<Column extends string = string> = Column | `-${Column}`

/** Every `sorts` term of `columns`, both ways (a picklist's options, a select's values). */
export function sortTexts<const Column extends string>(
  columns: readonly Column[],
): SortText<Column>[] {
  return columns.flatMap((column) => [column, `-${column}` as const])
}

/** One column of an order: `desc` when the `sorts` term had a leading minus. */
export type SortTerm<Column extends string = string> = { column: Column; desc: boolean }

/** `-id` → { column: 'id', desc: true }; `id` → { column: 'id', desc: false }. */
export function parseSortTerm(term: string): SortTerm {
  return term.startsWith('-')
    ? { column: term.slice(1), desc: true }
    : { column: term, desc: false }
}

/** The `sorts` term of a column and direction (a leading minus = descending). */
export function sortTermText(term: SortTerm): string {
  return term.desc ? `-${term.column}` : term.column
}

/** meta.pagination of a page (total_pages at least 1, as the seeds' lists expect). */
export function paginationOf(input: {
  total: number
  count: number
  page: number
  perPage: number
}): Pagination {
  return {
    total: input.total,
    count: input.count,
    per_page: input.perPage,
    current_page: input.page,
    total_pages: Math.max(1, Math.ceil(input.total / input.perPage)),
  }
}
