import { useEffect, useSyncExternalStore } from 'react'
import { startSession as start } from './session'
import { getSession, subscribe } from './store'
import type { Session } from './session.types'

export type { ActiveView, Session, ViewType } from './session.types'
export {
  activePanelId,
  analyticsGroup,
  canSearchUnits,
  canViewUnitPages,
  hasAdminAccess,
  hasAnalyticsAccess,
  hasInternalAccess,
  hasPanelPermission,
  hasPermission,
  isGlobalDeveloper,
  organisationRole,
  RESOURCE,
  type PermissionScope,
} from '../lib/permissions'
export { isVolunteer } from '../lib/default-path'
export { getSession, getTokens, isAuthenticated, subscribe as subscribeSession } from './store'
export {
  deauthenticate,
  defaultPath,
  logout,
  onDeauthenticate,
  renewNow,
  refreshSession,
  rememberedView,
  saveDefaultLocale,
  savePreferences,
  signOut,
  startSession,
  switchView,
  userType,
  type DeauthenticateEvent,
  type QueuedChangesOnEnd,
} from './session'
export { login, type Credentials, type LoginOutcome } from './login'
export { rememberSignedOutLocale } from './signed-out-locale'
export {
  loginHref,
  redirectFromIndex,
  redirectSignedIn,
  requirePermission,
  requireSession,
  requireSignedIn,
} from './guards'
export { canUseArea, requireArea, requireSessionCheck } from './area-guards'
export { connectNavigator, currentPath, type SessionNavigator } from './navigation'
export { FLAG_COOKIES, FLAG_KEYS, hasMigratedCookie, hasStaffCookie } from './local-flags'

/** The current session as React state (null when signed out). */
export function useSession(): Session | null {
  // Screens outside the guarded routes (help centre, shell) also keep a restored session renewed.
  useEffect(start, [])
  return useSyncExternalStore(subscribe, getSession, getSession)
}
