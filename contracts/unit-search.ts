import * as v from 'valibot'
import { PAGE_SIZES, PaginationSchema, sortTexts } from './pagination.ts'
import { OfflineStatusSchema, UnitAddressSchema, GeoDataSchema } from './units.ts'

/**
 * Constant care (seeds 001 §2.4, §3, §4, §7.3): finding a unit by id, email, MAC or the serial on
 * its label, the panel's agents table and one unit with its includes. Paths relative to /api/zeus:
 *   GET search/units?panelId&searchTerm             → UnitSearchResponseSchema (nav search, scanner)
 *   GET panels/{panelId}/agents?page&per_page&sorts&include=lmap_config&id&email&mac&serial
 *                                                   → AgentPageSchema (the results table)
 *   GET units/{id}?include=panel,isp,user,environment,package,location.timezone,address,geo_data,lmap_config
 *                                                   → UnitDetailResponseSchema
 * Grants: Unit search on the panel for the first two, Unit test_view on the unit's panel for the
 * third; global access passes. A unit of another panel is never returned. Without the grant every
 * call is 403 FORBIDDEN, also for a unit id that does not exist (ids cannot be probed); 404 only
 * for a global-access caller asking for a unit or panel that does not exist.
 * Search terms are read by contracts/identifier.ts parseIdentifier (seeds 001 §5), trimmed.
 */

/** Seeds 001 §9: unit search and agent lists are 50 a page. */
export const AGENTS_PER_PAGE = PAGE_SIZES.agents
/** search/units answers at most this many rows (the nav search needs one, the list a few). */
export const SEARCH_UNITS_LIMIT = 50
/** Longest searchTerm (an email's limit, RFC 5321): a longer one is 400 INVALID. */
export const SEARCH_TERM_MAX_LENGTH = 254
/**
 * An unclassified term matches a serial exactly (any case) or, from this many characters, as a
 * prefix: 'WB00' lists units WB00…, 'WB0' only finds a unit whose serial is WB0.
 */
export const SERIAL_PREFIX_MIN_LENGTH = 4

/** How a search term was read (seeds 001 §5), plus the serial printed on the label. */
export const IdentifierKindSchema = v.picklist(['id', 'email', 'mac', 'serial'])
export type IdentifierKind = v.InferOutput<typeof IdentifierKindSchema>

/**
 * Sortable columns of the agents table; a leading minus sorts descending (contracts/pagination.ts). `sorts` takes a comma
 * list (each column once); ties go by unit id in the first sort's direction. A unit never seen is
 * the oldest (first by last_seen, last by -last_seen); a missing email, ISP or package is last
 * either way. Text compares lower-case in code point order. The server keeps a sort's order for a
 * minute, so appended pages neither repeat nor skip a unit; `Cache-Control: no-cache` re-reads it.
 */
export const AGENT_SORT_FIELDS = ['id', 'mac', 'last_seen', 'email', 'isp', 'package'] as const
export const AgentSortSchema = v.picklist(sortTexts(AGENT_SORT_FIELDS))
export type AgentSort = v.InferOutput<typeof AgentSortSchema>
/** The list's order when no column is chosen (sort state "none"): by agent id, ascending. */
export const DEFAULT_AGENT_SORT = 'id' satisfies AgentSort
/** `include=` values of the agents table. */
export const AGENT_INCLUDES = ['lmap_config'] as const

/**
 * The unit's test schedule. Derived by the server until units carry a schedule (see
 * server/services/zeus/unit-search/presenter.ts lmapConfigOf).
 */
export const LmapConfigSchema = v.object({
  /** Name of the test schedule the unit runs. */
  schedule: v.string(),
  /** Tests per day of the schedule. */
  tests_per_day: v.number(),
})
export type LmapConfig = v.InferOutput<typeof LmapConfigSchema>

/** Seeds 001 §3 agent search row, with what the results table shows. */
export const AgentRowSchema = v.object({
  id: v.number(),
  /** Canonical 'AA:BB:CC:DD:EE:FF'. */
  mac: v.string(),
  /** The value printed as Code 128 on the unit's label. */
  serial_number: v.string(),
  /** The unit owner's (user's) email, names too; null when nobody owns the unit. */
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
  'geo_data',
  'lmap_config',
] as const

/** Seeds 001 §3 unit with its includes (present only when asked for). */
export const UnitDetailSchema = v.object({
  id: v.number(),
  mac: v.string(),
  serial_number: v.string(),
  label: v.string(),
  /** Null only for a unit in no panel, which only global access can open. */
  panel_id: v.nullable(v.number()),
  is_tt_compatible: v.boolean(),
  last_seen: v.nullable(v.string()),
  offline_status: OfflineStatusSchema,
  panel: v.optional(v.nullable(v.object({ pid: v.number(), front_name: v.string() }))),
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
      v.object({
        id: v.number(),
        email: v.string(),
        first_name: v.string(),
        last_name: v.string(),
      }),
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
