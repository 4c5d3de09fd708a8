import type { FeatureUpdateType } from '#contracts/feature-updates.ts'
import { permittedNavLinks } from '../../lib/nav-links'
import { userType, type ActiveView, type Session } from '../../session'

/**
 * Seeds 000 §2.8: consumer updates in the consumer view, enterprise updates in the enterprise (and
 * admin) view; a user still choosing a view, or signing up, has none.
 */
export function featureUpdateTypeFor(
  view: ActiveView,
  volunteer: boolean,
): FeatureUpdateType | null {
  if (volunteer) return null
  switch (view.type) {
    case 'consumer':
      return 'consumer'
    case 'enterprise':
    case 'admin':
      return 'enterprise'
    case 'signup':
    case 'redirect':
      return null
  }
}

/**
 * The navigation apps the user has in the active view (the nav rule of seeds 000 §2.2): the
 * server lists only updates about one of them, or about no app in particular (issue 22).
 */
export function featureUpdateApps(session: Session): string[] {
  const facts = { userType: userType(session), subject: session, helpUrl: '' }
  return permittedNavLinks(facts)
    .map((link) => link.id)
    .sort()
}
