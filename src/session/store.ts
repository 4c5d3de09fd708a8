import { FLAG_KEYS, readJsonFlag, writeJsonFlag, writeUserIdFlag } from './local-flags'
import { SessionSchema } from './session.schema'
import type { Session } from './session.types'
import {
  clearTokens,
  decodeAccessToken,
  readTokens,
  tokensAuthenticate,
  writeTokens,
  type TokenPair,
} from './tokens'

type State = { tokens: TokenPair | null; session: Session | null }

let state: State = { tokens: null, session: null }
let loaded = false
const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of listeners) listener()
}

/** Re-reads the auth cookie and the persisted session (reload, another tab, tests). */
export function loadFromStorage(): void {
  const tokens = readTokens()
  let session = readJsonFlag(FLAG_KEYS.session, SessionSchema)
  // Session data of another user than the cookie's (a switch in another tab) is not trusted.
  const payload = tokens ? decodeAccessToken(tokens.accessToken.token) : null
  if (session && payload?.user_id !== session.userId) session = null
  state = { tokens, session }
  loaded = true
  notify()
}

function ensureLoaded(): void {
  if (!loaded) loadFromStorage()
}

/** Subscribes to session changes (useSyncExternalStore). */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The stored token pair, or null. */
export function getTokens(): TokenPair | null {
  ensureLoaded()
  return state.tokens
}

/** Stores a new token pair in memory and in the auth cookie. */
export function setTokens(tokens: TokenPair): void {
  ensureLoaded()
  writeTokens(tokens)
  state = { ...state, tokens }
  notify()
}

// getSession runs on every render of every useSession consumer: check each token pair once,
// then only its refresh expiry.
let checked: { tokens: TokenPair; valid: boolean } | null = null

/** Seeds 4.1 authenticated: auth cookie, unexpired refresh token, access token with a user_id. */
export function isAuthenticated(): boolean {
  const tokens = getTokens()
  if (!tokens) return false
  if (checked?.tokens !== tokens) {
    checked = { tokens, valid: tokensAuthenticate(tokens, Date.now()) }
  }
  return checked.valid && tokens.refreshToken.expiresAt * 1000 > Date.now()
}

/** The signed-in session, or null when unauthenticated or its data is missing. */
export function getSession(): Session | null {
  ensureLoaded()
  return isAuthenticated() ? state.session : null
}

/** Stores (and persists) the session data; null forgets it. */
export function setSession(session: Session | null): void {
  ensureLoaded()
  writeJsonFlag(FLAG_KEYS.session, session)
  writeUserIdFlag(session?.userId ?? null)
  state = { ...state, session }
  notify()
}

/** Forgets tokens and session data (the deauthenticate part that touches this store). */
export function clearStore(): void {
  clearTokens()
  writeJsonFlag(FLAG_KEYS.session, null)
  state = { tokens: null, session: null }
  loaded = true
  notify()
}
