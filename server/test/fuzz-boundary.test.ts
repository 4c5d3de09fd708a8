/**
 * The causes of issue 20's 5xx answers, one request each (the fuzz suite, fuzz.test.ts, looks for
 * more): each is refused at the boundary with the usual validation shape, or a 400 for a body that
 * cannot be read.
 */
import Fastify, { type FastifyRequest } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { installErrorHandler } from '../errors.ts'
import { bearer, errorBody, signIn, useTestApp } from './helpers.ts'

const t = useTestApp()
let token = ''
let userId = 0
let sub = ''

beforeAll(async () => {
  token = (await signIn(t.app, 'consumer')).accessToken.token
  const payload = JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as { user_id: number; sub: string }
  userId = payload.user_id
  sub = payload.sub
})

function put(url: string, payload: string) {
  return t.app.inject({
    method: 'PUT',
    url,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload,
  })
}

describe('text PostgreSQL cannot store', () => {
  it.each([
    ['a NUL', 'a\\u0000b'],
    ['a lone high surrogate', 'a\\ud800b'],
    ['a lone low surrogate', '\\udc00'],
  ])('a help-centre request with %s in its body is 422 INVALID', async (_, body) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/hc/requests',
      remoteAddress: '198.51.100.7',
      headers: { 'content-type': 'application/json' },
      payload: `{"request":{"requester":{"name":"Ann","email":"ann@example.com"},"subject":"Hi","comment":{"body":"${body}"},"priority":"low"}}`,
    })
    expect(response.statusCode).toBe(422)
    expect(errorBody(response)).toEqual({
      code: 'VALIDATION_FAIL',
      errors: { 'comment.body': ['INVALID'] },
    })
  })

  it('keeps a surrogate pair (an emoji) as text', async () => {
    const response = await put(
      `/api/zeus/users/${sub}/personal_information`,
      '{"first_name":"Ann \\ud83d\\ude00"}',
    )
    expect(response.statusCode).toBe(200)
  })

  it('refuses a NUL in a name with 400 INVALID', async () => {
    const response = await put(
      `/api/zeus/users/${sub}/personal_information`,
      '{"first_name":"a\\u0000"}',
    )
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toEqual({
      code: 'VALIDATION_FAIL',
      errors: { first_name: ['INVALID'] },
    })
  })
})

describe('numbers beyond int4', () => {
  it.each([1e308, 2_147_483_648, -2_147_483_649, 1.5])(
    'isPasswordResetTokenValid with user_id %d is 400 INVALID',
    async (value) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/isPasswordResetTokenValid',
        payload: { user_id: value, token: 'abc' },
      })
      expect(response.statusCode).toBe(400)
      expect(errorBody(response)).toEqual({
        code: 'VALIDATION_FAIL',
        errors: { user_id: ['INVALID'] },
      })
    },
  )

  it.each(['/api/zeus/organisations/9999999999', '/api/zeus/users/2147483648/preferences'])(
    'GET %s is 400, not a database error',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) })
      expect(response.statusCode).toBe(400)
      expect(errorBody(response).code).toBe('VALIDATION_FAIL')
    },
  )
})

describe('free-form JSON (preferences)', () => {
  it.each([
    ['5,000 arrays deep', `{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`],
    ['17 objects deep', `${'{"a":'.repeat(17)}1${'}'.repeat(17)}`],
    ['2,001 values', `{"a":[${'0,'.repeat(2_000)}0]}`],
    ['a NUL in a key', '{"a\\u0000":1}'],
    ['a lone surrogate in a nested value', '{"a":{"b":["\\ud800"]}}'],
  ])('refuses preferences %s with 400 VALIDATION_FAIL', async (_, payload) => {
    const response = await put(`/api/zeus/users/${userId}/preferences`, payload)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toEqual({ code: 'VALIDATION_FAIL', errors: { body: ['INVALID'] } })
  })

  it('stores preferences 16 deep', async () => {
    const payload = `${'{"a":'.repeat(16)}1${'}'.repeat(16)}`
    const response = await put(`/api/zeus/users/${userId}/preferences`, payload)
    expect(response.statusCode).toBe(200)
  })
})

describe('bodies that cannot be read', () => {
  it.each([
    ['malformed JSON', '{"a":'],
    ['an empty JSON body', ''],
    ['JSON nested 30,000 deep', `${'['.repeat(30_000)}${']'.repeat(30_000)}`],
  ])('%s is 400 BAD_REQUEST or VALIDATION_FAIL', async (_, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    })
    expect(response.statusCode).toBe(400)
    expect(['BAD_REQUEST', 'VALIDATION_FAIL']).toContain(errorBody(response).code)
  })

  it('a parser giving up on a body (SyntaxError, stack overflow) is 400, not 500', async () => {
    const app = Fastify()
    installErrorHandler(app)
    app.addContentTypeParser(
      'application/x-deep',
      { parseAs: 'string' },
      async (_request: FastifyRequest, body: string): Promise<unknown> => {
        await Promise.resolve()
        if (body === 'syntax') throw new SyntaxError('Unexpected end of JSON input')
        throw new RangeError('Maximum call stack size exceeded')
      },
    )
    app.post('/', () => ({ ok: true }))
    app.get('/overflow', () => {
      throw new RangeError('Maximum call stack size exceeded')
    })
    await app.ready()
    for (const payload of ['syntax', 'deep']) {
      const response = await app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/x-deep' },
        payload,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ code: 'BAD_REQUEST' })
    }
    // The server's own stack overflow, with no body to blame, stays a 500.
    const own = await app.inject({ method: 'GET', url: '/overflow' })
    expect(own.statusCode).toBe(500)
    await app.close()
  })
})
