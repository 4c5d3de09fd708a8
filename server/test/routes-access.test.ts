/**
 * Access is declared, not remembered (issue 21 §1): every `/api` route of the built app declares
 * `config.access`; a public one is on PUBLIC_ROUTES below; every other one refuses an anonymous
 * caller (401). The routes are enumerated from the app (onRoute), so a route added later is
 * checked without touching this file. Also the refusals of global access that is no bypass.
 */
import { and, eq, sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteAccess } from '../../contracts/access.ts'
import { app as appPlugin, serverOptions } from '../app.ts'
import { grants } from '../db/schema.ts'
import { isApiRoute } from '../plugins/access.ts'
import { grantsChanged, loadGrants } from '../plugins/auth.ts'
import { mayTriggerTestOn } from '../services/trigger-testing/access.ts'
import { bearer, createTestApp, errorBody, signIn, type TestApp } from './helpers.ts'

/** The routes anyone may call, each with why. Adding one here is a deliberate, reviewed act. */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/health': 'load balancer probe',
  'POST /api/auth/login': 'signs in',
  'POST /api/auth/renew': 'the refresh token in the body is the credential',
  'POST /api/auth/logout': 'the refresh token in the body is the credential',
  'POST /api/auth/sendPasswordResetEmail': 'forgotten password',
  'POST /api/auth/isPasswordResetTokenValid': 'the mailed token is the credential',
  'POST /api/auth/resetPassword': 'the mailed token is the credential',
  'GET /api/zeus/signups/metadata': 'the sign-up form before an account exists',
  'GET /api/zeus/signups/countries/:countryId': 'the sign-up form before an account exists',
  'POST /api/zeus/signups': 'creates the account',
  'POST /api/signup-sa/signup': 'creates the account',
  'GET /api/hc/help_center/:locale/categories': 'public help centre',
  'GET /api/hc/help_center/:locale/categories/:id': 'public help centre',
  'GET /api/hc/help_center/:locale/categories/:id/sections': 'public help centre',
  'GET /api/hc/help_center/:locale/categories/:id/articles': 'public help centre',
  'GET /api/hc/help_center/:locale/sections': 'public help centre',
  'GET /api/hc/help_center/:locale/sections/:id': 'public help centre',
  'GET /api/hc/help_center/:locale/sections/:id/articles': 'public help centre',
  'GET /api/hc/help_center/:locale/articles': 'public help centre',
  'GET /api/hc/help_center/:locale/articles/:id': 'public help centre',
  'GET /api/hc/help_center/articles/search': 'public help centre',
  'POST /api/hc/requests': 'visitors ask for help too',
  'GET /api/trigger-testing/ws': 'the socket authenticates its first message',
  'GET /api/dev/mailbox': 'development only, loopback only',
}

type SeenRoute = { key: string; method: string; url: string; access: RouteAccess | undefined }

/** Every API route of a built app (HEAD and OPTIONS aside), with its declaration. */
async function apiRoutes(
  t: TestApp,
  extra?: (app: FastifyInstance) => void,
): Promise<{ app: FastifyInstance; routes: SeenRoute[] }> {
  const routes: SeenRoute[] = []
  const app = Fastify(serverOptions(t.env, false))
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue
      const access = route.config?.access
      routes.push({ key: `${method} ${route.url}`, method, url: route.url, access })
    }
  })
  await app.register(appPlugin, { env: t.env, jwtSecret: t.env.JWT_SECRET ?? '', db: t.db })
  extra?.(app)
  await app.ready()
  return { app, routes }
}

/** What the enumeration refuses: undeclared routes, and public ones not on the list. */
function violations(routes: SeenRoute[]): string[] {
  return routes.flatMap(({ key, access }) => {
    if (access === undefined) return [`${key}: declares no access`]
    if (access === 'public' && !(key in PUBLIC_ROUTES)) return [`${key}: public, not listed`]
    return []
  })
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('every /api route declares its access', () => {
  let app: FastifyInstance
  let routes: SeenRoute[]
  beforeAll(async () => {
    ;({ app, routes } = await apiRoutes(t))
  })
  afterAll(async () => {
    await app.close()
  })

  it('finds the API', () => {
    expect(routes.length).toBeGreaterThan(40)
  })

  it('has no undeclared route and no unlisted public one', () => {
    expect(violations(routes)).toEqual([])
  })

  it('lists no public route that does not exist', () => {
    const keys = new Set(routes.map((route) => route.key))
    expect(Object.keys(PUBLIC_ROUTES).filter((key) => !keys.has(key))).toEqual([])
  })

  it('refuses an anonymous caller on every route that is not public (401)', async () => {
    const open: string[] = []
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const url = route.url.replace(/:(\w+)/g, '1')
      const payload = route.method === 'GET' ? undefined : {}
      const response = await app.inject({ method: route.method as 'GET', url, payload })
      if (response.statusCode !== 401) open.push(`${route.key}: ${response.statusCode}`)
    }
    expect(open).toEqual([])
  })
})

