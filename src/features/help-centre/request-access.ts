import { getSession, type Session } from '../../session'

/** Seeds 000 §2.7: the request form is not available in the enterprise view. */
export function canSendHelpRequest(session: Session | null = getSession()): boolean {
  return session?.view.type !== 'enterprise'
}
