import type { SearchMiddleware } from '@tanstack/react-router'
import * as v from 'valibot'
import { AgentSortSchema } from '#contracts/unit-search.ts'
import { DEFAULT_AGENT_SORT } from './agent-sort'

/** The unit search's defaults, kept out of the address (/units/search, not ?q=&showResults=false). */
export const UNIT_SEARCH_DEFAULTS = { q: '', showResults: false, sort: DEFAULT_AGENT_SORT }

/**
 * The unit search's address: the term, whether the results are open, and their order (reload,
 * back, share). The router reads `?q=35` as the number 35; the term is text again here.
 */
export const UnitSearchParamsSchema = v.object({
  q: v.fallback(
    v.optional(
      v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(200)),
      '',
    ),
    '',
  ),
  showResults: v.fallback(v.optional(v.boolean(), false), false),
  sort: v.fallback(v.optional(AgentSortSchema, DEFAULT_AGENT_SORT), DEFAULT_AGENT_SORT),
})
export type UnitSearchParams = v.InferOutput<typeof UnitSearchParamsSchema>

/** An integer the router's JSON parsing reads back exactly ("35"; not "0035", not 20 digits). */
function isExactInteger(text: string): boolean {
  return /^-?(0|[1-9]\d{0,15})$/.test(text) && Number.isSafeInteger(Number(text))
}

/**
 * The router writes a text that reads as JSON in quotes (`?q=%2235%22`) so that it comes back as
 * text. A term that is an exact integer goes into the address as that number instead (`?q=35`):
 * the schema above makes it text again, so reload and back/forward give the same term. Any other
 * term keeps the router's encoding, which reads back exactly (leading zeros, long digit runs).
 */
export function plainNumericTerm(search: UnitSearchParams): UnitSearchParams {
  if (!isExactInteger(search.q)) return search
  // The address holds a number; validateSearch turns it back into the term (text).
  return { ...search, q: Number(search.q) as unknown as string }
}

/** plainNumericTerm as the route's search middleware (after the defaults are stripped). */
export const plainNumericTermMiddleware: SearchMiddleware<UnitSearchParams> = ({ search, next }) =>
  plainNumericTerm(next(search))
