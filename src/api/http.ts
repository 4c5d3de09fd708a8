import * as v from 'valibot'
import { ApiErrorBodySchema, type FieldErrorValues } from '#contracts/errors.ts'
import { reportNetworkFailure, reportNetworkSuccess } from '../offline/online-state'

/** The services of ARCHITECTURE.md, each under its own base URL. */
export type Service =
  | 'auth'
  | 'zeus'
  | 'analytics'
  | 'unit-analytics'
  | 'anomaly'
  | 'admin'
  | 'data-api'
  | 'hc'
  | 'trigger-testing'
  | 'flags'
  | 'signup-sa'
  | 'perf-check'

const baseUrlOverrides = new Map<Service, string>()

/** Points one service at another deployment (tests, or a config read at boot). */
export function setServiceBaseUrl(service: Service, baseUrl: string | null): void {
  if (baseUrl === null) baseUrlOverrides.delete(service)
  else baseUrlOverrides.set(service, baseUrl.replace(/\/+$/, ''))
}

/** The base URL of a service: an override, else `VITE_API_<SERVICE>`, else same-origin `/api/<service>`. */
export function serviceBaseUrl(service: Service): string {
  const override = baseUrlOverrides.get(service)
  if (override !== undefined) return override
  const envKey = `VITE_API_${service.toUpperCase().replace(/-/g, '_')}`
  const fromEnv: unknown = (import.meta.env as Record<string, unknown>)[envKey]
  if (typeof fromEnv === 'string' && fromEnv !== '') return fromEnv.replace(/\/+$/, '')
  return `/api/${service}`
}

/** A refusal by a service: HTTP status plus the stable code of the error body. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly data: Record<string, unknown> | undefined
  readonly errors: Record<string, string | string[]> | undefined
  /** The values some field codes carry (LENGTH_MIN 10), by field then code. */
  readonly values: FieldErrorValues | undefined
  readonly headers: Headers | undefined

  constructor(
    status: number,
    code: string,
    extra: {
      data?: Record<string, unknown>
      errors?: Record<string, string | string[]>
      values?: FieldErrorValues
      headers?: Headers
    } = {},
  ) {
    super(`${code} (${status})`)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.data = extra.data
    this.errors = extra.errors
    this.values = extra.values
    this.headers = extra.headers
  }
}

/** The request never got an answer (offline, DNS, connection reset): not a refusal. */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network request failed', { cause })
    this.name = 'NetworkError'
  }
}

/** Code of a 2xx response whose body does not match its contract. */
export const INVALID_RESPONSE = 'INVALID_RESPONSE'

/** Whether a failure is worth retrying later rather than acting on (offline, 5xx, rate limit). */
export function isTransientError(error: unknown): boolean {
  if (error instanceof NetworkError) return true
  return error instanceof ApiError && (error.status >= 500 || error.status === 429)
}

/** How the wrapper obtains and refreshes the access token; registered by the session module. */
export type AuthHooks = {
  /** The token to send, renewed first when already expired; null when signed out. */
  accessToken(): Promise<string | null>
  /**
   * After a TOKEN_EXPIRED refusal of `rejected`: a newer token (renewing unless another call
   * already did), or null when renewal failed.
   */
  renewAfterExpired(rejected: string | null): Promise<string | null>
}

let authHooks: AuthHooks | null = null

