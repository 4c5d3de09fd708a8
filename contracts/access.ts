/**
 * The one definition of who may do what (seeds 000 §6, 001 §6), read by the client's guards and
 * links and by the server's route declarations and handlers. Pure: grants and facts in, booleans
 * out. A permission is a grant of a section plus a permission, optionally scoped (per panel, per
 * unit); a global senior_developer or developer passes every grant check.
 */
import type { GrantScope, Grants } from './auth.ts'

/** Seeds 000 §9, 001 §3 and §5: Whitebox's own staff are the users of organisation 123. */
export const STAFF_ORGANISATION_ID = 123

/**
 * The seeds' sections (resource types). The panel-scoped enterprise section is called "Apollo" in
 * seeds 000 and "test-measurements" in seeds 001; both are read (PANEL_SECTIONS).
 */
export const SECTION = {
  panel: 'Apollo',
  testMeasurements: 'test-measurements',
  unit: 'Unit',
  agent: 'Agent',
  global: 'Global',
  administration: 'Administration',
  owner: 'Owner',
  anomalyDetection: 'anomaly-detection',
} as const

/** The sections a panel-scoped enterprise permission may be granted under. */
export const PANEL_SECTIONS = [SECTION.panel, SECTION.testMeasurements] as const

/** A grant scope filter, such as `{ panel: 3 }` or `{ unit: 7 }`. */
export type AccessScope = GrantScope

/** The facts the area rules read; the client's Session satisfies it. */
export type AccessSubject = {
  grants: Grants
  /** The active view; `panelId` is read in the enterprise view. */
  view: { type: string; panelId?: number; unitId?: number }
}

const DEVELOPER_PERMISSIONS = ['senior_developer', 'developer'] as const

/** Seeds 6: a global senior_developer or developer passes every check. */
export function isGlobalDeveloper(grants: Grants): boolean {
  const global = grants[SECTION.global]
  return global !== undefined && DEVELOPER_PERMISSIONS.some((p) => global[p] !== undefined)
}

/** Seeds 6: global access means any Global or Administration grant (it is no bypass by itself). */
export function hasGlobalAccess(grants: Grants): boolean {
  return [SECTION.global, SECTION.administration].some(
    (section) => Object.keys(grants[section] ?? {}).length > 0,
  )
}

function scopeMatches(held: GrantScope, wanted: GrantScope): boolean {
  return Object.entries(wanted).every(([key, value]) => String(held[key]) === String(value))
}

/**
 * Seeds 6: the section's grant holds the permission, within `scope` when one is asked for (an
 * unscoped grant covers every scope; without `scope` any grant of it counts). Developers pass.
 */
export function hasGrant(
  grants: Grants,
  section: string,
  permission: string,
  scope?: GrantScope,
): boolean {
  if (isGlobalDeveloper(grants)) return true
  const granted = grants[section]?.[permission]
  if (granted === undefined) return false
  if (granted === true) return true
  if (!scope) return granted.length > 0
  return granted.some((held) => scopeMatches(held, scope))
}

/** The permission held unscoped (every panel and unit at once), or a developer. */
export function hasGrantEverywhere(grants: Grants, section: string, permission: string): boolean {
  return isGlobalDeveloper(grants) || grants[section]?.[permission] === true
}

/** Any permission of the section held on one of `scopes` (or unscoped). */
export function hasAnyGrantOn(grants: Grants, section: string, scopes: GrantScope[]): boolean {
  if (isGlobalDeveloper(grants)) return true
  return Object.values(grants[section] ?? {}).some(
    (granted) =>
      granted === true || granted.some((held) => scopes.some((scope) => scopeMatches(held, scope))),
  )
}

/** A panel-scoped enterprise permission on `panel` (under Apollo or test-measurements). */
export function hasPanelGrant(grants: Grants, permission: string, panel: number): boolean {
  return PANEL_SECTIONS.some((section) => hasGrant(grants, section, permission, { panel }))
}

/** The panel the subject works in (enterprise view), or null. */
export function activePanelId(subject: Pick<AccessSubject, 'view'>): number | null {
  const { type, panelId } = subject.view
  return type === 'enterprise' && panelId !== undefined ? panelId : null
}

