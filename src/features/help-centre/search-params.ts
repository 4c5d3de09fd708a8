import * as v from 'valibot'

const optional = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined)
/** The router reads `?query=123` as a number: a query is whatever was typed, as text. */
const text = v.pipe(v.union([v.string(), v.number()]), v.transform(String))
const positive = v.pipe(v.number(), v.integer(), v.minValue(1))

/** Most pages a search can ask for (the service answers past the end with an empty page). */
export const MAX_SEARCH_PAGE = 1000

/** The search page's state in the URL: query, page and category filter. */
export const HcSearchParamsSchema = v.object({
  query: optional(v.pipe(text, v.maxLength(200))),
  page: optional(v.pipe(positive, v.maxValue(MAX_SEARCH_PAGE))),
  category: optional(positive),
})
export type HcSearchParamsInUrl = v.InferOutput<typeof HcSearchParamsSchema>

/** An item id of a path segment: a positive integer, else null (the page is then not found). */
export function parseHcId(segment: string): number | null {
  return /^[1-9]\d{0,9}$/.test(segment) ? Number(segment) : null
}
