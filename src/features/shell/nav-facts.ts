import { userType, type Session } from '../../session'
import type { NavFacts } from '../../lib/nav-links'
import { SHELL_LINKS } from './shell-config'

/** The facts the nav rule needs, read from the session (null when signed out). */
export function navFactsFromSession(session: Session | null): NavFacts {
  return {
    userType: session ? userType(session) : 'anonymous',
    subject: session,
    helpUrl: SHELL_LINKS.helpUrl,
  }
}

/** The key the nav order of this session's view is saved under ('anonymous' when signed out). */
export function navViewType(session: Session | null): string {
  return session ? session.view.type : 'anonymous'
}
