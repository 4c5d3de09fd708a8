import { STAFF_ORGANISATION_ID } from '#contracts/access.ts'
import type { Accessibles, AccessTokenPayload, Grants } from '#contracts/auth.ts'
import type { Organisation, PersonalInformation, Preferences } from '#contracts/accounts.ts'
import { replaceEqualDeep } from '@tanstack/react-query'
import { getMyAccessibles, getMyGrants, postRenew } from '../api/auth.api'
import { setAuthHooks, type ApiError } from '../api/http'
import { getOrganisation, getPersonalInformation, getPreferences } from '../api/zeus.api'
import type { ApiLocaleCode } from '#contracts/locales.ts'
import { defaultPath as defaultPathRule, isVolunteer } from '../lib/default-path'
import { hasGlobalGrant } from '../lib/permissions'
import { chooseView, isViewAccessible } from '../lib/view-choice'
import { whenIdle } from '../ui/when-idle'
import {
  FLAG_KEYS,
  hasMigratedCookie,
  hasStaffCookie,
  readJsonFlag,
  readPanelFlag,
  writeJsonFlag,
  writeMigratedCookie,
  writePanelFlag,
} from './local-flags'
import { currentPath, navigateTo } from './navigation'
import { RememberedViewSchema } from './session.schema'
import type { ActiveView, Session } from './session.types'
import { clearStore, getSession, getTokens, loadFromStorage, setSession, setTokens } from './store'
import { decodeAccessToken, type TokenPair } from './tokens'
import { createRenewal } from './renewal'
import { revokeRefreshToken, startRevocations } from './revocation'

const LOCK_CODES = new Set(['LOCKED_STATE_ACCOUNT', 'OVER_LOCKOUT_ATTEMPTS'])

/** Where to go after a lockout refusal: /locked with the duration in seconds when known. */
export function lockedPath(data: Record<string, unknown> | undefined): string {
  const seconds = data?.LOCKOUT_DURATION_SECONDS
  return typeof seconds === 'number' && seconds > 0
    ? `/locked?duration=${Math.round(seconds)}`
    : '/locked'
}

function handleRenewalRefused(error: ApiError): void {
  if (LOCK_CODES.has(error.code)) {
    deauthenticate()
    if (globalThis.location.pathname !== '/login') navigateTo(lockedPath(error.data))
    return
  }
  void logout({ migrated: error.code === 'USER_MIGRATED' })
}

const renewal = createRenewal({
  getTokens,
  renew: async (tokens) => {
    const next = await postRenew(tokens.accessToken.token, tokens.refreshToken.token)
    return { accessToken: next.accessToken, refreshToken: next.refreshToken }
  },
  saveTokens: setTokens,
  onRefused: handleRenewalRefused,
  onExpired: () => {
    void logout()
  },
  now: () => Date.now(),
  events: globalThis.window,
})

setAuthHooks({
  accessToken: () => renewal.freshAccessToken(),
  renewAfterExpired: async (rejected) => {
    const current = getTokens()?.accessToken.token ?? null
    // Another request already renewed while this one was out: use its token.
    if (current !== null && current !== rejected) return current
    const next = await renewal.renewNow()
    return next?.accessToken.token ?? null
  },
})

/** Renews the tokens now (shared in-flight promise); used on reconnect and by tests. */
export function renewNow(): Promise<TokenPair | null> {
  return renewal.renewNow()
}

/**
 * What happens to the changes still queued (made offline, not yet sent) when a session ends.
 * 'keep': they are kept for that user, and sent after the same user signs in again (a session
 * the server ended, or a sign-out whose user chose "Send when back online"). 'discard': dropped
 * (a sign-out whose user chose Discard).
 */
export type QueuedChangesOnEnd = 'keep' | 'discard'

/** What deauthentication listeners are told. */
export type DeauthenticateEvent = { queuedChanges: QueuedChangesOnEnd }

const deauthListeners = new Set<(event: DeauthenticateEvent) => void>()

/** Runs `listener` on every deauthentication (e.g. to wipe the persisted query cache). */
export function onDeauthenticate(listener: (event: DeauthenticateEvent) => void): () => void {
  deauthListeners.add(listener)
  return () => {
    deauthListeners.delete(listener)
  }
}