/** Installs the token source (the session module does this once). */
export function setAuthHooks(hooks: AuthHooks | null): void {
  authHooks = hooks
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One query parameter's value: left out when undefined, one entry per item of an array. */
export type QueryValue = string | number | boolean | undefined | readonly string[]

export type RequestOptions<TSchema extends v.GenericSchema> = {
  method?: HttpMethod
  body?: unknown
  /** The response contract; the parsed output is returned. */
  schema: TSchema
  /** Query parameters; an array is sent as the key repeated (`state[]=new&state[]=ongoing`). */
  query?: Record<string, QueryValue>
  /**
   * A body sent as it is with its own content type instead of `body` as JSON: a CSV upload's
   * text, or a file (an image).
   */
  rawBody?: { type: string; text: string } | { type: string; blob: Blob }
  /** Send the Bearer token (default true). */
  auth?: boolean
  /** An explicit token (renewal sends the possibly expired one it replaces). */
  bearer?: string
  signal?: AbortSignal
}

export type HttpResult<T> = { data: T; status: number; headers: Headers }

function buildUrl(service: Service, path: string, query: RequestOptions<never>['query']): string {
  const url = new URL(`${serviceBaseUrl(service)}${path}`, globalThis.location.origin)
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue
    if (typeof value === 'object') for (const item of value) url.searchParams.append(key, item)
    else url.searchParams.set(key, String(value))
  }
  return url.toString()
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    const response = await fetch(url, init)
    reportNetworkSuccess()
    return response
  } catch (error) {
    if (init.signal?.aborted) throw error
    reportNetworkFailure()
    throw new NetworkError(error)
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = v.safeParse(ApiErrorBodySchema, await readJson(response))
  if (!parsed.success) {
    return new ApiError(response.status, response.status >= 500 ? 'INTERNAL' : 'UNKNOWN', {
      headers: response.headers,
    })
  }
  return new ApiError(response.status, parsed.output.code, {
    data: parsed.output.data,
    errors: parsed.output.errors,
    values: parsed.output.values,
    headers: response.headers,
  })
}

/** Sends a request (renewing an expired token once) and returns the answer if it is a success. */
async function fetchOk(
  service: Service,
  path: string,
  options: Omit<RequestOptions<v.GenericSchema>, 'schema'>,
): Promise<Response> {
  const { method = 'GET', body, rawBody, query, auth = true, bearer, signal } = options
  const url = buildUrl(service, path, query)
  const useAuth = auth && bearer === undefined && authHooks !== null

  const attempt = (token: string | null): Promise<Response> => {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (rawBody !== undefined) headers['content-type'] = rawBody.type
    else if (body !== undefined) headers['content-type'] = 'application/json'
    if (token) headers.authorization = `Bearer ${token}`
    return send(url, {
      method,
      headers,
      body:
        rawBody !== undefined
          ? 'blob' in rawBody
            ? rawBody.blob
            : rawBody.text
          : body === undefined
            ? undefined
            : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    })
  }

  const token = useAuth ? ((await authHooks?.accessToken()) ?? null) : (bearer ?? null)
  let response = await attempt(token)
  if (response.status === 401 && useAuth && authHooks) {
    const error = await toApiError(response.clone())
    if (error.code === 'TOKEN_EXPIRED') {
      const renewed = await authHooks.renewAfterExpired(token)
      if (renewed !== null) response = await attempt(renewed)
    }
  }
  if (!response.ok) throw await toApiError(response)
  return response
}

/** Calls a service whose answer is text (a CSV file): the text with status and headers. */
export async function requestText(
  service: Service,
  path: string,
  options: Omit<RequestOptions<v.GenericSchema>, 'schema'> = {},
): Promise<HttpResult<string>> {
  const response = await fetchOk(service, path, options)
  return { data: await response.text(), status: response.status, headers: response.headers }
}

/** Calls a service whose answer is a file (an image): the file with status and headers. */
export async function requestBlob(
  service: Service,
  path: string,
  options: Omit<RequestOptions<v.GenericSchema>, 'schema'> = {},
): Promise<HttpResult<Blob>> {
  const response = await fetchOk(service, path, options)
  return { data: await response.blob(), status: response.status, headers: response.headers }
}

/** Calls a service and returns the parsed body with status and headers. */
export async function requestWithResponse<TSchema extends v.GenericSchema>(
  service: Service,
  path: string,
  options: RequestOptions<TSchema>,
): Promise<HttpResult<v.InferOutput<TSchema>>> {
  const response = await fetchOk(service, path, options)
  const parsed = v.safeParse(options.schema, await readJson(response))
  if (!parsed.success) {
    throw new ApiError(response.status, INVALID_RESPONSE, { headers: response.headers })
  }
  return { data: parsed.output, status: response.status, headers: response.headers }
}

/** Calls a service and returns the body parsed by its contract. */
export async function request<TSchema extends v.GenericSchema>(
  service: Service,
  path: string,
  options: RequestOptions<TSchema>,
): Promise<v.InferOutput<TSchema>> {
  return (await requestWithResponse(service, path, options)).data
}
