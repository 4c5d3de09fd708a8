import { useNavigation } from '../../navigation/navigation'
import { useSession, type Session } from '../../session'

/**
 * The session the shell shows: none on a page that keeps the visitor's shell (the sign-in page
 * opened first, until the router's page replaces it: src/navigation/navigation.tsx).
 */
export function useShellSession(): Session | null {
  const session = useSession()
  return useNavigation().visitorShell === true ? null : session
}
