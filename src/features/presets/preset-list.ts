import * as v from 'valibot'
import {
  DEFAULT_PRESET_PAGE_SIZE,
  DEFAULT_PRESET_SORT,
  PRESET_PAGE_SIZES,
  PRESET_SORT_COLUMNS,
  PRESET_TABS,
  type Preset,
  type PresetList,
  type PresetTab,
} from '#contracts/presets.ts'
import type { ChartType } from '#contracts/analytics.ts'
import { sortTexts } from '#contracts/pagination.ts'
import type { PresetListParams } from '../../api/presets.api'

/**
 * The presets list's pure rules (issue 23 §4, §5): the address's search params ↔ the list's
 * params, the optimistic state of a change, and the mapping presets' filter.
 */

export const PRESET_SORTS = sortTexts(PRESET_SORT_COLUMNS)
export type PresetSort = (typeof PRESET_SORTS)[number]

export const PRESET_LAYOUTS = ['grid', 'list'] as const
export type PresetLayout = (typeof PRESET_LAYOUTS)[number]

/** The address of the list: every field optional; anything invalid falls back to its default. */
export const PresetSearchSchema = v.object({
  tab: v.optional(v.fallback(v.picklist(PRESET_TABS), 'all'), 'all'),
  q: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(200)), ''), ''),
  sort: v.optional(
    v.fallback(v.picklist(PRESET_SORTS), DEFAULT_PRESET_SORT as PresetSort),
    DEFAULT_PRESET_SORT as PresetSort,
  ),
  page: v.optional(
    v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)), 1),
    1,
  ),
  size: v.optional(
    v.fallback(
      v.pipe(
        v.number(),
        v.check((n) => (PRESET_PAGE_SIZES as readonly number[]).includes(n)),
      ),
      DEFAULT_PRESET_PAGE_SIZE,
    ),
    DEFAULT_PRESET_PAGE_SIZE,
  ),
})
export type PresetSearch = v.InferOutput<typeof PresetSearchSchema>

export const PRESET_SEARCH_DEFAULTS: PresetSearch = {
  tab: 'all',
  q: '',
  sort: DEFAULT_PRESET_SORT,
  page: 1,
  size: DEFAULT_PRESET_PAGE_SIZE,
}

/** The address's params (already validated) as the list request's. */
export function listParamsOf(search: PresetSearch): PresetListParams {
  return {
    tab: search.tab,
    search: search.q.trim(),
    sort: search.sort,
    page: search.page,
    perPage: search.size,
  }
}

/** The list request's params as the address's. */
export function searchOf(params: PresetListParams): PresetSearch {
  return v.parse(PresetSearchSchema, {
    tab: params.tab,
    q: params.search,
    sort: params.sort,
    page: params.page,
    size: params.perPage,
  })
}

/** A change of the list's params that starts again from page 1 (tab, search, sort, size). */
export function withFirstPage(search: PresetSearch, change: Partial<PresetSearch>): PresetSearch {
  return { ...search, ...change, page: change.page ?? 1 }
}

// ---------------------------------------------------------------------------------------------
// Optimistic state

/** A change made to one preset, as the list shows it before the server has answered. */
export type PresetChange =
  | { kind: 'star'; starred: boolean }
  | { kind: 'archive'; archived: boolean }
  | { kind: 'delete'; deleted: boolean }
  | { kind: 'rename'; name: string }

/** The preset with a change applied. */
export function applyPresetChange(preset: Preset, change: PresetChange): Preset {
  switch (change.kind) {
    case 'star':
      return { ...preset, starred: change.starred }
    case 'archive':
      return { ...preset, archived: change.archived }
    case 'delete':
      return { ...preset, deleted_at: change.deleted ? (preset.deleted_at ?? 'pending') : null }
    case 'rename':
      return { ...preset, name: change.name }
  }
}

/** Whether a preset (as changed) still belongs in a tab's list (seeds 001 §2.1). */
export function belongsToTab(preset: Preset, tab: PresetTab): boolean {
  if (preset.deleted_at !== null) return false
  switch (tab) {
    case 'archived':
      return preset.archived
    case 'starred':
      return preset.starred && !preset.archived
    case 'all':
    case 'yours':
      return !preset.archived
  }
}

/**
 * A page of the list with changes applied: each changed preset shows its change, and one that no
 * longer belongs to the tab leaves the page (the count follows). Unchanged presets are kept as
 * they are (the same objects).
 */
export function applyPresetChanges(
  list: PresetList,
  tab: PresetTab,
  changes: readonly { id: number; change: PresetChange }[],
): PresetList {
  if (changes.length === 0) return list
  let removed = 0
  const data: Preset[] = []
  for (const preset of list.data) {
    const own = changes.filter((c) => c.id === preset.id)
    const changed = own.reduce((p, c) => applyPresetChange(p, c.change), preset)
    if (own.length > 0 && !belongsToTab(changed, tab)) {
      removed += 1
      continue
    }
    data.push(own.length === 0 ? preset : changed)
  }
  if (removed === 0 && data.every((p, i) => p === list.data[i])) return list
  const pagination = list.meta.pagination
  return {
    data,
    meta: {
      pagination: {
        ...pagination,
        total: Math.max(0, pagination.total - removed),
        count: data.length,
      },
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Mapping presets

/** The chart types drawn on a map (seeds 001 §3.1). */
export const MAP_CHART_TYPES: readonly ChartType[] = [
  'map',
  'raw_map',
  'geo_heatmap',
  'lat_lon',
  'raw_mobile',
]

/** A mapping preset: one with a data item drawn on a map. */
export function isMapPreset(preset: Pick<Preset, 'data'>): boolean {
  return preset.data.some((item) => MAP_CHART_TYPES.includes(item.chartType))
}

/** The chart types of a preset, each once, in order. */
export function presetChartTypes(preset: Pick<Preset, 'data'>): ChartType[] {
  return [...new Set(preset.data.map((item) => item.chartType))]
}

// ---------------------------------------------------------------------------------------------
// Layout kept on the device

export const PRESET_LAYOUT_STORAGE_KEY = 'wb.presets.layout'

export function readPresetLayout(storage: Pick<Storage, 'getItem'> | undefined): PresetLayout {
  try {
    return storage?.getItem(PRESET_LAYOUT_STORAGE_KEY) === 'list' ? 'list' : 'grid'
  } catch {
    return 'grid'
  }
}

export function writePresetLayout(
  storage: Pick<Storage, 'setItem'> | undefined,
  layout: PresetLayout,
): void {
  try {
    storage?.setItem(PRESET_LAYOUT_STORAGE_KEY, layout)
  } catch {
    // Storage may be full or blocked: the choice lasts for this visit only.
  }
}
