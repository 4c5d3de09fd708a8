import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto'

const KEY_LENGTH = 32
const SALT_LENGTH = 16
const BLOCK_SIZE = 8
const PARALLELISM = 1

/** scrypt parameters: N (cost, a power of two), r (block size) and p (parallelism). */
export type ScryptParams = { N: number; r: number; p: number }

/** The parameters used for new hashes at cost N (r=8, p=1: the standard memory-hard setting). */
export function scryptParams(cost: number): ScryptParams {
  return { N: cost, r: BLOCK_SIZE, p: PARALLELISM }
}

function derive(password: string, salt: Buffer, keyLength: number, params: ScryptParams) {
  // Node refuses scrypt above 32 MiB unless maxmem allows it; 128·N·r bytes plus headroom.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 }
  return new Promise<Buffer>((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) => {
      if (error) reject(error)
      else resolve(key)
    })
  })
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash in base64url). */
export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(password, salt, KEY_LENGTH, params)
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$')
}

/** The parameters a stored hash was made with, or null when it is not one of ours. */
export function parseHash(stored: string): (ScryptParams & { salt: Buffer; key: Buffer }) | null {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null
  const [N, r, p] = parts.slice(1, 4).map(Number)
  const salt = Buffer.from(parts[4] ?? '', 'base64url')
  const key = Buffer.from(parts[5] ?? '', 'base64url')
  if (!N || !r || !p || salt.length === 0 || key.length === 0) return null
  return { N, r, p, salt, key }
}

/** Whether `password` matches the stored hash (constant-time comparison). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored)
  if (!parsed) return false
  const key = await derive(password, parsed.salt, parsed.key.length, parsed)
  return timingSafeEqual(key, parsed.key)
}

/** Whether a stored hash was made with other parameters than the current ones (rehash on login). */
export function needsRehash(stored: string, params: ScryptParams): boolean {
  const parsed = parseHash(stored)
  return !parsed || parsed.N !== params.N || parsed.r !== params.r || parsed.p !== params.p
}