/** A panel-scoped permission on the active panel (without one, developers only). */
export function hasPanelPermission(subject: AccessSubject | null, permission: string): boolean {
  if (!subject) return false
  const panel = activePanelId(subject)
  if (panel === null) return isGlobalDeveloper(subject.grants)
  return hasPanelGrant(subject.grants, permission, panel)
}

/** The seeds' admin permissions that open the admin area on a panel (001 §6). */
export const ADMIN_PANEL_PERMISSIONS = [
  'metadata_manage',
  'agents_manage',
  'agents_view',
  'admin_users_manage',
  'agent_owners_manage',
] as const

/**
 * Seeds 6: admin access needs an active non-consumer view with a panel, plus one of the admin
 * permissions on that panel, or org_super_admin, or global access.
 */
export function hasAdminAccess(subject: AccessSubject | null): boolean {
  if (!subject || subject.view.type === 'consumer' || activePanelId(subject) === null) return false
  if (hasGlobalAccess(subject.grants)) return true
  if (hasGrant(subject.grants, SECTION.owner, 'org_super_admin')) return true
  return ADMIN_PANEL_PERMISSIONS.some((p) => hasPanelPermission(subject, p))
}

/** Seeds 6: analytics access is the consumer view, or the enterprise view with analytics_ui. */
export function hasAnalyticsAccess(subject: AccessSubject | null): boolean {
  if (!subject) return false
  if (subject.view.type === 'consumer') return true
  return subject.view.type === 'enterprise' && hasPanelPermission(subject, 'analytics_ui')
}

/** Seeds 001 §6: the Administration view permissions, one per internal (xenia) section. */
export const ADMINISTRATION_VIEW_PERMISSIONS = [
  'units',
  'users',
  'signups',
  'organisations',
  'panels',
  'isps',
  'test_schedules',
] as const

/** Seeds 001 §6: the internal area (xenia) needs every Administration view permission and global access. */
export function hasInternalAccess(grants: Grants): boolean {
  return (
    hasGlobalAccess(grants) &&
    ADMINISTRATION_VIEW_PERMISSIONS.every((p) => hasGrant(grants, SECTION.administration, p))
  )
}

/**
 * Seeds 001 §2.4: unit search needs the enterprise view and Unit search on the selected panel.
 * Global access is no bypass; only a developer passes (also without a panel).
 */
export function canSearchUnits(subject: AccessSubject | null): boolean {
  if (!subject) return false
  // A developer always passes: in any view, every panel (the staff journey of issue 6).
  if (isGlobalDeveloper(subject.grants)) return true
  const panel = activePanelId(subject)
  return panel !== null && hasGrant(subject.grants, SECTION.unit, 'search', { panel })
}

/**
 * Seeds 000 §4.1 default path: can search units *and* view their tests, on a selected panel (a
 * developer without one is sent on to the admin or internal area).
 */
export function canSearchAndViewUnits(subject: AccessSubject | null): boolean {
  return (
    subject !== null &&
    activePanelId(subject) !== null &&
    canViewUnitPages(subject) &&
    canSearchUnits(subject)
  )
}

/**
 * Seeds 001 §2.4: the unit pages need Unit test_view on the selected panel (the server checks the
 * unit's own panel again). Global access is no bypass; a developer passes in any view.
 */
export function canViewUnitPages(subject: AccessSubject | null): boolean {
  if (!subject) return false
  if (isGlobalDeveloper(subject.grants)) return true
  const panel = activePanelId(subject)
  return panel !== null && hasGrant(subject.grants, SECTION.unit, 'test_view', { panel })
}

/** Where a unit is: its id and its panel (null: in no panel). */
export type UnitPlace = { id: number; panelId: number | null }

function unitScopes(unit: UnitPlace): GrantScope[] {
  return unit.panelId === null ? [{ unit: unit.id }] : [{ unit: unit.id }, { panel: unit.panelId }]
}

function grantOnUnit(grants: Grants, section: string, permission: string, unit: UnitPlace) {
  return unitScopes(unit).some((scope) => hasGrant(grants, section, permission, scope))
}

