import { isNavLinkPermitted, type NavLinkId } from '../lib/nav-links'
import { requirePermission } from './guards'
import { userType } from './session'
import type { Session } from './session.types'

/**
 * Whether the session may use the area behind one app link: the rule that shows the link (lib/
 * nav-links, built on contracts/access.ts) is the rule that opens the route.
 */
export function canUseArea(session: Session | null, id: NavLinkId): boolean {
  return (
    session !== null && isNavLinkPermitted(id, { userType: userType(session), subject: session })
  )
}

/**
 * A `beforeLoad` guard for an area behind an app link: anyone the link is not offered to gets
 * the not-found page. `extra` narrows it further (a view type).
 */
export function requireArea(
  id: NavLinkId,
  extra: (session: Session) => boolean = () => true,
): () => void {
  return requirePermission((session) => canUseArea(session, id) && extra(session), 'notFound')
}

/** A guard on the session alone (pages no app link leads to), failing to not-found. */
export function requireSessionCheck(check: (session: Session) => boolean): () => void {
  return requirePermission(check, 'notFound')
}
