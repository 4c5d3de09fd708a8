/**
 * Presets of the analytics service (seeds 001 §2.1, §3 Preset, §4, §5, §6, §7.1; issue 23 §4,
 * §5): the saved charts an analyst lists, opens, stars, archives and deletes (with undo).
 *
 * A preset belongs to an owner (001 §7.1): the user's own owner or their organisation's. Its
 * `data` is a list of data items, each a Chart form (contracts/analytics.ts) on one panel plus the
 * item's display settings (§3 Preset: chartType, plotValue, tableColumns, ci, heatmapPointRadius,
 * showRegression). Who sees it:
 * - presets of the caller's user owner;
 * - presets of their organisation's owner that are organisation-visible, or that they created;
 * - organisation-visible presets of another member of their organisation;
 * never another user's private preset, whatever the caller's grants.
 *
 * Updates carry a precondition (issue 23 §5: an offline edit replayed later is never silently
 * written over a newer one): the version the client last saw, as `If-Match: "<version>"` or the
 * body's `version`; a mismatch is 412 PRECONDITION_FAILED with the current preset in `data.preset`.
 * The version goes up on every PUT; star, archive, delete and their undos leave it.
 */
import * as v from 'valibot'
import { hasGlobalAccess, hasPanelGrant, PANEL_SECTIONS, hasGrant } from './access.ts'
import type { Grants } from './auth.ts'
import { ChartFormSchema, CHART_TYPES, type ChartType } from './analytics.ts'
import { POINT_RADIUS_UNITS } from './maps.ts'
import { SELECTABLE_PAGE_SIZES, PaginationSchema } from './pagination.ts'
import { int4Id, trimmedText } from './primitives.ts'

// ---------------------------------------------------------------------------------------------
// Limits and list options

export const PRESET_NAME_MAX = 100
export const PRESET_TAG_MAX = 40
export const PRESET_TAGS_MAX = 20
/** Data items of one preset (a dashboard shows at most six metrics; a preset a little more). */
export const PRESET_ITEMS_MAX = 10
export const PRESET_TABLE_COLUMNS_MAX = 30

export const PRESET_VISIBILITIES = ['private', 'organisation'] as const
export type PresetVisibility = (typeof PRESET_VISIBILITIES)[number]

/** §2.1 tabs: all (active), yours (created by the caller), starred, archived. */
export const PRESET_TABS = ['all', 'yours', 'starred', 'archived'] as const
export type PresetTab = (typeof PRESET_TABS)[number]

/**
 * §2.1 sorts (a leading minus = descending, contracts/pagination.ts): recently created
 * (`-created`), updated, name, most viewed (`-most_viewed`: every user's views) and recently
 * viewed (`-recently_viewed`: the caller's last view; never viewed comes last).
 */
export const PRESET_SORT_COLUMNS = [
  'created',
  'updated',
  'name',
  'most_viewed',
  'recently_viewed',
] as const
export type PresetSortColumn = (typeof PRESET_SORT_COLUMNS)[number]
export const DEFAULT_PRESET_SORT = '-created'

/** §9 "results per page in presets is selectable": the selectable sizes, 20 by default. */
export const PRESET_PAGE_SIZES = SELECTABLE_PAGE_SIZES
export const DEFAULT_PRESET_PAGE_SIZE = 20

// ---------------------------------------------------------------------------------------------
// Data items

/** §9 chart defaults. */
export const PRESET_ITEM_DEFAULTS = {
  heatmapPointRadius: 15,
  ci: false,
  showRegression: true,
} as const

/**
 * One data item: the Chart form on its panel (required here) with the item's display settings.
 * Unknown keys are dropped (what is stored is what the schema knows).
 */
