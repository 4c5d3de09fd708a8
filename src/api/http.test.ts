import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import * as v from 'valibot'
import { OrganisationResponseSchema } from '#contracts/accounts.ts'
import {
  ApiError,
  INVALID_RESPONSE,
  NetworkError,
  request,
  serviceBaseUrl,
  setAuthHooks,
  setServiceBaseUrl,
} from './http'
import { apiErrorResponse, apiUrl, contractJson } from './testing/contract-handlers'

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  setAuthHooks(null)
  setServiceBaseUrl('zeus', null)
})
afterAll(() => {
  server.close()
})

const org = () => request('zeus', '/organisations/10', { schema: OrganisationResponseSchema })

function tokenHooks(initial: string, renewed: string | null) {
  const calls = { renew: 0 }
  let token = initial
  setAuthHooks({
    accessToken: () => Promise.resolve(token),
    renewAfterExpired: () => {
      calls.renew += 1
      if (renewed !== null) token = renewed
      return Promise.resolve(renewed)
    },
  })
  return calls
}

describe('service base URLs', () => {
  it('defaults to same-origin /api/<service> and can be pointed elsewhere', () => {
    expect(serviceBaseUrl('unit-analytics')).toBe('/api/unit-analytics')
    setServiceBaseUrl('zeus', 'https://accounts.example/v2/')
    expect(serviceBaseUrl('zeus')).toBe('https://accounts.example/v2')
  })

  it('sends requests to the configured base URL', async () => {
    setServiceBaseUrl('zeus', 'https://accounts.example/v2')
    server.use(
      http.get('https://accounts.example/v2/organisations/10', () =>
        contractJson(OrganisationResponseSchema, { data: { id: 10, name: 'Elsewhere' } }),
      ),
    )
    await expect(org()).resolves.toEqual({ data: { id: 10, name: 'Elsewhere' } })
  })
})

