/**
 * Dashboards and reports of the analytics service (seeds 001 §2.2, §3 Dashboard, §4, §5, §6,
 * §7.1, §8, §9): boards of saved presets an analyst builds by dragging presets in, and reports of
 * graphs, headers and text. Both are one entity with a `type`.
 *
 * Calls (001 §7.1, relative to /api/analytics): `GET /owners/{ownerId}/dashboards?type=` (asked
 * for the user owner and the organisation owner), `GET /dashboards/{id}` (one, with its graphs'
 * presets), `POST /dashboards` (body plus owner), `PUT /dashboards/{id}`, `DELETE /dashboards/{id}`.
 * All need test-measurements/reports on some panel (a global developer passes).
 *
 * Owners and the public flag. A dashboard belongs to the caller's own owner ("private": only its
 * owner sees it) or to their organisation's owner. An organisation's dashboard is seen by every
 * member when `public`, and only by whoever created it while not. The list's public/private
 * toggle therefore moves a dashboard between the two owners: public ⇔ the organisation's owner.
 * Not found and not visible are both 404 DASHBOARD_NOT_FOUND.
 *
 * A warboard's contents are its graphs, each a preset (`metaId`) on a panel, at most six
 * (001 §5 "a dashboard shows at most six metrics"). A report's contents are components: graphs,
 * headers and text blocks; it cannot be empty (NO_CONTENTS) and needs a name (NO_NAME).
 * A graph whose preset is not found (deleted, or not visible to the caller) is answered with
 * `error: 'NOT_FOUND'` in its meta (001 §4); one on a panel the caller may not chart with
 * `error: 'FORBIDDEN'`. Updates carry the version last seen (If-Match or body `version`), as
 * presets do: 412 PRECONDITION_FAILED with the current dashboard in `data.dashboard`.
 */
import * as v from 'valibot'
import { hasGrant, isGlobalDeveloper, SECTION } from './access.ts'
import type { Grants } from './auth.ts'
import { CommonCodes } from './errors.ts'
import { int4Id, text, trimmedText } from './primitives.ts'
import { PresetSchema } from './presets.ts'

// ---------------------------------------------------------------------------------------------
// Limits

export const DASHBOARD_TYPES = ['warboard', 'report'] as const
export type DashboardType = (typeof DASHBOARD_TYPES)[number]

export const DASHBOARD_NAME_MAX = 100
/** 001 §5 and §9: a dashboard shows at most six metrics (six graphs). */
export const DASHBOARD_GRAPHS_MAX = 6
/** A report's components (graphs, headers, text blocks) at most. */
export const REPORT_COMPONENTS_MAX = 40
export const REPORT_HEADER_MAX = 200
export const REPORT_TEXT_MAX = 5000

/** Codes of this entity (001 §5, §8), kept with every service's in contracts/errors.ts. */
export const DashboardCodes = {
  DASHBOARD_NOT_FOUND: CommonCodes.DASHBOARD_NOT_FOUND,
  NO_NAME: CommonCodes.NO_NAME,
  NO_CONTENTS: CommonCodes.NO_CONTENTS,
} as const

// ---------------------------------------------------------------------------------------------
// Contents

/** One graph: a saved preset on a panel (001 §3 "children with meta id and panel"). */
export const GraphSchema = v.object({
  metaId: int4Id(),
  panel: int4Id(),
})
export type Graph = v.InferOutput<typeof GraphSchema>

/** A warboard: its graphs in reading order. */
export const WarboardContentsSchema = v.object({
  children: v.pipe(v.array(GraphSchema), v.maxLength(DASHBOARD_GRAPHS_MAX)),
})
export type WarboardContents = v.InferOutput<typeof WarboardContentsSchema>

/** A report's components (001 §3: a graph with a meta id, plus header and text blocks). */
export const ReportComponentSchema = v.variant('kind', [
  v.object({ kind: v.literal('graph'), ...GraphSchema.entries }),
  v.object({ kind: v.literal('header'), text: trimmedText(REPORT_HEADER_MAX) }),
  v.object({ kind: v.literal('text'), text: trimmedText(REPORT_TEXT_MAX) }),
])
export type ReportComponent = v.InferOutput<typeof ReportComponentSchema>

export const ReportContentsSchema = v.object({
  components: v.pipe(v.array(ReportComponentSchema), v.maxLength(REPORT_COMPONENTS_MAX)),
})
export type ReportContents = v.InferOutput<typeof ReportContentsSchema>

/** The graphs of either kind of contents, in order. */
export function graphsOf(contents: WarboardContents | ReportContents): Graph[] {
  if ('children' in contents) return contents.children
  return contents.components.flatMap((c) =>
    c.kind === 'graph' ? [{ metaId: c.metaId, panel: c.panel }] : [],
  )
}

// ---------------------------------------------------------------------------------------------
// Requests

/**
 * The fields a create and an update share. The name is checked as plain text here (≤ 100); a
 * blank one is NO_NAME (`name: ['NO_NAME']`), as an empty report is NO_CONTENTS.
 */
const dashboardFields = {
  name: text(DASHBOARD_NAME_MAX),
  public: v.optional(v.boolean(), false),
}