export const PresetDataItemSchema = v.object({
  ...ChartFormSchema.entries,
  panel: int4Id(),
  tableColumns: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(40), v.regex(/^[\w.:-]+$/))),
      v.maxLength(PRESET_TABLE_COLUMNS_MAX),
    ),
    [],
  ),
  heatmapPointRadius: v.optional(
    v.pipe(v.number(), v.minValue(1), v.maxValue(100_000)),
    PRESET_ITEM_DEFAULTS.heatmapPointRadius,
  ),
  /** Maps (issue 24): the point radius's unit (px, m or km) and the aggregate map's area kind. */
  heatmapPointRadiusUnit: v.optional(v.picklist(POINT_RADIUS_UNITS)),
  mapArea: v.optional(v.picklist(['h3', 'region'])),
  showRegression: v.optional(v.boolean(), PRESET_ITEM_DEFAULTS.showRegression),
})
export type PresetDataItem = v.InferOutput<typeof PresetDataItemSchema>
export type PresetDataItemInput = v.InferInput<typeof PresetDataItemSchema>

export const PresetDataSchema = v.pipe(
  v.array(PresetDataItemSchema),
  v.minLength(1),
  v.maxLength(PRESET_ITEMS_MAX),
)

/** §3.1: a time_series chart is mapped to aggregate when a preset loads. */
export function loadedChartType(chartType: ChartType): ChartType {
  return chartType === 'time_series' ? 'aggregate' : chartType
}

/** The panels a preset's data names, each once, in order. */
export function presetPanels(data: readonly { panel: number }[]): number[] {
  return [...new Set(data.map((item) => item.panel))]
}

// ---------------------------------------------------------------------------------------------
// Requests

const TagSchema = trimmedText(PRESET_TAG_MAX)

/** The fields a create and an update share. */
const presetFields = {
  name: trimmedText(PRESET_NAME_MAX),
  data: PresetDataSchema,
  tags: v.optional(v.pipe(v.array(TagSchema), v.maxLength(PRESET_TAGS_MAX)), []),
  visibility: v.optional(v.picklist(PRESET_VISIBILITIES), 'private'),
}

/**
 * POST /presets (001 §7.1: name, owner, data, tags; created_by is the caller). Without `owner`,
 * the caller's own owner.
 */
export const PresetCreateSchema = v.object({
  ...presetFields,
  owner: v.optional(int4Id()),
})
export type PresetCreateInput = v.InferInput<typeof PresetCreateSchema>
export type PresetCreate = v.InferOutput<typeof PresetCreateSchema>

/**
 * PUT /presets/{id}: the preset as body (001 §7.1). `version` is the precondition when no
 * If-Match header is sent; `owner` may move the preset to another owner of the caller's.
 * Fields the server keeps (id, created_by, stats) may be sent back and are ignored.
 */
export const PresetUpdateSchema = v.object({
  ...presetFields,
  owner: v.optional(int4Id()),
  version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))),
})
export type PresetUpdateInput = v.InferInput<typeof PresetUpdateSchema>
export type PresetUpdate = v.InferOutput<typeof PresetUpdateSchema>

/**
 * Seeds 001 §5 "tags cannot be added twice": the first tag given twice (case-insensitively), or
 * null. The server answers it as `tags: ['EXISTS']`.
 */
export function repeatedTag(tags: readonly string[]): string | null {
  const seen = new Set<string>()
  for (const tag of tags) {
    const key = tag.toLocaleLowerCase('en')
    if (seen.has(key)) return tag
    seen.add(key)
  }
  return null
}

/**
 * The version an `If-Match` header names: `"3"`, `W/"3"` or `3`; null when absent; NaN when it
 * names none (the server answers 412: it cannot match).
 */
export function ifMatchVersion(header: string | undefined): number | null {
  if (header === undefined) return null
  const match = /^\s*(?:W\/)?"?(\d{1,10})"?\s*$/.exec(header)
  if (!match?.[1]) return Number.NaN
  const version = Number(match[1])
  return version >= 1 && version <= 2_147_483_647 ? version : Number.NaN
}

/** The ETag of a preset's version (what If-Match sends back). */
export function presetETag(version: number): string {
  return `"${String(version)}"`
}

// ---------------------------------------------------------------------------------------------
// Access (seeds 001 §5, §6)

/** Analytics access in the enterprise view: analytics_ui on some panel, or global access. */
export function mayUsePresets(grants: Grants): boolean {
  return (
    hasGlobalAccess(grants) ||
    PANEL_SECTIONS.some((section) => hasGrant(grants, section, 'analytics_ui'))
  )
}

