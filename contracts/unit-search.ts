import * as v from 'valibot'
import { PaginationSchema } from './pagination.ts'
import { OfflineStatusSchema, UnitAddressSchema, GeoDataSchema } from './units.ts'

/**
 * Constant care (seeds 001 §2.4, §3, §4, §7.3): finding a unit by id, email, MAC or the serial on
 * its label, the panel's agents table and one unit with its includes. Paths relative to /api/zeus:
 *   GET search/units?panelId&searchTerm             → UnitSearchResponseSchema (nav search, scanner)
 *   GET panels/{panelId}/agents?page&per_page&sorts&include=lmap_config&id&email&mac&serial
 *                                                   → AgentPageSchema (the results table)
 *   GET units/{id}?include=panel,isp,user,environment,package,location.timezone,address,lmap_config
 *                                                   → UnitResponseSchema
 * Grants: Unit search on the panel for the first two, Unit test_view on the unit's panel for the
 * third; global access passes. A unit of another panel is never returned.
 */

/** Seeds 001 §9: unit search and agent lists are 50 a page. */
export const AGENTS_PER_PAGE = 50
/** search/units answers at most this many rows (the nav search needs one, the list a few). */
export const SEARCH_UNITS_LIMIT = 50

/** How a search term was read (seeds 001 §5), plus the serial printed on the label. */
export const IdentifierKindSchema = v.picklist(['id', 'email', 'mac', 'serial'])
export type IdentifierKind = v.InferOutput<typeof IdentifierKindSchema>

/** Sortable columns of the agents table; a leading minus sorts descending. */
export const AGENT_SORT_FIELDS = ['id', 'mac', 'last_seen', 'email', 'isp', 'package'] as const
export const AgentSortSchema = v.picklist(
  AGENT_SORT_FIELDS.flatMap((field) => [field, `-${field}`] as const),
)
export type AgentSort = v.InferOutput<typeof AgentSortSchema>

export const LmapConfigSchema = v.object({
  /** Name of the test schedule the unit runs. */
  schedule: v.string(),
  /** Tests per day of the schedule. */
  tests_per_day: v.number(),
})

/** Seeds 001 §3 agent search row, with what the results table shows. */
export const AgentRowSchema = v.object({
  id: v.number(),
  mac: v.string(),
  serial_number: v.string(),
  email: v.nullable(v.string()),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  /** ISO time, null if never seen. */
  last_seen: v.nullable(v.string()),
  isp: v.nullable(v.string()),
  package: v.nullable(v.string()),
  panel_id: v.number(),
  lmap_config: v.optional(v.nullable(LmapConfigSchema)),
})
export type AgentRow = v.InferOutput<typeof AgentRowSchema>

export const UnitSearchResponseSchema = v.object({
  data: v.array(AgentRowSchema),
  /** How the server read the term: unclassified terms are matched against serial numbers. */
  meta: v.object({ kind: IdentifierKindSchema }),
})
export type UnitSearchResponse = v.InferOutput<typeof UnitSearchResponseSchema>

export const AgentPageSchema = v.object({
  data: v.array(AgentRowSchema),
  meta: v.object({ pagination: PaginationSchema }),
})
export type AgentPage = v.InferOutput<typeof AgentPageSchema>

export const UNIT_DETAIL_INCLUDES = [
  'panel',
  'isp',
  'user',
  'environment',
  'package',
  'location.timezone',
  'address',
  'lmap_config',
] as const

/** Seeds 001 §3 unit with its includes (present only when asked for). */
export const UnitDetailSchema = v.object({
  id: v.number(),
  mac: v.string(),
  serial_number: v.string(),
  label: v.string(),
  panel_id: v.number(),
  is_tt_compatible: v.boolean(),
  last_seen: v.nullable(v.string()),
  offline_status: OfflineStatusSchema,
  panel: v.optional(v.object({ pid: v.number(), front_name: v.string() })),
  isp: v.optional(v.nullable(v.object({ id: v.number(), name: v.string() }))),
  package: v.optional(
    v.nullable(
      v.object({
        id: v.number(),
        name: v.string(),
        download_kbps: v.number(),
        upload_kbps: v.number(),
      }),
    ),
  ),
  user: v.optional(
    v.nullable(
      v.object({ id: v.number(), email: v.string(), first_name: v.string(), last_name: v.string() }),
    ),
  ),
  environment: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean()]))),
  location: v.optional(v.object({ timezone: v.string() })),
  address: v.optional(v.nullable(UnitAddressSchema)),
  geo_data: v.optional(v.nullable(GeoDataSchema)),
  lmap_config: v.optional(v.nullable(LmapConfigSchema)),
})
export type UnitDetail = v.InferOutput<typeof UnitDetailSchema>
export const UnitDetailResponseSchema = v.object({ data: UnitDetailSchema })
