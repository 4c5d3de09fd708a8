import {
  canSearchUnits,
  hasAdminAccess,
  hasAnalyticsAccess,
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
 */
export function defaultPath(subject: DefaultPathSubject | null): string {
  if (!subject) return '/login'
  if (subject.view.type === 'redirect') return '/redirect'
  if (isVolunteer(subject.accessibles)) return '/profile'
  if (subject.view.type === 'consumer') return '/dashboard'
  if (hasAnalyticsAccess(subject)) return '/analytics'
  if (canSearchUnits(subject)) return '/units'
  if (hasAdminAccess(subject)) return '/admin'
  if (subject.isStaff && subject.hasGlobalAccess) return '/xenia'
  if (hasPanelPermission(subject, 'data_api')) return '/data-api'
  return '/logout'
}
