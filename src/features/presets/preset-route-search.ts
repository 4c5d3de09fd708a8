import * as v from 'valibot'
import { PRESET_SEARCH_DEFAULTS, PresetSearchSchema, type PresetSearch } from './preset-list'

export { PRESET_SEARCH_DEFAULTS }

/**
 * The list's address: its params plus a refused offline rename to resolve (`rename=<id>&name=…`,
 * what the pending changes panel's Edit opens). Anything invalid is dropped.
 */
export const PresetRouteSearchSchema = v.object({
  ...PresetSearchSchema.entries,
  rename: v.fallback(
    v.optional(
      v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer(), v.minValue(1)),
    ),
    undefined,
  ),
  name: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(200))),
    undefined,
  ),
})
export type PresetRouteSearch = v.InferOutput<typeof PresetRouteSearchSchema>

/** The list's own params of the address. */
export function listSearchOf(search: PresetRouteSearch): PresetSearch {
  return { tab: search.tab, q: search.q, sort: search.sort, page: search.page, size: search.size }
}
