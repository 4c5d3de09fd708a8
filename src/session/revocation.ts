import * as v from 'valibot'
import { TokenSchema } from '#contracts/auth.ts'
import { postLogout } from '../api/auth.api'
import { ApiError, isTransientError } from '../api/http'

/**
 * The refresh tokens of deliberate sign-outs that the server has not yet been told about (the
 * device was offline, or the request never got an answer). Kept in localStorage, sent at the next
 * connection or app start, then forgotten.
 */
const KEY = 'wb.revoke'

const PendingRevocationsSchema = v.array(TokenSchema)
export type PendingRevocation = v.InferOutput<typeof TokenSchema>

/** What the revocation needs from the app (injected in tests). */
export type RevocationDeps = {
  send(refreshToken: string): Promise<void>
  isOnline(): boolean
  now(): number
}

const appDeps: RevocationDeps = {
  send: postLogout,
  isOnline: () => globalThis.navigator.onLine,
  now: () => Date.now(),
}

/** The refresh tokens still to revoke on this device, oldest first. */
export function pendingRevocations(): PendingRevocation[] {
  try {
    const raw = localStorage.getItem(KEY)
    if (raw === null) return []
    const parsed = v.safeParse(PendingRevocationsSchema, JSON.parse(raw))
    return parsed.success ? parsed.output : []
  } catch {
    return []
  }
}

function writePending(tokens: PendingRevocation[]): void {
  try {
    if (tokens.length === 0) localStorage.removeItem(KEY)
    else localStorage.setItem(KEY, JSON.stringify(tokens))
  } catch {
    // Storage blocked: the token cannot be kept for later; it expires on the server by itself.
  }
}

function forget(token: string): void {
  writePending(pendingRevocations().filter((pending) => pending.token !== token))
}

/** An expired refresh token renews nothing: there is nothing left to revoke. */
const isLive = (pending: PendingRevocation, nowMs: number) => pending.expiresAt * 1000 > nowMs

/**
 * Sends one revocation. Done (forgotten) once the server answered, a refusal (4xx) included;
 * kept when there was no answer (offline, 5xx, rate limit), for the next connection.
 */
async function sendOne(pending: PendingRevocation, deps: RevocationDeps): Promise<void> {
  try {
    await deps.send(pending.token)
  } catch (error) {
    if (isTransientError(error) || !(error instanceof ApiError)) return
  }
  forget(pending.token)
}

let flushing: Promise<void> | null = null

/** Sends every pending revocation (one run at a time); expired ones are dropped unsent. */
export function sendPendingRevocations(deps: RevocationDeps = appDeps): Promise<void> {
  if (!deps.isOnline()) return Promise.resolve()
  flushing ??= (async () => {
    const all = pendingRevocations()
    const live = all.filter((pending) => isLive(pending, deps.now()))
    if (live.length !== all.length) writePending(live)
    for (const pending of live) await sendOne(pending, deps)
  })().finally(() => {
    flushing = null
  })
  return flushing
}

/**
 * A deliberate sign-out: revokes `refreshToken` on the server, in the background. It is written
 * down first, so that a page closed (or a network lost) before the answer still sends it later.
 */
export function revokeRefreshToken(
  refreshToken: PendingRevocation,
  deps: RevocationDeps = appDeps,
): Promise<void> {
  if (!isLive(refreshToken, deps.now())) return Promise.resolve()
  const others = pendingRevocations().filter((pending) => pending.token !== refreshToken.token)
  writePending([...others, refreshToken])
  if (!deps.isOnline()) return Promise.resolve()
  // A run under way may have read the list before this token was added: send it on its own.
  return flushing ? sendOne(refreshToken, deps) : sendPendingRevocations(deps)
}

let started = false

/** Sends what earlier sign-outs left (app start) and again whenever the connection returns. */
export function startRevocations(
  events: Pick<EventTarget, 'addEventListener'> = globalThis.window,
): void {
  if (started) return
  started = true
  events.addEventListener('online', () => {
    void sendPendingRevocations()
  })
  if (pendingRevocations().length > 0) void sendPendingRevocations()
}
