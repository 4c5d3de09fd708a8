import * as v from 'valibot'
import {
  AccessTokenPayloadSchema,
  AUTH_COOKIE,
  TokenSchema,
  type AccessTokenPayload,
} from '#contracts/auth.ts'
import { deleteCookie, readCookie, writeCookie } from './cookies'

// Seeds 3: the auth cookie holds both tokens with their expiry (epoch seconds).
export { AUTH_COOKIE }

export const TokenPairSchema = v.object({ accessToken: TokenSchema, refreshToken: TokenSchema })
export type TokenPair = v.InferOutput<typeof TokenPairSchema>

/** The stored token pair, or null when absent or unreadable. */
export function readTokens(): TokenPair | null {
  const raw = readCookie(AUTH_COOKIE)
  if (raw === null) return null
  try {
    const parsed = v.safeParse(TokenPairSchema, JSON.parse(raw))
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

/** Stores a token pair in the auth cookie (never in IndexedDB). */
export function writeTokens(tokens: TokenPair): void {
  writeCookie(
    AUTH_COOKIE,
    JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }),
  )
}

/** Removes the auth cookie. */
export function clearTokens(): void {
  deleteCookie(AUTH_COOKIE)
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

/** The access token's payload (not verified: the server does that), or null when malformed. */
export function decodeAccessToken(token: string): AccessTokenPayload | null {
  const payload = token.split('.')[1]
  if (payload === undefined) return null
  try {
    const parsed = v.safeParse(AccessTokenPayloadSchema, JSON.parse(base64UrlDecode(payload)))
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

/** Seeds 4.1: tokens exist, the refresh token is unexpired and the access token has a user_id. */
export function tokensAuthenticate(tokens: TokenPair | null, nowMs: number): boolean {
  if (!tokens) return false
  if (tokens.refreshToken.expiresAt * 1000 <= nowMs) return false
  return decodeAccessToken(tokens.accessToken.token) !== null
}
