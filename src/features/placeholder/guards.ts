import { requirePermission, type Session } from '../../session'
import type { NavLinkId } from '../../lib/nav-links'
import { canUseArea } from '../shell'

/**
 * A `beforeLoad` guard for an area behind an app link: the rule that shows the link also opens
 * the route; anyone else gets the not-found page. `extra` narrows it further (a view type).
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
