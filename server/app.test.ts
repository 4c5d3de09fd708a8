import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { app as whitebox, serverOptions } from './app.ts'
import { createTestApp, errorBody, type TestApp } from './test/helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('platform', () => {
  it('answers GET /api/health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
  })

  it('sends a CSP whose only inline script is the hashed theme script, and the other headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' })
    const csp = String(response.headers['content-security-policy'])
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/)
        return [name, values] as const
      }),
    )
    expect(directives.get('default-src')).toEqual(["'self'"])
    // index.html's no-flash theme script, allowed by its hash (app-shell.test.ts checks the hash).
    expect(directives.get('script-src')).toEqual([
      "'self'",
      expect.stringMatching(/^'sha256-[\w+/=]+'$/),
    ])
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:'])
    expect(directives.get('connect-src')).toEqual(["'self'"])
    expect(directives.get('worker-src')).toEqual(["'self'"])
    expect(directives.get('manifest-src')).toEqual(["'self'"])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
  })

  it.each([
    ['a refusal', 'GET', '/api/zeus/users/1/preferences', 401],
    ['bad input', 'POST', '/api/auth/login', 400],
    ['an unknown API path', 'GET', '/api/nothing-here', 404],
  ] as const)('sends the security headers with %s too', async (_case, method, url, status) => {
    const response = await t.app.inject({
      method,
      url,
      payload: method === 'POST' ? {} : undefined,
    })
    expect(response.statusCode).toBe(status)
    expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/)
  })

  it('sends no CORS headers, even to a cross-origin request', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    })
    expect(get.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('refusals never answer 500', () => {
  it.each([
    {
      case: 'bad JSON',
      request: { payload: '{"email": ', headers: { 'content-type': 'application/json' } },
      status: 400,
      code: 'BAD_REQUEST',
    },
    {
      case: 'an empty JSON body',
      request: { payload: '', headers: { 'content-type': 'application/json' } },
      status: 400,
      code: 'BAD_REQUEST',
    },
    {
      case: 'a body that is not JSON',
      request: {
        payload: 'email=a',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      status: 415,
      code: 'BAD_REQUEST',
    },
    {
      case: 'a body over 64 KiB',
      request: {
        payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(70 * 1024) }),
        headers: { 'content-type': 'application/json' },
      },
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    },
    {
      case: 'a prototype-poisoning body',
      request: {
        payload: '{"email":"a@example.com","password":"x","__proto__":{"admin":true}}',
        headers: { 'content-type': 'application/json' },
      },
      status: 400,
      code: 'BAD_REQUEST',
    },
  ])('refuses $case with $status $code', async ({ request, status, code }) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', ...request })
    expect(response.statusCode).toBe(status)
    expect(errorBody(response)).toEqual({ code })
  })

  it.each([
    { method: 'GET' as const, url: '/api/nope' },
    { method: 'POST' as const, url: '/api/auth/nope' },
    { method: 'GET' as const, url: '/api' },
    { method: 'DELETE' as const, url: '/api/auth/login' },
  ])('answers an unknown API route $method $url with 404 NOT_FOUND', async ({ method, url }) => {
    const response = await t.app.inject({ method, url })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/application\/json/)
    expect(errorBody(response)).toEqual({ code: 'NOT_FOUND' })
  })

  it('hides the internals of an unexpected error behind INTERNAL', async () => {
    const fastify = Fastify(serverOptions(t.env, false))
    await fastify.register(whitebox, { env: t.env, jwtSecret: 'x'.repeat(32), db: t.db })
    fastify.get('/api/boom', { config: { access: 'public' } }, () => {
      throw new Error('secret stack detail: password=hunter2')
    })
    try {
      const response = await fastify.inject({ method: 'GET', url: '/api/boom' })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({ code: 'INTERNAL' })
      expect(response.body).not.toContain('hunter2')
    } finally {
      await fastify.close()
    }
  })
})

describe('static files', () => {
  it.each([
    {
      url: '/assets/index-abc123.js',
      cache: 'public, max-age=31536000, immutable',
      type: /javascript/,
    },
    { url: '/assets/index-abc123.css', cache: 'public, max-age=31536000, immutable', type: /css/ },
    { url: '/', cache: 'no-cache', type: /html/ },
    { url: '/index.html', cache: 'no-cache', type: /html/ },
    { url: '/sw.js', cache: 'no-cache', type: /javascript/ },
    { url: '/registerSW.js', cache: 'no-cache', type: /javascript/ },
    { url: '/manifest.webmanifest', cache: 'no-cache', type: /manifest\+json/ },
    { url: '/favicon.svg', cache: 'public, max-age=3600', type: /svg/ },
  ])('serves $url with Cache-Control "$cache"', async ({ url, cache, type }) => {
    const response = await t.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe(cache)
    expect(response.headers['content-type']).toMatch(type)
    expect(response.headers['content-security-policy']).toBeDefined()
  })

  it.each(['/login', '/units/42', '/reset-password/4/abc-DEF_123', '/settings/?tab=1'])(
    'answers the client route %s with index.html (no-cache)',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/text\/html/)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toContain('<div id="root">')
    },
  )

  it('answers a missing hashed asset with 404, not the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-gone.js' })
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('<div id="root">')
  })

  it('does not fall back to the page for other methods', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/login' })
    expect(response.statusCode).toBe(404)
  })

  it('does not serve files outside the static root', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/../package.json' })
    expect(response.body).not.toContain('"name": "whitebox"')
    const encoded = await t.app.inject({ method: 'GET', url: '/%2e%2e/%2e%2e/etc/passwd' })
    expect(encoded.body).not.toContain('root:')
  })
})
