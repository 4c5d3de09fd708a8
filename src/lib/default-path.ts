import {
  canSearchAndViewUnits,
  hasAdminAccess,
  hasAnalyticsAccess,
  hasInternalAccess,
  hasPanelPermission,
  type PermissionSubject,
} from './permissions'
import type { Accessibles } from '#contracts/auth.ts'

/** The facts the default path depends on; a Session satisfies it. */
export type DefaultPathSubject = PermissionSubject & {
  accessibles: Accessibles
  isStaff: boolean
}

/** Seeds 6: a volunteer has a volunteer accessible and neither panels nor units. */
export function isVolunteer(accessibles: Accessibles): boolean {
  return (
    accessibles.volunteer !== null &&
    accessibles.apollo.length === 0 &&
    accessibles.units.length === 0
  )
}

/**
 * Seeds 4.1 default path, first rule that holds: /profile (volunteer), /dashboard (consumer view),
 * /analytics, /units, /admin, /xenia (staff with global access), /data-api; else /logout.
 * An undecided view (both kinds of access, nothing remembered) goes to the /redirect chooser.
 * Each rule is the guard of the path it names (contracts/access.ts), so a user never lands on a
 * path that refuses them and bounces back here: one they may not open falls to the next rule.
 */
export function defaultPath(subject: DefaultPathSubject | null): string {
  if (!subject) return '/login'
  if (subject.view.type === 'redirect') return '/redirect'
  if (isVolunteer(subject.accessibles)) return '/profile'
  if (subject.view.type === 'consumer') return '/dashboard'
  if (hasAnalyticsAccess(subject)) return '/analytics'
  if (canSearchAndViewUnits(subject)) return '/units'
  if (hasAdminAccess(subject)) return '/admin'
  // Seeds 001 §6: the internal area needs every Administration view permission too.
  if (subject.isStaff && hasInternalAccess(subject.grants)) return '/xenia'
  if (hasPanelPermission(subject, 'data_api')) return '/data-api'
  return '/logout'
}
