import * as v from 'valibot'

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

/** A page query parameter: a positive integer given as a string, at most `max`. */
export const pageNumber = (max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), v.minValue(1), v.maxValue(max))