/** Seeds 001 §2.4: one unit's page (its detail) needs Unit test_view on the unit's panel. */
export function mayViewUnitPage(grants: Grants, unit: UnitPlace | null): boolean {
  if (isGlobalDeveloper(grants)) return true
  return (
    unit !== null &&
    unit.panelId !== null &&
    hasGrant(grants, SECTION.unit, 'test_view', { panel: unit.panelId })
  )
}

/**
 * The read rule of one unit's results (issue 4 §1): its owner, Unit test_view on its panel, any
 * Agent grant on the unit or its panel, the admin's agents_view on its panel (test-measurements:
 * the admin unit page, issue 25), or global access (the internal area's unit pages).
 */
export function mayReadUnit(grants: Grants, unit: UnitPlace & { ownedByCaller: boolean }): boolean {
  if (unit.ownedByCaller || hasGlobalAccess(grants)) return true
  if (
    unit.panelId !== null &&
    (hasGrant(grants, SECTION.unit, 'test_view', { panel: unit.panelId }) ||
      hasGrant(grants, SECTION.testMeasurements, 'agents_view', { panel: unit.panelId }))
  ) {
    return true
  }
  return hasAnyGrantOn(grants, SECTION.agent, unitScopes(unit))
}

/** The manage rule of one unit: Agent unit_manage on the unit or its panel, or global access. */
export function mayManageUnit(grants: Grants, unit: UnitPlace): boolean {
  return hasGlobalAccess(grants) || grantOnUnit(grants, SECTION.agent, 'unit_manage', unit)
}

/**
 * Seeds 6: instant testing needs Agent trigger_testing on the unit or its panel. Global access is
 * no bypass; a developer passes. A unit not found is refused.
 */
export function mayTriggerTest(grants: Grants, unit: UnitPlace | null): boolean {
  if (isGlobalDeveloper(grants)) return true
  return unit !== null && grantOnUnit(grants, SECTION.agent, 'trigger_testing', unit)
}

/** Seeds 6: another user's records (users/{sub}/…) are open to global access only. */
export function mayActForOtherUsers(grants: Grants): boolean {
  return hasGlobalAccess(grants)
}

/** Seeds 6 analytics user groups, derived from grants. */
export type AnalyticsGroup = 'Admin' | 'Multiview' | 'Constant Care' | 'Consumer'

const CONSTANT_CARE_PANEL = ['agents_view', 'analytics', 'trigger_testing'] as const
const MULTIVIEW_ADDS = [
  'agents_manage',
  'advanced_analytics',
  'analytics_ui',
  'reports',
  'unit_test_schedules_manage',
  'test_schedules_manage',
] as const
const ADMIN_ADDS = [
  'admin_users_manage',
  'agent_owners_manage',
  'metadata_manage',
  'manage_products',
] as const

/** Held on any panel (or unscoped) under a panel section. */
function heldOnSomePanel(grants: Grants, permission: string): boolean {
  return PANEL_SECTIONS.some((section) => {
    const granted = grants[section]?.[permission]
    return granted === true || (granted !== undefined && granted.length > 0)
  })
}

/**
 * Seeds 6: the user's analytics group. Each tier adds permissions to the one below it; the group
 * is the highest tier one of whose added permissions is held. Constant Care: Apollo agents_view,
 * analytics and trigger_testing, or Unit search and test_view. Consumer: only an Agent grant.
 * Null: none of them (staff, no grants).
 */
export function analyticsGroup(grants: Grants): AnalyticsGroup | null {
  if (ADMIN_ADDS.some((p) => heldOnSomePanel(grants, p))) return 'Admin'
  if (MULTIVIEW_ADDS.some((p) => heldOnSomePanel(grants, p))) return 'Multiview'
  const constantCare =
    CONSTANT_CARE_PANEL.every((p) => heldOnSomePanel(grants, p)) ||
    (grants[SECTION.unit]?.search !== undefined && grants[SECTION.unit]?.test_view !== undefined)
  if (constantCare) return 'Constant Care'
  const sections = Object.keys(grants).filter((s) => Object.keys(grants[s] ?? {}).length > 0)
  if (sections.length === 1 && sections[0] === SECTION.agent) return 'Consumer'
  return null
}

