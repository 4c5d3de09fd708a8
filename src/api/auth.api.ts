import * as v from 'valibot'
import {
  MIGRATED_HEADER,
  MyAccessiblesResponseSchema,
  MyGrantsResponseSchema,
  OkResponseSchema,
  TokenPairResponseSchema,
  TokenSchema,
  TokenValidResponseSchema,
  type Accessibles,
  type Grants,
  type LoginRequest,
  type TokenPairResponse,
} from '#contracts/auth.ts'
import { ApiError, request, requestWithResponse } from './http'

/** Client-only code: a 2xx login without an access token (seeds 5: "Auth failed"). */
export const AUTH_FAILED = 'AUTH_FAILED'

/** A login answer is read leniently first so that a missing token gives AUTH_FAILED, not a parse error. */
const LoginAnswerSchema = v.object({
  code: v.optional(v.string()),
  accessToken: v.optional(v.unknown()),
  refreshToken: v.optional(v.unknown()),
})

export type LoginResult = {
  tokens: TokenPairResponse
  /** X-TE-USER-MIGRATED: true on a successful login: show the deprecation banner. */
  migrated: boolean
}

/** POST /login; throws ApiError (the seeds' codes) or NetworkError. */
export async function postLogin(credentials: LoginRequest): Promise<LoginResult> {
  const { data, status, headers } = await requestWithResponse('auth', '/login', {
    method: 'POST',
    body: credentials,
    schema: LoginAnswerSchema,
    auth: false,
  })
  if (!v.is(TokenSchema, data.accessToken)) throw new ApiError(status, AUTH_FAILED, { headers })
  const tokens = v.safeParse(TokenPairResponseSchema, { ...data, code: 'OK' })
  if (!tokens.success) throw new ApiError(status, AUTH_FAILED, { headers })
  return { tokens: tokens.output, migrated: headers.get(MIGRATED_HEADER) === 'true' }
}

/** POST /renew with the current (possibly expired) access token as Bearer. */
export async function postRenew(
  accessToken: string,
  refreshToken: string,
): Promise<TokenPairResponse> {
  return request('auth', '/renew', {
    method: 'POST',
    body: { refreshToken },
    schema: TokenPairResponseSchema,
    bearer: accessToken,
  })
}

/**
 * POST /logout: revokes the login that holds this refresh token (its whole family). No access
 * token: a sign-out made offline sends it later, when the access token has long expired.
 */
export async function postLogout(refreshToken: string): Promise<void> {
  await request('auth', '/logout', {
    method: 'POST',
    body: { refreshToken },
    schema: OkResponseSchema,
    auth: false,
  })
}

/** GET /myGrants. */
export async function getMyGrants(): Promise<Grants> {
  return (await request('auth', '/myGrants', { schema: MyGrantsResponseSchema })).data
}

/** GET /myAccessibles. */
export async function getMyAccessibles(): Promise<Accessibles> {
  return (await request('auth', '/myAccessibles', { schema: MyAccessiblesResponseSchema })).data
}

/** POST /sendPasswordResetEmail (404 EMAIL_NOT_FOUND when no user has that email). */
export async function postSendPasswordResetEmail(email: string, locale?: string): Promise<void> {
  await request('auth', '/sendPasswordResetEmail', {
    method: 'POST',
    body: { email, locale },
    schema: OkResponseSchema,
    auth: false,
  })
}

/** POST /isPasswordResetTokenValid (400 INVALID_TOKEN when invalid, used or expired). */
export async function postIsPasswordResetTokenValid(userId: number, token: string): Promise<true> {
  await request('auth', '/isPasswordResetTokenValid', {
    method: 'POST',
    body: { user_id: userId, token },
    schema: TokenValidResponseSchema,
    auth: false,
  })
  return true
}

/** POST /resetPassword (400 INVALID_TOKEN, or VALIDATION_FAIL with errors.password). */
export async function postResetPassword(
  userId: number,
  token: string,
  password: string,
): Promise<void> {
  await request('auth', '/resetPassword', {
    method: 'POST',
    body: { user_id: userId, token, password },
    schema: OkResponseSchema,
    auth: false,
  })
}
