import { createHash, randomBytes } from 'node:crypto'

/** A fresh opaque token (256 bits, base64url) for refresh and reset links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Tokens are stored only as their SHA-256: a database leak does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