describe('request', () => {
  it('sends the Bearer token and returns the body parsed by its contract', async () => {
    tokenHooks('token-1', null)
    let auth: string | null = null
    server.use(
      http.get(apiUrl('zeus', '/organisations/10'), ({ request: req }) => {
        auth = req.headers.get('authorization')
        return contractJson(OrganisationResponseSchema, { data: { id: 10, name: 'Org' } })
      }),
    )
    await expect(org()).resolves.toEqual({ data: { id: 10, name: 'Org' } })
    expect(auth).toBe('Bearer token-1')
  })

  it.each([
    { status: 403, body: { code: 'FORBIDDEN' }, code: 'FORBIDDEN' },
    { status: 404, body: { code: 'NOT_FOUND' }, code: 'NOT_FOUND' },
    {
      status: 400,
      body: { code: 'VALIDATION_FAIL', errors: { password: ['PASSWORD_UNCHANGED'] } },
      code: 'VALIDATION_FAIL',
    },
    { status: 429, body: { code: 'RATE_LIMITED' }, code: 'RATE_LIMITED' },
  ])('maps $status $code to ApiError', async ({ status, body, code }) => {
    server.use(http.get(apiUrl('zeus', '/organisations/10'), () => apiErrorResponse(status, body)))
    const error = await org().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status,
      code,
      errors: 'errors' in body ? body.errors : undefined,
    })
  })

  it('gives a code to an error without a JSON body', async () => {
    server.use(
      http.get(
        apiUrl('zeus', '/organisations/10'),
        () => new HttpResponse('<html>', { status: 502 }),
      ),
    )
    await expect(org()).rejects.toMatchObject({ status: 502, code: 'INTERNAL' })
  })

  it('rejects a 2xx body that breaks the contract', async () => {
    server.use(
      http.get(apiUrl('zeus', '/organisations/10'), () => HttpResponse.json({ data: { id: 'x' } })),
    )
    await expect(org()).rejects.toMatchObject({ status: 200, code: INVALID_RESPONSE })
  })

  it('turns a failed transport into NetworkError (not an ApiError)', async () => {
    server.use(http.get(apiUrl('zeus', '/organisations/10'), () => HttpResponse.error()))
    const error = await org().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).not.toBeInstanceOf(ApiError)
  })

  it('renews once on TOKEN_EXPIRED and retries with the new token', async () => {
    const calls = tokenHooks('old', 'new')
    const seen: (string | null)[] = []
    server.use(
      http.get(apiUrl('zeus', '/organisations/10'), ({ request: req }) => {
        seen.push(req.headers.get('authorization'))
        return req.headers.get('authorization') === 'Bearer new'
          ? contractJson(OrganisationResponseSchema, { data: { id: 10, name: 'Org' } })
          : apiErrorResponse(401, { code: 'TOKEN_EXPIRED' })
      }),
    )
    await expect(org()).resolves.toEqual({ data: { id: 10, name: 'Org' } })
    expect(seen).toEqual(['Bearer old', 'Bearer new'])
    expect(calls.renew).toBe(1)
  })

  it('does not loop when the retried request is refused again', async () => {
    const calls = tokenHooks('old', 'new')
    server.use(
      http.get(apiUrl('zeus', '/organisations/10'), () =>
        apiErrorResponse(401, { code: 'TOKEN_EXPIRED' }),
      ),
    )
    await expect(org()).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' })
    expect(calls.renew).toBe(1)
  })

  it('does not renew on other 401 codes', async () => {
    const calls = tokenHooks('old', 'new')
    server.use(
      http.get(apiUrl('zeus', '/organisations/10'), () =>
        apiErrorResponse(401, { code: 'UNAUTHENTICATED' }),
      ),
    )
    await expect(org()).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
    expect(calls.renew).toBe(0)
  })

  it('sends no Authorization header with auth: false', async () => {
    tokenHooks('token-1', null)
    let auth: string | null = 'unset'
    server.use(
      http.post(apiUrl('auth', '/sendPasswordResetEmail'), ({ request: req }) => {
        auth = req.headers.get('authorization')
        return HttpResponse.json({ code: 'OK' })
      }),
    )
    await request('auth', '/sendPasswordResetEmail', {
      method: 'POST',
      body: { email: 'a@example.com' },
      schema: v.object({ code: v.literal('OK') }),
      auth: false,
    })
    expect(auth).toBeNull()
  })

  it.each([
    { query: { page: 2, search: 'LON' }, expected: '?page=2&search=LON' },
    { query: { search: undefined, page: 1 }, expected: '?page=1' },
    {
      query: { 'state[]': ['new', 'ongoing'], per_page: 20 },
      expected: '?state%5B%5D=new&state%5B%5D=ongoing&per_page=20',
    },
    { query: { 'state[]': [] as string[], page: 1 }, expected: '?page=1' },
  ])('sends the query $expected', async ({ query, expected }) => {
    let sent = ''
    server.use(
      http.get(apiUrl('zeus', '/organisations/10'), ({ request: req }) => {
        sent = new URL(req.url).search
        return contractJson(OrganisationResponseSchema, { data: { id: 10, name: 'Org' } })
      }),
    )
    await request('zeus', '/organisations/10', { schema: OrganisationResponseSchema, query })
    expect(sent).toBe(expected)
  })

  it('repeats the key of an array value, one entry per item in order', async () => {
    let states: string[] = []
    server.use(
      http.get(apiUrl('zeus', '/organisations/10'), ({ request: req }) => {
        states = new URL(req.url).searchParams.getAll('state[]')
        return contractJson(OrganisationResponseSchema, { data: { id: 10, name: 'Org' } })
      }),
    )
    await request('zeus', '/organisations/10', {
      schema: OrganisationResponseSchema,
      query: { 'state[]': ['new', 'ongoing'] as const },
    })
    expect(states).toEqual(['new', 'ongoing'])
  })
})
