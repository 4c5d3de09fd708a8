import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import {
  MIGRATED_HEADER,
  MyAccessiblesResponseSchema,
  MyGrantsResponseSchema,
  OkResponseSchema,
  TokenPairResponseSchema,
  TokenValidResponseSchema,
  type Accessibles,
  type AccessTokenPayload,
  type Grants,
  type LoginErrorData,
} from '#contracts/auth.ts'
import {
  OrganisationResponseSchema,
  PersonalInformationResponseSchema,
  PreferencesResponseSchema,
  type PersonalInformation,
} from '#contracts/accounts.ts'
import { ApiErrorBodySchema, type ApiErrorBody } from '#contracts/errors.ts'
import { serviceBaseUrl, type Service } from '../http'

// Test support: every fixture goes through its contract schema, so a fixture that drifts from
// the contract fails the test that uses it instead of passing against a shape the server never sends.

/** The absolute URL msw matches for a service path. */
export function apiUrl(service: Service, path: string): string {
  return new URL(`${serviceBaseUrl(service)}${path}`, globalThis.location.origin).href
}

/** A JSON response whose body is checked against its contract schema first. */
export function contractJson<TSchema extends v.GenericSchema>(
  schema: TSchema,
  body: v.InferInput<TSchema>,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  const parsed: unknown = v.parse(schema, body)
  return new HttpResponse(JSON.stringify(parsed), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', ...init.headers },
  })
}

/** An error response in the shared error shape. */
export function apiErrorResponse(
  status: number,
  body: ApiErrorBody,
  headers?: Record<string, string>,
): Response {
  return contractJson(ApiErrorBodySchema, body, { status, headers })
}

/** A login refusal with its seeds 3 error data. */
export function loginRefusal(
  status: number,
  code: string,
  data: LoginErrorData = {},
  headers?: Record<string, string>,
): Response {
  return apiErrorResponse(status, { code, data }, headers)
}

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** An access token with the seeds' payload (unsigned: the client never verifies it). */
export function makeAccessToken(payload: Partial<AccessTokenPayload> = {}): string {
  const full: AccessTokenPayload = {
    sub: 'user-sub-1',
    user_id: 1,
    exp: Math.floor(Date.now() / 1000) + 900,
    organisation_id: null,
    organisation_owner_id: null,
    owner_id: null,
    preferred_locale: null,
    ...payload,
  }
  return `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify(full))}.c2ln`
}

/** A token pair response body for login/renew. */
export function tokenPairBody(
  payload: Partial<AccessTokenPayload> = {},
  ttl: { access?: number; refresh?: number } = {},
) {
  const now = Math.floor(Date.now() / 1000)
  return {
    code: 'OK' as const,
    accessToken: { token: makeAccessToken(payload), expiresAt: now + (ttl.access ?? 900) },
    refreshToken: { token: `refresh-${String(now)}`, expiresAt: now + (ttl.refresh ?? 2_592_000) },
  }
}

export type AccountFixture = {
  payload?: Partial<AccessTokenPayload>
  grants?: Grants
  accessibles?: Accessibles
  personal?: PersonalInformation
  migrated?: boolean
}

/** Handlers for a successful login sequence (login, grants, accessibles, org, prefs, personal info). */
export function signInHandlers(account: AccountFixture = {}) {
  const payload = { user_id: 1, sub: 'user-sub-1', organisation_id: 10, ...account.payload }
  const accessibles = account.accessibles ?? {
    apollo: [],
    units: [{ unitId: 42 }],
    volunteer: null,
    administration: null,
  }
  return [
    http.post(apiUrl('auth', '/login'), () =>
      contractJson(TokenPairResponseSchema, tokenPairBody(payload), {
        headers: account.migrated ? { [MIGRATED_HEADER]: 'true' } : {},
      }),
    ),
    http.get(apiUrl('auth', '/myGrants'), () =>
      contractJson(MyGrantsResponseSchema, {
        data: account.grants ?? { Agent: { trigger_testing: true } },
      }),
    ),
    http.get(apiUrl('auth', '/myAccessibles'), () =>
      contractJson(MyAccessiblesResponseSchema, { data: accessibles }),
    ),
    http.get(apiUrl('zeus', '/organisations/:id'), ({ params }) =>
      contractJson(OrganisationResponseSchema, {
        data: { id: Number(params.id), name: 'Demo Org' },
      }),
    ),
    http.get(apiUrl('zeus', '/users/:userId/preferences'), () =>
      contractJson(PreferencesResponseSchema, { data: {} }),
    ),
    http.get(apiUrl('zeus', '/users/:sub/personal_information'), () =>
      contractJson(PersonalInformationResponseSchema, {
        data: account.personal ?? {
          first_name: 'Casey',
          last_name: 'Consumer',
          email: 'consumer@example.com',
          default_locale: 'en_GB',
        },
      }),
    ),
  ]
}

export { OkResponseSchema, TokenValidResponseSchema }
