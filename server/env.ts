import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import * as v from 'valibot'
import { MAP_POINT_LIMIT, MAP_SEND_LIMIT } from '../contracts/maps.ts'

const integer = (fallback: number, min: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(min, `must be at least ${min}`),
      v.maxValue(max, `must be at most ${max}`),
    ),
    String(fallback),
  )

const flag = v.pipe(
  v.picklist(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], 'must be 1/0, true/false'),
  v.transform((value) => ['1', 'true', 'on', 'yes'].includes(value)),
)

const url = (protocols: RegExp) =>
  v.pipe(v.string(), v.url('must be a URL'), v.regex(protocols, 'has an unsupported scheme'))

const EnvSchema = v.object({
  PORT: integer(8080, 0, 65535),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), './data'),
  DATABASE_URL: v.optional(url(/^postgres(ql)?:\/\//)),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  ACCESS_TOKEN_TTL_SECONDS: integer(900, 5, 86_400),
  REFRESH_TOKEN_TTL_SECONDS: integer(2_592_000, 60, 31_536_000),
  // A renewal whose answer was lost (a dropped connection, a page closed mid-request) leaves the
  // client holding the token it just rotated; presenting it again this soon is not a theft.
  REFRESH_REUSE_GRACE_SECONDS: integer(30, 0, 600),
  // A login ends this long after its sign-in whatever its renewals (90 days): then sign in again.
  LOGIN_MAX_AGE_SECONDS: integer(7_776_000, 300, 315_360_000),
  LOGIN_MAX_ATTEMPTS: integer(5, 1, 100),
  LOCKOUT_DURATION_SECONDS: integer(900, 1, 31_536_000),
  LOCKOUTS_BEFORE_PERMANENT: integer(3, 1, 100),
  PASSWORD_EXPIRY_DAYS: integer(90, 1, 3650),
  RESET_TOKEN_TTL_SECONDS: integer(3600, 60, 604_800),
  DEV_MAILBOX: v.optional(flag),
  // The demo units keep reporting (last_seen) and a demo history restarted days later is moved
  // forward to end now. On by default with the embedded database only: never on real data.
  DEMO_FLEET: v.optional(flag),
  SMTP_URL: v.optional(url(/^smtps?:\/\//)),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.nonEmpty()), 'Whitebox <no-reply@whitebox.localhost>'),
  PUBLIC_URL: v.optional(url(/^https?:\/\//)),
  // Host names (comma-separated) this server also answers as, beside PUBLIC_URL's and loopback's.
  ALLOWED_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((name) => name.trim().toLowerCase())
          .filter((name) => name !== ''),
      ),
      v.check(
        (names) => names.every((name) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(name)),
        'must be host names separated by commas (no scheme, no port)',
      ),
    ),
  ),
  LOG_LEVEL: v.optional(
    v.picklist(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'is not a log level',
    ),
    'info',
  ),
  RATE_LIMIT_LOGIN_PER_MINUTE: integer(30, 1, 100_000),
  RATE_LIMIT_ACCOUNT_PER_MINUTE: integer(10, 1, 100_000),
  // Password hashes (scrypt) run at most this many at once, with this many more waiting; beyond
  // that a sign-in is refused at once (503 RATE_LIMITED) rather than queued behind a flood.
  LOGIN_HASH_CONCURRENCY: integer(4, 1, 256),
  LOGIN_HASH_QUEUE: integer(32, 0, 100_000),
  // scrypt N (r=8, p=1): 2^14 = 16 MiB and ~50 ms a hash here, as Django's scrypt hasher and
  // libsodium's "interactive" level. 2^15 crosses glibc's 32 MiB mmap ceiling, so every hash maps
  // and faults in fresh pages: 6x fewer logins/s with 20 concurrent clients on 2 cores (measured
  // with scripts/bench-login.ts). Hashes record their N, and a login rehashes to the current one.
  SCRYPT_COST: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.check(
        (n) => n >= 1024 && n <= 1_048_576 && (n & (n - 1)) === 0,
        'must be a power of two between 1024 and 1048576',
      ),
    ),
    '16384',
  ),
  STATIC_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), 'dist'),
  // A street tile server for maps ({z}/{x}/{y}, optional {s}), with its attribution; unset: the
  // maps draw the bundled outlines only and no request leaves the origin (the CSP follows it).
  MAP_TILE_URL: v.optional(
    v.pipe(url(/^https:\/\//), v.regex(/\{z\}.*\{x\}.*\{y\}/, 'needs {z}, {x} and {y}')),
  ),
  MAP_TILE_ATTRIBUTION: v.optional(v.pipe(v.string(), v.maxLength(500))),
  // Points a map answer sends whole at most; a larger one is clustered by the server per view.
  MAP_SEND_LIMIT: integer(MAP_SEND_LIMIT, 1, MAP_POINT_LIMIT),
})