describe('a route added without a declaration', () => {
  it('is found by the enumeration, and refused even to a developer (403)', async () => {
    const { app, routes } = await apiRoutes(t, (fastify) => {
      fastify.get('/api/forgotten', () => ({ secret: true }))
    })
    try {
      expect(violations(routes)).toEqual(['GET /api/forgotten: declares no access'])
      expect((await app.inject({ method: 'GET', url: '/api/forgotten' })).statusCode).toBe(401)
      const staff = await signIn(app, 'staff')
      const response = await app.inject({
        method: 'GET',
        url: '/api/forgotten',
        headers: bearer(staff.accessToken.token),
      })
      expect(response.statusCode).toBe(403)
      expect(errorBody(response)).toEqual({ code: 'FORBIDDEN' })
    } finally {
      await app.close()
    }
  })

  it('is found when public without being listed', async () => {
    const { app, routes } = await apiRoutes(t, (fastify) => {
      fastify.get('/api/leak', { config: { access: 'public' } }, () => ({}))
    })
    await app.close()
    expect(violations(routes)).toEqual(['GET /api/leak: public, not listed'])
  })
})

describe('the global-access form ({ global: true })', () => {
  const MANAGEMENT = [
    'GET /api/flags/settings',
    'PUT /api/flags/settings/:flag',
    'DELETE /api/flags/settings/:flag',
    'PUT /api/flags/settings/:flag/organisations/:organisationId',
    'DELETE /api/flags/settings/:flag/organisations/:organisationId',
    'PUT /api/flags/settings/:flag/panels/:panelId',
    'DELETE /api/flags/settings/:flag/panels/:panelId',
  ]
  let app: FastifyInstance
  let routes: SeenRoute[]
  beforeAll(async () => {
    ;({ app, routes } = await apiRoutes(t))
  })
  afterAll(async () => {
    await app.close()
  })

  it('is how the flag management routes declare their access (no extra hook)', () => {
    const declared = Object.fromEntries(routes.map((route) => [route.key, route.access]))
    for (const key of MANAGEMENT) expect(declared[key], key).toEqual({ global: true })
  })

  it.each(['consumer', 'admin', 'analyst'] as const)(
    'refuses %s, who has no global access, before reading the body (403 FORBIDDEN)',
    async (account) => {
      const { accessToken } = await signIn(app, account)
      for (const key of MANAGEMENT) {
        const [method, url] = key.split(' ') as ['GET' | 'PUT' | 'DELETE', string]
        const response = await app.inject({
          method,
          url: url.replace(':flag', 'area_outages').replace(/:(\w+)/g, '1'),
          headers: bearer(accessToken.token),
          ...(method === 'PUT'
            ? {
                payload: 'not json',
                headers: { ...bearer(accessToken.token), 'content-type': 'application/json' },
              }
            : {}),
        })
        expect(response.statusCode, `${key}: ${response.body}`).toBe(403)
        expect(errorBody(response)).toEqual({ code: 'FORBIDDEN' })
      }
    },
  )

  it('lets global access through (staff reads the settings)', async () => {
    const { accessToken } = await signIn(app, 'staff')
    const response = await app.inject({
      method: 'GET',
      url: '/api/flags/settings',
      headers: bearer(accessToken.token),
    })
    expect(response.statusCode, response.body).toBe(200)
  })
})

describe('global access is no bypass (seeds 6: only a global developer passes)', () => {
  // Staff without its Global senior_developer grant: global access through Administration only.
  const developerGrant = () =>
    and(
      eq(grants.userId, sql`(SELECT id FROM users WHERE email = 'staff@example.com')`),
      eq(grants.resource, 'Global'),
    )
  let removed: (typeof grants.$inferSelect)[] = []
  let token = ''
  beforeAll(async () => {
    removed = await t.db.delete(grants).where(developerGrant()).returning()
    grantsChanged()
    token = (await signIn(t.app, 'staff')).accessToken.token
  })
  afterAll(async () => {
    if (removed.length > 0) await t.db.insert(grants).values(removed)
    grantsChanged()
  })
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) })
  const unitOfPanel3 = async () => {
    const {
      rows: [row],
    } = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM units WHERE panel_id = 3 ORDER BY id LIMIT 1`,
    )
    if (!row) throw new Error('no unit on panel 3')
    return row.id
  }

  it.each([
    '/api/zeus/search/units?panelId=3&searchTerm=WB00',
    '/api/zeus/panels/3/agents',
    '/api/zeus/agents',
  ])('refuses unit search: %s (403 FORBIDDEN)', async (url) => {
    const response = await get(url)
    expect(response.statusCode, response.body).toBe(403)
    expect(errorBody(response)).toEqual({ code: 'FORBIDDEN' })
  })

  it('refuses a unit page without test_view (403 FORBIDDEN)', async () => {
    const response = await get(`/api/zeus/units/${await unitOfPanel3()}`)
    expect(response.statusCode, response.body).toBe(403)
    expect(errorBody(response)).toEqual({ code: 'FORBIDDEN' })
  })

  it('refuses an instant test without Agent trigger_testing (ACCESS_DENIED)', async () => {
    const {
      rows: [staff],
    } = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM users WHERE email = 'staff@example.com'`,
    )
    const held = await loadGrants(t.db, staff?.id ?? 0)
    expect(held.Global).toBeUndefined()
    expect(await mayTriggerTestOn(t.db, held, await unitOfPanel3())).toBe(false)
  })

  it('still opens what global access is for: other users’ records', async () => {
    const {
      rows: [consumer],
    } = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM users WHERE email = 'consumer@example.com'`,
    )
    const response = await get(`/api/zeus/users/${consumer?.id ?? 0}/preferences`)
    expect(response.statusCode, response.body).toBe(200)
  })
})
