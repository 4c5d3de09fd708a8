import type { Grants } from '#contracts/auth.ts'

/**
 * Seeds' resource types. The panel-scoped enterprise grant is called "Apollo" in seeds 000 and
 * "test-measurements" in seeds 001; the server keeps both (server/db/seed.ts documents which
 * permission lives where), so panel permissions are looked up under either (PANEL_RESOURCES).
 */
export const RESOURCE = {
  panel: 'Apollo',
  testMeasurements: 'test-measurements',
  unit: 'Unit',
  agent: 'Agent',
  global: 'Global',
  administration: 'Administration',
  owner: 'Owner',
  anomalyDetection: 'anomaly-detection',
} as const

/** The resources a panel-scoped enterprise permission may be granted under. */
export const PANEL_RESOURCES = [RESOURCE.panel, RESOURCE.testMeasurements] as const

/** A grant scope filter, such as `{ panel: 3 }`. */
export type PermissionScope = Record<string, number | string>

/** The facts the permission rules read; a Session satisfies it. */
export type PermissionSubject = {
  grants: Grants
  /** The active view; `panelId` is read in the enterprise view. */
  view: { type: string; panelId?: number; unitId?: number }
  hasGlobalAccess: boolean
}

const DEVELOPER_PERMISSIONS = ['senior_developer', 'developer'] as const

/** Seeds 6: a global senior_developer or developer passes every check. */
export function isGlobalDeveloper(grants: Grants): boolean {
  const global = grants[RESOURCE.global]
  return global !== undefined && DEVELOPER_PERMISSIONS.some((p) => global[p] !== undefined)
}

/** Seeds 6: global access means any Global or Administration grant. */
export function hasGlobalGrant(grants: Grants): boolean {
  return [RESOURCE.global, RESOURCE.administration].some(
    (resource) => Object.keys(grants[resource] ?? {}).length > 0,
  )
}

/**
 * Seeds 6: resource + permission, with a matching scope where one is asked for. A grant of `true`
 * covers every scope; a list of scopes must hold one whose fields equal every asked field.
 */
export function hasPermission(
  subject: Pick<PermissionSubject, 'grants'> | null,
  resource: string,
  permission: string,
  scope?: PermissionScope,
): boolean {
  if (!subject) return false
  if (isGlobalDeveloper(subject.grants)) return true
  const granted = subject.grants[resource]?.[permission]
  if (granted === undefined) return false
  if (granted === true) return true
  if (!scope) return granted.length > 0
  return granted.some((held) =>
    Object.entries(scope).every(([key, wanted]) => String(held[key]) === String(wanted)),
  )
}

/** The panel the subject works in (enterprise view), or null. */
export function activePanelId(subject: Pick<PermissionSubject, 'view'>): number | null {
  const { type, panelId } = subject.view
  return type === 'enterprise' && panelId !== undefined ? panelId : null
}

/** A panel-scoped permission checked against the active panel (false without one). */
export function hasPanelPermission(subject: PermissionSubject | null, permission: string): boolean {
  if (!subject) return false
  const panel = activePanelId(subject)
  if (panel === null) return isGlobalDeveloper(subject.grants)
  return PANEL_RESOURCES.some((resource) => hasPermission(subject, resource, permission, { panel }))
}

const ADMIN_PANEL_PERMISSIONS = [
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
export function hasAdminAccess(subject: PermissionSubject | null): boolean {
  if (!subject || activePanelId(subject) === null) return false
  if (subject.hasGlobalAccess) return true
  if (hasPermission(subject, RESOURCE.owner, 'org_super_admin')) return true
  return ADMIN_PANEL_PERMISSIONS.some((p) => hasPanelPermission(subject, p))
}

/** Seeds 6: analytics access is the consumer view, or the enterprise view with analytics_ui. */
export function hasAnalyticsAccess(subject: PermissionSubject | null): boolean {
  if (!subject) return false
  if (subject.view.type === 'consumer') return true
  return subject.view.type === 'enterprise' && hasPanelPermission(subject, 'analytics_ui')
}

/**
 * Seeds 4.1: can search units and view their tests (the constant-care area), in the enterprise
 * view on the active panel — unit search is panel-scoped, so there is nothing to search without one.
 */
export function canSearchUnits(subject: PermissionSubject | null): boolean {
  if (!subject) return false
  const panel = activePanelId(subject)
  if (panel === null) return false
  return (
    hasPermission(subject, RESOURCE.unit, 'search', { panel }) &&
    hasPermission(subject, RESOURCE.unit, 'test_view', { panel })
  )
}