/**
 * Seeds 4.1 deauthenticate: forget tokens, session data, preferences and flags; the listeners
 * drop the cached data (src/offline/data-layer.tsx) and whatever else was the user's. Queued
 * changes are kept for the user unless `queuedChanges` is 'discard': nothing is dropped silently.
 */
export function deauthenticate(options: { queuedChanges?: QueuedChangesOnEnd } = {}): void {
  const event: DeauthenticateEvent = { queuedChanges: options.queuedChanges ?? 'keep' }
  renewal.stop()
  clearStore()
  writeMigratedCookie(false)
  for (const listener of deauthListeners) listener(event)
}

/**
 * The end of a session the user did not ask for (renewal refused, refresh token expired):
 * deauthenticates, keeping the queued changes, and navigates to /logout (with
 * accountMigrated=true for migrated accounts). Nothing is revoked: the server ended it.
 */
export async function logout(options?: { migrated?: boolean }): Promise<void> {
  deauthenticate()
  navigateTo(options?.migrated === true ? '/logout?accountMigrated=true' : '/logout')
  await Promise.resolve()
}

/**
 * A deliberate sign-out (the account menu's "Sign out"): the login is revoked on the server in
 * the background (later, from this device, when offline), the queued changes are kept for the
 * user or discarded as chosen, then deauthenticates and navigates to /logout.
 */
export function signOut(options: { queuedChanges?: QueuedChangesOnEnd } = {}): void {
  const refreshToken = getTokens()?.refreshToken
  if (refreshToken) void revokeRefreshToken(refreshToken)
  deauthenticate(options)
  navigateTo('/logout')
}

/** Seeds 4.1: where the signed-in user lands. */
export function defaultPath(session: Session | null): string {
  return defaultPathRule(session)
}

/** Seeds 6 user type: volunteer, else the active view's kind (undecided counts as signup). */
export function userType(
  session: Session | null,
): 'volunteer' | 'consumer' | 'enterprise' | 'admin' | 'signup' {
  if (!session) return 'signup'
  if (isVolunteer(session.accessibles)) return 'volunteer'
  switch (session.view.type) {
    case 'enterprise':
    case 'consumer':
    case 'admin':
      return session.view.type
    case 'signup':
    case 'redirect':
      return 'signup'
  }
}

/** The remembered view of this user (remember-my-selection), or null. */
export function rememberedView(userId: number): ActiveView | null {
  const remembered = readJsonFlag(FLAG_KEYS.remember, RememberedViewSchema)
  return remembered?.userId === userId ? remembered.view : null
}

/** The facts fetched by the login sequence and the background refresh. */
export type SessionParts = {
  payload: AccessTokenPayload
  grants: Grants
  accessibles: Accessibles
  organisation: Organisation | null
  preferences: Preferences
  personal: PersonalInformation | null
  migrated: boolean
}

/** Builds the session; an earlier view is kept while still accessible. */
export function buildSession(parts: SessionParts, previousView: ActiveView | null): Session {
  const { payload, grants, accessibles, personal } = parts
  const view =
    previousView && previousView.type !== 'redirect' && isViewAccessible(previousView, accessibles)
      ? previousView
      : chooseView(accessibles, rememberedView(payload.user_id), readPanelFlag(payload.user_id))
  return {
    userId: payload.user_id,
    sub: payload.sub,
    email: personal?.email ?? '',
    firstName: personal?.first_name ?? '',
    lastName: personal?.last_name ?? '',
    organisation: parts.organisation,
    grants,
    accessibles,
    preferences: parts.preferences,
    view,
    isStaff: payload.organisation_id === STAFF_ORGANISATION_ID || hasStaffCookie(),
    hasGlobalAccess: hasGlobalGrant(grants),
    ownerId: payload.owner_id,
    organisationOwnerId: payload.organisation_owner_id,
    migrated: parts.migrated,
  }
}

async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise
  } catch {
    return null
  }
}

/**
 * Seeds 4.1 step two: grants, accessibles, organisation, preferences and personal information in
 * parallel. Grants and accessibles are required (null when either failed); the rest degrade.
 */