type ParsedEnv = v.InferOutput<typeof EnvSchema>

/** The server settings after defaults: every value the code reads comes from here. */
export type Env = Omit<
  ParsedEnv,
  'DEV_MAILBOX' | 'DEMO_FLEET' | 'PUBLIC_URL' | 'ALLOWED_HOSTS' | 'DATA_DIR' | 'STATIC_DIR'
> & {
  DEV_MAILBOX: boolean
  DEMO_FLEET: boolean
  PUBLIC_URL: string
  /** Host names (lower case, no port) a request's Host may name: see allowedHosts(). */
  ALLOWED_HOSTS: string[]
  DATA_DIR: string
  STATIC_DIR: string
}

/** Thrown for a bad environment; the message names every offending variable. */
export class EnvError extends Error {
  override name = 'EnvError'
}

/** Parses environment variables (empty strings count as unset) into the server settings. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const input: Record<string, string> = {}
  for (const key of Object.keys(EnvSchema.entries)) {
    const value = source[key]
    if (value !== undefined && value !== '') input[key] = value
  }
  const result = v.safeParse(EnvSchema, input)
  if (!result.success) {
    const lines = result.issues.map((issue) => {
      const name = issue.path?.map((item) => String(item.key)).join('.') ?? 'environment'
      return `  ${name}=${JSON.stringify(input[name] ?? '')}: ${issue.message}`
    })
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`)
  }
  const env = result.output
  const devMailbox = env.DEV_MAILBOX ?? false
  if (devMailbox && !isLoopbackHost(env.HOST)) {
    throw new EnvError(
      `Invalid environment:\n  DEV_MAILBOX=1: the dev mailbox shows every reset link to whoever reaches it, so it is served on a loopback HOST only (127.0.0.1, ::1, localhost), not HOST=${env.HOST}`,
    )
  }
  if (devMailbox && env.SMTP_URL !== undefined) {
    throw new EnvError(
      'Invalid environment:\n  DEV_MAILBOX=1: mail is sent over SMTP_URL, so the dev mailbox is never served beside it',
    )
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
  return {
    ...env,
    DATA_DIR: resolve(env.DATA_DIR),
    STATIC_DIR: resolve(env.STATIC_DIR),
    // Off unless asked for: `npm start` asks for it (the quick start), the server never assumes it.
    DEV_MAILBOX: devMailbox,
    DEMO_FLEET: env.DEMO_FLEET ?? env.DATABASE_URL === undefined,
    PUBLIC_URL: publicUrl,
    ALLOWED_HOSTS: [
      ...new Set([new URL(publicUrl).hostname, ...LOOPBACK_NAMES, ...(env.ALLOWED_HOSTS ?? [])]),
    ],
  }
}

/** Names that always reach this machine: a page elsewhere cannot make a browser send them. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']

/** Whether HOST binds to this machine only (the dev mailbox's condition). */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/** JWT_SECRET, or a secret generated once into DATA_DIR/jwt-secret (mode 600) and reused. */
export async function resolveJwtSecret(env: Env): Promise<string> {
  if (env.JWT_SECRET) return env.JWT_SECRET
  const file = join(env.DATA_DIR, 'jwt-secret')
  try {
    return (await readFile(file, 'utf8')).trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(env.DATA_DIR, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  try {
    // 'wx': when two processes race, the loser reads the winner's secret instead of replacing it.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' })
    return secret
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return (await readFile(file, 'utf8')).trim()
  }
}
