import { eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccessibleUnitResponseSchema } from '../../../../contracts/units.ts'
import type { DemoAccount } from '../../../db/demo-accounts.ts'
import { users } from '../../../db/schema.ts'
import { bearer, createTestApp, errorBody, signIn, type TestApp } from '../../../test/helpers.ts'
import { offlineStatusOf, OFFLINE_AFTER_MS } from './repository.ts'

let t: TestApp
const tokens = new Map<DemoAccount, string>()
const subs = new Map<DemoAccount, string>()
let panel3: number[] = []
const ALL = 'environment,isp,package,address,location,geo_data'

beforeAll(async () => {
  t = await createTestApp()
  for (const account of ['consumer', 'multi', 'engineer', 'staff'] as const) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
    const [row] = await t.db
      .select({ sub: users.sub })
      .from(users)
      .where(eq(users.email, `${account}@example.com`))
    subs.set(account, row?.sub ?? '')
  }
  const { rows } = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM units WHERE panel_id = 3 ORDER BY id`,
  )
  panel3 = rows.map((row) => row.id)
})
afterAll(async () => {
  await t.close()
})

const subOf = (account: DemoAccount) => subs.get(account) ?? ''

function get(url: string, as: DemoAccount | null) {
  return t.app.inject({
    method: 'GET',
    url: `/api/zeus${url}`,
    headers: as ? bearer(tokens.get(as) ?? '') : {},
  })
}

async function unit(sub: string, unitId: number, as: DemoAccount, include = ALL) {
  const response = await get(`/users/${sub}/accessible-units/${unitId}?include=${include}`, as)
  expect(response.statusCode, response.body).toBe(200)
  return v.parse(AccessibleUnitResponseSchema, response.json()).data
}

describe('GET users/{sub}/accessible-units/{unitId}', () => {
  it('gives the consumer their unit with every include, online (seen 2 minutes ago)', async () => {
    const data = await unit(subOf('consumer'), 1, 'consumer')
    expect(data).toMatchObject({
      unitId: 1,
      mac: 'D8:4F:B8:10:00:01',
      label: 'Living room',
      panel_id: 1,
      is_tt_compatible: true,
      location: { timezone: 'Pacific/Auckland' },
      isp: { name: 'Spark', country_id: 158 },
      package: { name: 'Fibre 300', download_kbps: 300_000, upload_kbps: 100_000 },
      address: { city: 'Auckland', country_id: 158 },
      environment: { hardware: 'Whitebox 8', connection: 'fibre' },
      offline_status: { id: 1, offline: false, offlineMessage: null, isUnreliable: false },
    })
    const seenAgo = Date.now() - Date.parse(data.last_seen ?? '')
    expect(seenAgo).toBeGreaterThan(60_000)
    expect(seenAgo).toBeLessThan(OFFLINE_AFTER_MS)
    expect(data.offline_status.lastSeenOnline).toBe(data.last_seen)
    expect(data.package?.changed_at).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(data.geo_data?.latitude).toBeCloseTo(-36.85, 0)
    expect(data.geo_data?.longitude).toBeCloseTo(174.76, 0)
  })

  it('includes only what was asked for', async () => {
    const bare = await unit(subOf('consumer'), 1, 'consumer', '')
    for (const key of ['environment', 'isp', 'package', 'address', 'location', 'geo_data']) {
      expect(bare).not.toHaveProperty(key)
    }
    const some = await unit(subOf('consumer'), 1, 'consumer', 'location, package')
    expect(Object.keys(some)).toEqual(expect.arrayContaining(['location', 'package']))
    expect(some).not.toHaveProperty('isp')
  })

  it('shows the multi account its mobile unit on a wireless package', async () => {
    const data = await unit(subOf('multi'), 2, 'multi')
    expect(data.environment).toMatchObject({ connection: 'mobile' })
    expect(data.package?.name).toBe('Wireless Broadband')
  })

  it.each([
    { case: 'a unit disconnected now', unit: () => 4, offline: true },
    { case: 'a panel-3 unit disconnected now', unit: () => panel3[0] ?? 0, offline: true },
    { case: 'a unit unseen for 2 hours', unit: () => panel3[1] ?? 0, offline: true },
    { case: 'a unit seen minutes ago', unit: () => panel3[2] ?? 0, offline: false },
  ])('computes offline for $case: $offline', async ({ unit: id, offline }) => {
    const data = await unit(subOf('staff'), id(), 'staff', '')
    expect(data.offline_status.offline).toBe(offline)
  })

  it('reports a unit marked offline externally, with its message', async () => {
    await t.db.execute(sql`
      UPDATE units SET offline_externally = true, offline_message = 'Line fault' WHERE id = 5`)
    const data = await unit(subOf('staff'), 5, 'staff', '')
    expect(data.offline_status).toMatchObject({ offline: true, offlineMessage: 'Line fault' })
  })

  it.each<{ case: string; url: () => string; as: DemoAccount; status: number; code: string }>([
    {
      case: "another user's unit under the consumer's own sub",
      url: () => `/users/${subOf('consumer')}/accessible-units/2`,
      as: 'consumer',
      status: 403,
      code: 'FORBIDDEN',
    },
    {
      case: "another user's sub",
      url: () => `/users/${subOf('multi')}/accessible-units/2`,
      as: 'consumer',
      status: 403,
      code: 'FORBIDDEN',
    },
    {
      case: 'an unknown unit (no probing)',
      url: () => `/users/${subOf('consumer')}/accessible-units/999999`,
      as: 'consumer',
      status: 403,
      code: 'FORBIDDEN',
    },
    {
      case: 'a panel unit the engineer may test but does not own',
      url: () => `/users/${subOf('engineer')}/accessible-units/${String(panel3[0])}`,
      as: 'engineer',
      status: 403,
      code: 'FORBIDDEN',
    },
    {
      case: 'an unknown unit, with global access',
      url: () => `/users/${subOf('staff')}/accessible-units/999999`,
      as: 'staff',
      status: 404,
      code: 'NOT_FOUND',
    },
    {
      case: 'a sub that is not a UUID',
      url: () => '/users/not-a-sub/accessible-units/1',
      as: 'consumer',
      status: 400,
      code: 'VALIDATION_FAIL',
    },
    {
      case: 'a unit id that is not a number',
      url: () => `/users/${subOf('consumer')}/accessible-units/one`,
      as: 'consumer',
      status: 400,
      code: 'VALIDATION_FAIL',
    },
    {
      case: 'an unknown include',
      url: () => `/users/${subOf('consumer')}/accessible-units/1?include=isp,password`,
      as: 'consumer',
      status: 400,
      code: 'VALIDATION_FAIL',
    },
  ])('refuses $case with $status $code', async ({ url, as, status, code }) => {
    const response = await get(url(), as)
    expect(response.statusCode).toBe(status)
    expect(errorBody(response).code).toBe(code)
  })

  it('lets a global-access user read any unit', async () => {
    const data = await unit(subOf('staff'), 1, 'staff', 'isp')
    expect(data.isp?.name).toBe('Spark')
  })

  it('refuses a request without a token with 401', async () => {
    const response = await get(`/users/${subOf('consumer')}/accessible-units/1`, null)
    expect(response.statusCode).toBe(401)
    expect(errorBody(response)).toEqual({ code: 'UNAUTHENTICATED' })
  })
})

describe('offlineStatusOf (seeds 4.6)', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0)
  const base = {
    id: 9,
    lastSeen: now - 60_000,
    offlineExternally: false,
    offlineMessage: null,
    isUnreliable: false,
    disconnectedSince: null,
    disconnectionUnreliable: false,
  }
  it.each([
    { case: 'seen a minute ago', unit: base, offline: false, unreliable: false },
    {
      case: 'seen exactly 30 minutes ago',
      unit: { ...base, lastSeen: now - 30 * 60_000 },
      offline: false,
      unreliable: false,
    },
    {
      case: 'seen 31 minutes ago',
      unit: { ...base, lastSeen: now - 31 * 60_000 },
      offline: true,
      unreliable: false,
    },
    { case: 'never seen', unit: { ...base, lastSeen: null }, offline: true, unreliable: false },
    {
      case: 'disconnected now',
      unit: { ...base, disconnectedSince: now - 5000 },
      offline: true,
      unreliable: false,
    },
    {
      case: 'in an unreliable disconnection',
      unit: { ...base, disconnectedSince: now - 5000, disconnectionUnreliable: true },
      offline: true,
      unreliable: true,
    },
    {
      case: 'marked offline externally',
      unit: { ...base, offlineExternally: true },
      offline: true,
      unreliable: false,
    },
    {
      case: 'an unreliable unit',
      unit: { ...base, isUnreliable: true },
      offline: false,
      unreliable: true,
    },
  ])('$case: offline $offline', ({ unit, offline, unreliable }) => {
    const status = offlineStatusOf(unit, now)
    expect(status.offline).toBe(offline)
    expect(status.isUnreliable).toBe(unreliable)
    expect(status.lastSeenOnline).toBe(
      unit.lastSeen === null ? null : new Date(unit.lastSeen).toISOString(),
    )
  })
})
