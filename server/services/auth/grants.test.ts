import { SignJWT } from 'jose'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MyAccessiblesResponseSchema,
  MyGrantsResponseSchema,
  type Accessibles,
  type Grants,
} from '../../../contracts/auth.ts'
import type { DemoAccount } from '../../db/demo-accounts.ts'
import { bearer, createTestApp, errorBody, signIn, type TestApp } from '../../test/helpers.ts'
import { TEST_SETTINGS } from '../../test/settings.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

async function get(path: string, account: DemoAccount) {
  const pair = await signIn(t.app, account)
  return t.app.inject({ method: 'GET', url: path, headers: bearer(pair.accessToken.token) })
}

async function grantsOf(account: DemoAccount): Promise<Grants> {
  return v.parse(MyGrantsResponseSchema, (await get('/api/auth/myGrants', account)).json()).data
}

async function accessiblesOf(account: DemoAccount): Promise<Accessibles> {
  const response = await get('/api/auth/myAccessibles', account)
  return v.parse(MyAccessiblesResponseSchema, response.json()).data
}

describe('GET /api/auth/myGrants', () => {
  it('lists scoped grants as scope objects', async () => {
    const grants = await grantsOf('engineer')
    expect(grants).toEqual({
      Unit: {
        search: [{ panel: 3 }],
        test_view: [{ panel: 3 }],
        outages_view: [{ panel: 3 }],
      },
      'test-measurements': { barcode_scanner: [{ panel: 3 }] },
      Agent: { trigger_testing: [{ panel: 3 }] },
    })
  })

  it('lists unscoped grants as true', async () => {
    const grants = await grantsOf('staff')
    expect(grants.Global).toEqual({ senior_developer: true })
    expect(grants.Administration).toEqual({
      units: true,
      users: true,
      signups: true,
      organisations: true,
      panels: true,
      isps: true,
      test_schedules: true,
    })
  })

  it.each<{ account: DemoAccount; resource: string; permissions: string[] }>([
    { account: 'consumer', resource: 'Agent', permissions: ['trigger_testing', 'unit_manage'] },
    {
      account: 'analyst',
      resource: 'test-measurements',
      permissions: ['network_performance', 'advanced_analytics', 'maps', 'reports', 'data_api'],
    },
    {
      account: 'analyst',
      resource: 'Apollo',
      permissions: ['analytics', 'analytics_ui', 'agents_view'],
    },
    {
      account: 'admin',
      resource: 'test-measurements',
      permissions: [
        'metadata_manage',
        'agents_manage',
        'agents_view',
        'admin_users_manage',
        'manage_products',
        'test_schedules_manage',
        'cpe_api_manage',
        'cpe_subscriptions_manage',
        'instant_test_api_manage',
      ],
    },
    { account: 'multi', resource: 'Apollo', permissions: ['analytics', 'analytics_ui'] },
  ])(
    'gives $account the $resource permissions of the seed',
    async ({ account, resource, permissions }) => {
      const grants = await grantsOf(account)
      expect(Object.keys(grants[resource] ?? {}).sort()).toEqual([...permissions].sort())
    },
  )

  it('gives the volunteer no grant', async () => {
    expect(await grantsOf('volunteer')).toEqual({})
  })
})

describe('GET /api/auth/myAccessibles', () => {
  it.each<{ account: DemoAccount; expected: Accessibles }>([
    {
      account: 'consumer',
      expected: { apollo: [], units: [{ unitId: 1 }], volunteer: null, administration: null },
    },
    {
      account: 'volunteer',
      expected: {
        apollo: [],
        units: [],
        volunteer: { signupId: 1, owner: 'nz' },
        administration: null,
      },
    },
    {
      account: 'engineer',
      expected: {
        apollo: [{ pid: 3, front_name: 'Southern Cross Constant Care' }],
        units: [],
        volunteer: null,
        administration: null,
      },
    },
    {
      account: 'analyst',
      expected: {
        apollo: [
          { pid: 2, front_name: 'Southern Cross Multiview' },
          { pid: 3, front_name: 'Southern Cross Constant Care' },
          { pid: 6, front_name: 'Southern Cross Regional Benchmark' },
        ],
        units: [],
        volunteer: null,
        administration: null,
      },
    },
    {
      account: 'multi',
      expected: {
        apollo: [{ pid: 1, front_name: 'New Zealand Broadband Study' }],
        units: [{ unitId: 2 }],
        volunteer: null,
        administration: null,
      },
    },
    {
      account: 'staff',
      expected: {
        apollo: [],
        units: [],
        volunteer: null,
        administration: { organisations: [1, 2, 3, 123] },
      },
    },
  ])('describes what $account can reach', async ({ account, expected }) => {
    expect(await accessiblesOf(account)).toEqual(expected)
  })
})

describe('signed-in routes refuse', () => {
  const key = new TextEncoder().encode(TEST_SETTINGS.JWT_SECRET)
  const claims = {
    sub: '00000000-0000-5000-8000-000000000000',
    user_id: 1,
    organisation_id: null,
    organisation_owner_id: null,
    owner_id: null,
    preferred_locale: 'en_GB',
  }
  const now = Math.floor(Date.now() / 1000)

  it.each([
    { case: 'no token', header: undefined, code: 'UNAUTHENTICATED' },
    { case: 'a non-bearer scheme', header: 'Basic dXNlcjpwYXNz', code: 'UNAUTHENTICATED' },
    { case: 'garbage', header: 'Bearer abc.def.ghi', code: 'UNAUTHENTICATED' },
  ])('$case with 401 $code', async ({ header, code }) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/myGrants',
      headers: header ? { authorization: header } : {},
    })
    expect(response.statusCode).toBe(401)
    expect(errorBody(response)).toEqual({ code })
  })

  it('an expired token with 401 TOKEN_EXPIRED', async () => {
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now - 10)
      .sign(key)
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/myGrants',
      headers: bearer(token),
    })
    expect(response.statusCode).toBe(401)
    expect(errorBody(response)).toEqual({ code: 'TOKEN_EXPIRED' })
  })

  it('a token signed with another key with 401 UNAUTHENTICATED', async () => {
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode('another-secret-another-secret-another'))
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/myGrants',
      headers: bearer(token),
    })
    expect(response.statusCode).toBe(401)
    expect(errorBody(response)).toEqual({ code: 'UNAUTHENTICATED' })
  })

  it('an unsigned ("alg: none") token with 401 UNAUTHENTICATED', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const token = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims, exp: now + 600 })}.`
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/myGrants',
      headers: bearer(token),
    })
    expect(response.statusCode).toBe(401)
    expect(errorBody(response)).toEqual({ code: 'UNAUTHENTICATED' })
  })

  it('a genuine token missing the seeds claims with 401 UNAUTHENTICATED', async () => {
    const token = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now + 600)
      .sign(key)
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/myAccessibles',
      headers: bearer(token),
    })
    expect(response.statusCode).toBe(401)
    expect(errorBody(response)).toEqual({ code: 'UNAUTHENTICATED' })
  })
})