/** POST /dashboards: the type, name, contents and owner (the caller's own when absent). */
export const DashboardCreateSchema = v.variant('type', [
  v.object({
    type: v.literal('warboard'),
    ...dashboardFields,
    contents: v.optional(WarboardContentsSchema, { children: [] }),
    owner: v.optional(int4Id()),
  }),
  v.object({
    type: v.literal('report'),
    ...dashboardFields,
    contents: ReportContentsSchema,
    owner: v.optional(int4Id()),
  }),
])
export type DashboardCreateInput = v.InferInput<typeof DashboardCreateSchema>
export type DashboardCreate = v.InferOutput<typeof DashboardCreateSchema>

/**
 * PUT /dashboards/{id}: the dashboard as body (its type cannot change; `public` is required, so a
 * body that forgot it never unshares a board). `version` is the
 * precondition when no If-Match header is sent; fields the server keeps may be sent and are
 * ignored.
 */
export const DashboardUpdateSchema = v.variant('type', [
  v.object({
    type: v.literal('warboard'),
    ...dashboardFields,
    public: v.boolean(),
    contents: WarboardContentsSchema,
    owner: v.optional(int4Id()),
    version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))),
  }),
  v.object({
    type: v.literal('report'),
    ...dashboardFields,
    public: v.boolean(),
    contents: ReportContentsSchema,
    owner: v.optional(int4Id()),
    version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))),
  }),
])
export type DashboardUpdateInput = v.InferInput<typeof DashboardUpdateSchema>
export type DashboardUpdate = v.InferOutput<typeof DashboardUpdateSchema>

/**
 * The entity's own rules, after the schema (001 §5): a report needs a name (NO_NAME) and
 * components (NO_CONTENTS); a warboard needs a name too. Field errors by field, or null.
 */
export function dashboardFieldErrors(body: {
  type: DashboardType
  name: string
  contents: WarboardContents | ReportContents
}): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {}
  if (body.name.trim() === '') errors.name = [DashboardCodes.NO_NAME]
  if ('components' in body.contents && body.contents.components.length === 0) {
    errors.contents = [DashboardCodes.NO_CONTENTS]
  }
  return Object.keys(errors).length > 0 ? errors : null
}

export const DashboardListQuerySchema = v.object({
  type: v.optional(v.picklist(DASHBOARD_TYPES), 'warboard'),
})

// ---------------------------------------------------------------------------------------------
// Access (seeds 001 §2.2, §6)

/** Dashboards and reports need test-measurements/reports on some panel; a developer passes. */
export function mayUseDashboards(grants: Grants): boolean {
  return isGlobalDeveloper(grants) || hasGrant(grants, SECTION.testMeasurements, 'reports')
}

/** Who asks: their user, their owners and whether they are a home user (001 §6). */
export type DashboardCaller = {
  userId: number
  ownerId: number | null
  organisationOwnerId: number | null
  homeUser: boolean
}

/** Whether the caller sees a dashboard: their own owner's; the organisation's when public or theirs. */
export function maySeeDashboard(
  caller: DashboardCaller,
  dashboard: { ownerId: number; public: boolean; createdBy: number | null },
): boolean {
  if (dashboard.ownerId === caller.ownerId) return true
  if (dashboard.ownerId !== caller.organisationOwnerId) return false
  return dashboard.public || dashboard.createdBy === caller.userId
}

/**
 * Who changes a dashboard (001 §6): a home user only what they created or their own owner's;
 * power users and administrators every dashboard they see. A home user saves only for themselves.
 */
export function mayEditDashboard(
  caller: DashboardCaller,
  dashboard: { ownerId: number; createdBy: number | null },
): boolean {
  if (!caller.homeUser) return true
  return dashboard.createdBy === caller.userId || dashboard.ownerId === caller.ownerId
}

// ---------------------------------------------------------------------------------------------
// Responses

/** A graph's meta: the preset it shows, or why it cannot be shown. */
export const GraphMetaSchema = v.object({
  metaId: v.number(),
  preset: v.nullable(PresetSchema),
  error: v.nullable(v.picklist(['NOT_FOUND', 'FORBIDDEN'])),
})
export type GraphMeta = v.InferOutput<typeof GraphMetaSchema>

const DashboardBaseSchema = v.object({
  id: v.number(),
  type: v.picklist(DASHBOARD_TYPES),
  name: v.string(),
  owner: v.number(),
  /** The caller's own owner ('user') or their organisation's. */
  owner_kind: v.picklist(['user', 'organisation']),
  public: v.boolean(),
  created_by: v.nullable(v.number()),
  created_by_name: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
  version: v.number(),
  /** The caller may change and delete it. */
  editable: v.boolean(),
  /** Graphs on the board or in the report. */
  graph_count: v.number(),
})

/** A dashboard in a list: no contents. */
export const DashboardSummarySchema = DashboardBaseSchema
export type DashboardSummary = v.InferOutput<typeof DashboardSummarySchema>

/** One dashboard: its contents and each graph's meta (in the contents' order, once per preset). */
export const DashboardSchema = v.object({
  ...DashboardBaseSchema.entries,
  contents: v.union([WarboardContentsSchema, ReportContentsSchema]),
  metas: v.array(GraphMetaSchema),
})
export type Dashboard = v.InferOutput<typeof DashboardSchema>

export const DashboardResponseSchema = v.object({ data: DashboardSchema })
export const DashboardListResponseSchema = v.object({ data: v.array(DashboardSummarySchema) })
export type DashboardList = v.InferOutput<typeof DashboardListResponseSchema>

/** The body of a 412: the dashboard as it is now. */
export const DashboardConflictSchema = v.object({
  code: v.literal('PRECONDITION_FAILED'),
  data: v.object({ dashboard: DashboardSchema }),
})