/** Seeds 6 organisation roles. */
export type OrganisationRole = 'home_user' | 'power_user' | 'administrator'

/**
 * Seeds 6: administrator manages units, users and metadata (org_super_admin or an admin manage
 * permission); power user sees every unit's analytics and saves reports (reports, analytics_ui or
 * advanced_analytics); everyone else is a home user (own units, own account).
 */
export function organisationRole(grants: Grants): OrganisationRole {
  const manages = ['metadata_manage', 'agents_manage', 'admin_users_manage', 'agent_owners_manage']
  if (
    hasGrant(grants, SECTION.owner, 'org_super_admin') ||
    manages.some((p) => heldOnSomePanel(grants, p))
  ) {
    return 'administrator'
  }
  const power = ['reports', 'analytics_ui', 'advanced_analytics']
  if (power.some((p) => heldOnSomePanel(grants, p))) return 'power_user'
  return 'home_user'
}

/**
 * How a server route declares its access (one form for every `/api` route; the server's access
 * plugin enforces it and a test lists every route):
 * - `'public'`: no sign-in (the route must also be on the public list of that test);
 * - `'signed-in'`: any signed-in user (own session, reference data);
 * - `'unit-credential'`: a unit's own ingestion credential for the route's `:unitId`, not a user
 *   (server/services/ingestion/credentials.ts);
 * - `{ own: … }`: signed in, and the handler applies the named rule of this module to what it
 *   loads — `'account'` (the caller's own records, or mayActForOtherUsers), `'unit-read'`
 *   (mayReadUnit), `'unit-manage'` (mayManageUnit), `'unit-trigger'` (mayTriggerTest);
 * - `{ global: true }`: signed in with global access (hasGlobalAccess: a Global or an
 *   Administration grant), checked before the handler runs — the staff area's management routes
 *   (seeds 001 §3.4 feature flags);
 * - a grant: `section` + `permission`, `panel: 'none'` (held anywhere) or read from a path
 *   parameter (`'param:<name>'`) or query parameter (`'query:<name>'`): checked on that panel
 *   when it names one, else held on some panel (the handler then answers for the missing panel).
 */
export type RouteAccess =
  | 'public'
  | 'signed-in'
  | 'unit-credential'
  | { own: 'account' | 'unit-read' | 'unit-manage' | 'unit-trigger' }
  | GlobalRouteAccess
  | RouteGrant

/** A route for callers with global access only. */
export type GlobalRouteAccess = { global: true }

/** The declarations the access plugin decides from grants alone, before the handler runs. */
export type GrantedRouteAccess = GlobalRouteAccess | RouteGrant

/** Whether `grants` satisfy a grant-decided declaration, for this request's parameters. */
export function routeAccessHolds(
  grants: Grants,
  access: GrantedRouteAccess,
  request: { params: unknown; query: unknown },
): boolean {
  if ('global' in access) return hasGlobalAccess(grants)
  return routeGrantHolds(grants, access, request)
}

/** A route's grant: section + permission, per panel (from a parameter) or not. */
export type RouteGrant = {
  section: string
  permission: string
  panel: 'none' | `param:${string}` | `query:${string}`
}

const PANEL_ID = /^\d{1,10}$/

/**
 * Whether `grants` satisfy a route's grant, given the request's path parameters and query. A
 * panel named by the request is checked exactly; a missing or malformed one falls back to "held
 * on some panel" and the handler's validation answers it (400) before anything is read.
 */
export function routeGrantHolds(
  grants: Grants,
  grant: RouteGrant,
  request: { params: unknown; query: unknown },
): boolean {
  if (grant.panel === 'none') return hasGrant(grants, grant.section, grant.permission)
  const [from, name] = grant.panel.split(':') as ['param' | 'query', string]
  const source = (from === 'param' ? request.params : request.query) as
    Record<string, unknown> | undefined
  const value = source?.[name]
  if (typeof value === 'string' && PANEL_ID.test(value)) {
    return hasGrant(grants, grant.section, grant.permission, { panel: Number(value) })
  }
  return hasGrant(grants, grant.section, grant.permission)
}
