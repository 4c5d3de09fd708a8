import { hasGrant, type AccessScope, type AccessSubject } from '#contracts/access.ts'

/**
 * The client's names for the one access module (contracts/access.ts, shared with the server):
 * nothing is decided here, so the guards, the links and the API agree by construction.
 */
export {
  activePanelId,
  analyticsGroup,
  canSearchAndViewUnits,
  canSearchUnits,
  canViewUnitPages,
  hasAdminAccess,
  hasAnalyticsAccess,
  hasGlobalAccess as hasGlobalGrant,
  hasInternalAccess,
  hasPanelPermission,
  isGlobalDeveloper,
  organisationRole,
  PANEL_SECTIONS as PANEL_RESOURCES,
  SECTION as RESOURCE,
} from '#contracts/access.ts'

/** A grant scope filter, such as `{ panel: 3 }`. */
export type PermissionScope = AccessScope

/** The facts the permission rules read; a Session satisfies it. */
export type PermissionSubject = AccessSubject & { hasGlobalAccess: boolean }

/** Seeds 6: resource + permission, with a matching scope where one is asked for (null: false). */
export function hasPermission(
  subject: Pick<AccessSubject, 'grants'> | null,
  resource: string,
  permission: string,
  scope?: PermissionScope,
): boolean {
  return subject !== null && hasGrant(subject.grants, resource, permission, scope)
}
