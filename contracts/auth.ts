import * as v from 'valibot'
import { int4, text } from './primitives.ts'

/** Seeds 8.1: every code the login and renewal endpoints answer with. */
export const LoginCodes = {
  OK: 'OK',
  LOGIN_FAILED: 'LOGIN_FAILED',
  LOCKED_STATE_ACCOUNT: 'LOCKED_STATE_ACCOUNT',
  OVER_LOCKOUT_ATTEMPTS: 'OVER_LOCKOUT_ATTEMPTS',
  DISABLED_ACCOUNT: 'DISABLED_ACCOUNT',
  PASSWORD_EXPIRED_ACCOUNT: 'PASSWORD_EXPIRED_ACCOUNT',
  /** Sign-in moved to another vendor's platform (sent with the X-TE-USER-MIGRATED header). */
  USER_MIGRATED: 'USER_MIGRATED',
  INVALID_REFRESH_TOKEN: 'INVALID_REFRESH_TOKEN',
  INVALID_TOKEN: 'INVALID_TOKEN',
} as const
export type LoginCode = (typeof LoginCodes)[keyof typeof LoginCodes]

export const MIGRATED_HEADER = 'x-te-user-migrated'

const email = v.pipe(v.string(), v.trim(), v.maxLength(254), v.email())

export const TokenSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1)),
  /** Epoch seconds. */
  expiresAt: v.number(),
})
export type Token = v.InferOutput<typeof TokenSchema>

export const LoginRequestSchema = v.object({
  email,
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
  device: v.optional(text(100)),
  /**
   * The refresh token of a login this device holds, if any: a live one of the same account proves
   * the device, whose wrong passwords are then counted apart from its address (so a lock earned
   * by others at that address does not stop it). Optional; an invalid one is simply ignored.
   */
  refreshToken: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(512))),
})
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>

/** Login and renew both answer with a fresh token pair. */
export const TokenPairResponseSchema = v.object({
  code: v.literal('OK'),
  accessToken: TokenSchema,
  refreshToken: TokenSchema,
})
export type TokenPairResponse = v.InferOutput<typeof TokenPairResponseSchema>

/** The `data` of a refused login (seeds 3: login error data). */
export const LoginErrorDataSchema = v.object({
  RESET_TOKEN: v.optional(v.string()),
  USER_ID: v.optional(v.number()),
  PASS_EXPIRY_PERIOD_DAYS: v.optional(v.number()),
  /** ISO date, or null for a permanent lock. */
  LOCKED_UNTIL: v.optional(v.nullable(v.string())),
  LOCKOUT_DURATION_SECONDS: v.optional(v.nullable(v.number())),
  REMAINING_LOGIN_ATTEMPTS: v.optional(v.number()),
})
export type LoginErrorData = v.InferOutput<typeof LoginErrorDataSchema>

export const RenewRequestSchema = v.object({
  refreshToken: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
})
export type RenewRequest = v.InferOutput<typeof RenewRequestSchema>

/**
 * POST /api/auth/logout: ends the login that holds this refresh token (its whole family). The
 * refresh token is the proof: no access token is needed, since a device signed out offline sends
 * it later, when its access token has long expired. Always answers 200 `{ code: 'OK' }` for a
 * well-formed body (an unknown, expired or already revoked token ends nothing and says nothing).
 */
export const LogoutRequestSchema = RenewRequestSchema
export type LogoutRequest = v.InferOutput<typeof LogoutRequestSchema>

/** Seeds 3: the access-token payload fields the client reads. */
export const AccessTokenPayloadSchema = v.object({
  sub: v.string(),
  user_id: v.number(),
  exp: v.number(),
  organisation_id: v.nullable(v.number()),
  organisation_owner_id: v.nullable(v.number()),
  owner_id: v.nullable(v.number()),
  preferred_locale: v.nullable(v.string()),
})
export type AccessTokenPayload = v.InferOutput<typeof AccessTokenPayloadSchema>

/** A scope object of a grant, such as `{ panel: 3 }`. */
export const GrantScopeSchema = v.record(v.string(), v.union([v.number(), v.string()]))
export type GrantScope = v.InferOutput<typeof GrantScopeSchema>

/** Resource type (Apollo, Unit, Agent, Global, Administration, Owner, …) → permission → true or scopes. */
export const GrantsSchema = v.record(
  v.string(),
  v.record(v.string(), v.union([v.literal(true), v.array(GrantScopeSchema)])),
)
export type Grants = v.InferOutput<typeof GrantsSchema>
export const MyGrantsResponseSchema = v.object({ data: GrantsSchema })

export const PanelAccessibleSchema = v.object({ pid: v.number(), front_name: v.string() })
export type PanelAccessible = v.InferOutput<typeof PanelAccessibleSchema>
export const UnitAccessibleSchema = v.object({ unitId: v.number() })

export const AccessiblesSchema = v.object({
  apollo: v.array(PanelAccessibleSchema),
  units: v.array(UnitAccessibleSchema),
  /** The volunteer's sign-up id, or null. */
  volunteer: v.nullable(v.object({ signupId: v.number(), owner: v.string() })),
  /** Organisations the user administers, or null. */
  administration: v.nullable(v.object({ organisations: v.array(v.number()) })),
})
export type Accessibles = v.InferOutput<typeof AccessiblesSchema>
export const MyAccessiblesResponseSchema = v.object({ data: AccessiblesSchema })

export const SendPasswordResetEmailRequestSchema = v.object({
  email,
  locale: v.optional(v.string()),
})
export const PasswordResetTokenRequestSchema = v.object({
  /** An int4 like the column it is looked up in: 1e308 is INVALID, not a database error. */
  user_id: int4(),
  token: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
})
export const ResetPasswordRequestSchema = v.object({
  /** An int4 like the column it is looked up in: 1e308 is INVALID, not a database error. */
  user_id: int4(),
  token: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  password: v.pipe(v.string(), v.maxLength(1024)),
})
export type ResetPasswordRequest = v.InferOutput<typeof ResetPasswordRequestSchema>

export const OkResponseSchema = v.object({ code: v.literal('OK') })
export const TokenValidResponseSchema = v.object({
  code: v.literal('OK'),
  data: v.object({ valid: v.literal(true) }),
})

/** A mail in the dev mailbox (only served with DEV_MAILBOX=1). */
export const OutboxMailSchema = v.object({
  id: v.number(),
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  links: v.array(v.string()),
  createdAt: v.string(),
})
export type OutboxMail = v.InferOutput<typeof OutboxMailSchema>
export const OutboxResponseSchema = v.object({ data: v.array(OutboxMailSchema) })

/** Seeds 3: the cookie that holds the client's tokens (written by the client; the server only looks for it). */
export const AUTH_COOKIE = 'wb_auth'