export async function fetchSessionParts(
  payload: AccessTokenPayload,
  migrated: boolean,
): Promise<SessionParts | null> {
  const [grants, accessibles, organisation, preferences, personal] = await Promise.all([
    orNull(getMyGrants()),
    orNull(getMyAccessibles()),
    payload.organisation_id === null
      ? Promise.resolve(null)
      : orNull(getOrganisation(payload.organisation_id)),
    orNull(getPreferences(payload.user_id)),
    orNull(getPersonalInformation(payload.sub)),
  ])
  if (grants === null || accessibles === null) return null
  return {
    payload,
    grants,
    accessibles,
    organisation,
    preferences: preferences ?? {},
    personal,
    migrated,
  }
}

let started = false
let refreshed = false

/** Brings a restored session to life once: renewal schedule, cross-tab sync, background refresh. */
export function startSession(): void {
  if (!started) {
    started = true
    // Sign-outs made offline are sent now, and at every reconnect.
    startRevocations()
    globalThis.window.addEventListener('storage', (event) => {
      if (event.key === FLAG_KEYS.session || event.key === null) loadFromStorage()
    })
  }
  if (getSession() === null) return
  renewal.schedule()
  if (!refreshed) {
    refreshed = true
    // Once the opened page is on screen and the browser idle: background work, whose five requests
    // would otherwise share the network with the page's own code and data.
    whenIdle(() => void refreshSession(), REFRESH_IDLE_TIMEOUT_MS, 500)
  }
}

/** How long the background refresh waits at most for the page to go idle. */
const REFRESH_IDLE_TIMEOUT_MS = 2_000

/** Re-fetches the session data in the background; failures keep what is stored. */
export async function refreshSession(): Promise<void> {
  const tokens = getTokens()
  const current = getSession()
  if (!tokens || !current) return
  const payload = decodeAccessToken(tokens.accessToken.token)
  if (!payload) return
  const parts = await fetchSessionParts(payload, current.migrated || hasMigratedCookie())
  const latest = getSession()
  if (!parts || latest?.userId !== current.userId) return
  const next = buildSession(parts, latest.view)
  // Nothing changed (the usual case): no new session object, so no screen renders again. Compared
  // deeply, whatever the key order (the stored copy is read back through its schema).
  if (replaceEqualDeep(latest, next) === latest) return
  setSession(next)
}

/** Starts renewal for freshly stored tokens (after login). */
export function scheduleRenewal(): void {
  renewal.schedule()
}

/**
 * Switches the active view. `remember` keeps it for the next login (unticked forgets it). Then
 * navigates to `navigate` when given, else the new default path; false stays.
 */
export function switchView(
  view: ActiveView,
  remember: boolean,
  options: { navigate?: string | false } = {},
): void {
  const session = getSession()
  if (!session) return
  if (view.type === 'enterprise') writePanelFlag(session.userId, view.panelId)
  writeJsonFlag(FLAG_KEYS.remember, remember ? { userId: session.userId, view } : null)
  const next = { ...session, view }
  setSession(next)
  if (options.navigate === false) return
  navigateTo(options.navigate ?? defaultPath(next))
}

/**
 * The offline queue's code (in the data layer's chunk). A signed-in page always has the data layer
 * running, whose client the queue uses; without it a change is sent at once.
 */
function offlineQueue() {
  return import('../offline/mutations')
}

/**
 * Stores the whole preferences object locally and sends it through the offline queue: offline it
 * waits (persisted) for the connection; a refusal goes to the pending changes panel, never thrown.
 */
export async function savePreferences(next: Preferences): Promise<void> {
  const session = getSession()
  if (!session) return
  setSession({ ...session, preferences: next })
  const { queueChange, PREFERENCES_SAVE_KEY } = await offlineQueue()
  await queueChange(PREFERENCES_SAVE_KEY, { userId: session.userId, preferences: next })
}

/**
 * Sends the default locale of a signed-in user through the offline queue; resolves once it is
 * sent, refused (kept in pending changes) or queued and persisted, so a reload right after is safe.
 */
export async function saveDefaultLocale(locale: ApiLocaleCode): Promise<void> {
  const session = getSession()
  if (!session) return
  const { queueChange, LOCALE_SAVE_KEY } = await offlineQueue()
  await queueChange(LOCALE_SAVE_KEY, { sub: session.sub, locale })
}

export { currentPath }