/** Whether the caller may chart a panel: analytics_ui on it, or global access. */
export function mayChartPanel(grants: Grants, panel: number): boolean {
  return hasGlobalAccess(grants) || hasPanelGrant(grants, 'analytics_ui', panel)
}

/**
 * Seeds 001 §5: every panel a preset names must be accessible, and a preset with more than one
 * data item needs advanced_analytics on each of its panels.
 */
export function mayUsePresetData(grants: Grants, data: readonly { panel: number }[]): boolean {
  const panels = presetPanels(data)
  if (!panels.every((panel) => mayChartPanel(grants, panel))) return false
  if (data.length <= 1) return true
  return panels.every((panel) => hasPanelGrant(grants, 'advanced_analytics', panel))
}

/** Who asks: their user, their owners and whether they are a home user (001 §6). */
export type PresetCaller = {
  userId: number
  ownerId: number | null
  organisationOwnerId: number | null
  homeUser: boolean
}

/**
 * Seeds 001 §6: a home user edits only their own presets (created by them or of their own
 * owner); power users and administrators edit every preset they see.
 */
export function mayEditPreset(
  caller: PresetCaller,
  preset: { ownerId: number; createdBy: number | null },
): boolean {
  if (!caller.homeUser) return true
  return preset.createdBy === caller.userId || preset.ownerId === caller.ownerId
}

/**
 * Whether a preset the caller sees stays visible to them after an update gives it `owner` and
 * `visibility` (the contract's visibility rule; a colleague's own owner can only be kept, never
 * chosen). An update that would hide the preset from its editor is refused (403).
 */
export function staysVisible(
  caller: PresetCaller,
  preset: { createdBy: number | null },
  next: { ownerId: number; visibility: PresetVisibility },
): boolean {
  if (next.ownerId === caller.ownerId) return true
  if (next.ownerId === caller.organisationOwnerId) {
    return next.visibility === 'organisation' || preset.createdBy === caller.userId
  }
  // Another member's owner: seen only while organisation-visible.
  return next.visibility === 'organisation'
}

/** The owners a caller may save presets for: their own and their organisation's. */
export function callerOwners(caller: PresetCaller): number[] {
  return [caller.ownerId, caller.organisationOwnerId].filter((id): id is number => id !== null)
}

// ---------------------------------------------------------------------------------------------
// Responses

export const PresetSchema = v.object({
  id: v.number(),
  name: v.string(),
  owner: v.number(),
  /** Whose owner: the caller's own ('user'), an organisation's, or another member's ('user'). */
  owner_kind: v.picklist(['user', 'organisation']),
  created_by: v.nullable(v.number()),
  created_by_name: v.nullable(v.string()),
  tags: v.array(v.string()),
  data: v.array(v.looseObject({ panel: v.number(), chartType: v.picklist(CHART_TYPES) })),
  visibility: v.picklist(PRESET_VISIBILITIES),
  starred: v.boolean(),
  archived: v.boolean(),
  archived_at: v.nullable(v.string()),
  deleted_at: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
  version: v.number(),
  /** Every user's views, and the caller's. */
  view_count: v.number(),
  my_view_count: v.number(),
  /** The caller's last view, or null. */
  last_viewed_at: v.nullable(v.string()),
  /** Used by an alert: cannot be updated or deleted (409 PRESET_IN_USE). */
  in_use: v.boolean(),
  /** The caller may update, archive and delete it. */
  editable: v.boolean(),
  /** The caller may open it (every panel accessible; advanced_analytics for several items). */
  accessible: v.boolean(),
})
export type Preset = v.InferOutput<typeof PresetSchema>

export const PresetResponseSchema = v.object({ data: PresetSchema })
export const PresetListResponseSchema = v.object({
  data: v.array(PresetSchema),
  meta: v.object({ pagination: PaginationSchema }),
})
export type PresetList = v.InferOutput<typeof PresetListResponseSchema>

/** The body of a 412: the preset as it is now, so the client can show the conflict. */
export const PresetConflictSchema = v.object({
  code: v.literal('PRECONDITION_FAILED'),
  data: v.object({ preset: PresetSchema }),
})
