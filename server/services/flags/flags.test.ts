import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FEATURE_FLAGS,
  FlagSettingListSchema,
  FlagSettingResponseSchema,
  MyFlagsSchema,
} from '../../../contracts/flags.ts'
import type { DemoAccount } from '../../db/demo-accounts.ts'
import { DEMO_FLAG_SETTINGS } from '../../db/seed-flags.ts'
import { bearer, createTestApp, errorBody, signIn, type TestApp } from '../../test/helpers.ts'

let t: TestApp
const tokens = new Map<DemoAccount, string>()

beforeAll(async () => {
  t = await createTestApp()
  for (const account of ['consumer', 'engineer', 'analyst', 'admin', 'staff'] as const) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
  }
})
afterAll(async () => {
  await t.close()
})

type Method = 'GET' | 'PUT' | 'DELETE'

function call(method: Method, url: string, as: DemoAccount | null, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/flags${url}`,
    headers: as ? bearer(tokens.get(as) ?? '') : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

async function flagsOf(as: DemoAccount, query = '') {
  const response = await call('GET', query, as)
  expect(response.statusCode).toBe(200)
  return v.parse(MyFlagsSchema, response.json()).data
}

describe('GET /api/flags (the caller’s resolved flags)', () => {
  it('answers every flag of seeds 001 §3.4 with the demo settings resolved', async () => {
    const data = await flagsOf('engineer', '?panel=3')
    expect(Object.keys(data.flags).sort()).toEqual([...FEATURE_FLAGS].sort())
    expect(data).toMatchObject({ organisation_id: 2, panel_id: 3 })
    // Global on; organisation 2's setting; panel 3's setting beats the global off.
    expect(data.flags['multiple-metric-loading']).toBe(true)
    expect(data.flags['show-fault-finder-beta-banner']).toBe(true)
    expect(data.flags['cc-area-outage-alert']).toBe(true)
    expect(data.flags['sidebar-improvements']).toBe(false)
    expect(DEMO_FLAG_SETTINGS.length).toBeGreaterThan(0)
  })

  it('without a panel, panel settings do not apply', async () => {
    const data = await flagsOf('analyst')
    expect(data.panel_id).toBeNull()
    expect(data.flags['cc-area-outage-alert']).toBe(false)
    expect(data.flags['show-fault-finder-beta-banner']).toBe(true)
  })

  it('another organisation gets only the global settings', async () => {
    const data = await flagsOf('consumer')
    expect(data.organisation_id).toBeNull()
    expect(data.flags['show-fault-finder-beta-banner']).toBe(false)
    expect(data.flags['multiple-metric-loading']).toBe(true)
  })

  it.each([
    { as: 'engineer' as const, panel: 2, status: 403, code: 'FORBIDDEN' },
    { as: 'analyst' as const, panel: 1, status: 403, code: 'FORBIDDEN' },
    { as: 'consumer' as const, panel: 3, status: 403, code: 'FORBIDDEN' },
    // A panel that does not exist looks like one that is not theirs.
    { as: 'engineer' as const, panel: 999, status: 403, code: 'FORBIDDEN' },
    // Global access sees every panel; only a missing one is not found.
    { as: 'staff' as const, panel: 999, status: 404, code: 'NOT_FOUND' },
  ])('$as on panel $panel: $status $code', async ({ as, panel, status, code }) => {
    const response = await call('GET', `?panel=${String(panel)}`, as)
    expect(response.statusCode).toBe(status)
    expect(errorBody(response).code).toBe(code)
  })

  it('global access reads any panel', async () => {
    const data = await flagsOf('staff', '?panel=3')
    expect(data).toMatchObject({ organisation_id: 123, panel_id: 3 })
    expect(data.flags['cc-area-outage-alert']).toBe(true)
  })

  it.each(['?panel=x', '?panel=-3', '?panel=1e3', '?panel=99999999999'])(
    'refuses %s with 400 VALIDATION_FAIL',
    async (query) => {
      const response = await call('GET', query, 'engineer')
      expect(response.statusCode).toBe(400)
      expect(errorBody(response)).toEqual({
        code: 'VALIDATION_FAIL',
        errors: { panel: ['INVALID'] },
      })
    },
  )

  it('needs a signed-in caller', async () => {
    const response = await call('GET', '', null)
    expect(response.statusCode).toBe(401)
  })
})

describe('managing the settings (global access only)', () => {
  it.each([
    { method: 'GET' as const, url: '/settings' },
    { method: 'PUT' as const, url: '/settings/sidebar-improvements', body: { enabled: true } },
    {
      method: 'PUT' as const,
      url: '/settings/sidebar-improvements/organisations/2',
      body: { enabled: true },
    },
    {
      method: 'PUT' as const,
      url: '/settings/cc-area-outage-alert/panels/3',
      body: { enabled: false },
    },
    { method: 'DELETE' as const, url: '/settings/cc-area-outage-alert/panels/3' },
    // Refused before validation: a non-manager learns nothing, not even which flags exist.
    { method: 'PUT' as const, url: '/settings/no-such-flag', body: { enabled: 'x' } },
  ])(
    '$method $url: 403 for consumer, engineer, admin; 401 anonymous',
    async ({ method, url, body }) => {
      for (const as of ['consumer', 'engineer', 'admin'] as const) {
        const response = await call(method, url, as, body)
        expect(response.statusCode).toBe(403)
        expect(errorBody(response)).toEqual({ code: 'FORBIDDEN' })
      }
      expect((await call(method, url, null, body)).statusCode).toBe(401)
    },
  )

  it('lists the stored settings', async () => {
    const response = await call('GET', '/settings', 'staff')
    expect(response.statusCode).toBe(200)
    const { data } = v.parse(FlagSettingListSchema, response.json())
    expect(data).toContainEqual(
      expect.objectContaining({
        flag: 'cc-area-outage-alert',
        scope: 'panel',
        panel_id: 3,
        organisation_id: null,
        enabled: true,
      }),
    )
    expect(data).toHaveLength(DEMO_FLAG_SETTINGS.length)
  })

  it('sets and clears at each level; the most specific wins', async () => {
    const put = async (url: string, enabled: boolean) => {
      const response = await call('PUT', url, 'staff', { enabled })
      expect(response.statusCode).toBe(200)
      return v.parse(FlagSettingResponseSchema, response.json()).data
    }
    const flag = 'sidebar-improvements'
    expect(await put(`/settings/${flag}`, true)).toMatchObject({ scope: 'global', enabled: true })
    expect((await flagsOf('engineer', '?panel=3')).flags[flag]).toBe(true)

    expect(await put(`/settings/${flag}/organisations/2`, false)).toMatchObject({
      scope: 'organisation',
      organisation_id: 2,
      enabled: false,
    })
    expect((await flagsOf('engineer', '?panel=3')).flags[flag]).toBe(false)
    // Another organisation still sees the global value.
    expect((await flagsOf('consumer')).flags[flag]).toBe(true)

    expect(await put(`/settings/${flag}/panels/3`, true)).toMatchObject({
      scope: 'panel',
      panel_id: 3,
    })
    expect((await flagsOf('engineer', '?panel=3')).flags[flag]).toBe(true)
    expect((await flagsOf('analyst', '?panel=2')).flags[flag]).toBe(false)

    // Setting again replaces (one setting per place).
    await put(`/settings/${flag}/panels/3`, false)
    expect((await flagsOf('engineer', '?panel=3')).flags[flag]).toBe(false)

    const cleared = await call('DELETE', `/settings/${flag}/panels/3`, 'staff')
    expect(cleared.statusCode).toBe(204)
    expect((await flagsOf('engineer', '?panel=3')).flags[flag]).toBe(false)
    expect((await call('DELETE', `/settings/${flag}/organisations/2`, 'staff')).statusCode).toBe(
      204,
    )
    expect((await flagsOf('engineer', '?panel=3')).flags[flag]).toBe(true)
    expect((await call('DELETE', `/settings/${flag}`, 'staff')).statusCode).toBe(204)
    expect((await flagsOf('engineer', '?panel=3')).flags[flag]).toBe(false)

    const again = await call('DELETE', `/settings/${flag}`, 'staff')
    expect(again.statusCode).toBe(404)
    expect(errorBody(again)).toEqual({ code: 'NOT_FOUND' })
  })

  it.each([
    { url: '/settings/no-such-flag', body: { enabled: true }, errors: { flag: ['INVALID'] } },
    { url: '/settings/sidebar-improvements', body: {}, errors: { enabled: ['MISSING'] } },
    {
      url: '/settings/sidebar-improvements',
      body: { enabled: 'yes' },
      errors: { enabled: ['INVALID'] },
    },
    {
      url: '/settings/sidebar-improvements/panels/x',
      body: { enabled: true },
      errors: { panelId: ['INVALID'] },
    },
    {
      url: '/settings/sidebar-improvements/organisations/99999999999',
      body: { enabled: true },
      errors: { organisationId: ['INVALID'] },
    },
  ])('PUT $url with $body: 400 $errors', async ({ url, body, errors }) => {
    const response = await call('PUT', url, 'staff', body)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toEqual({ code: 'VALIDATION_FAIL', errors })
  })

  it.each([
    '/settings/sidebar-improvements/panels/999',
    '/settings/sidebar-improvements/organisations/999',
  ])('PUT %s: 404 NOT_FOUND for a missing panel or organisation', async (url) => {
    const response = await call('PUT', url, 'staff', { enabled: true })
    expect(response.statusCode).toBe(404)
    expect(errorBody(response)).toEqual({ code: 'NOT_FOUND' })
  })
})
