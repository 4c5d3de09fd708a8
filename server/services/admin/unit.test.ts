import { and, eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AdminUnitPackagesResponseSchema,
  AdminUnitResponseSchema,
} from '../../../contracts/admin-unit.ts'
import type { DemoAccount } from '../../db/demo-accounts.ts'
import { grants } from '../../db/schema.ts'
import { grantsChanged } from '../../plugins/auth.ts'
import { bearer, errorBody, signIn, useTestApp } from '../../test/helpers.ts'

const t = useTestApp()
const tokens = new Map<string, string>()
const ACCOUNTS = ['admin', 'analyst', 'engineer', 'consumer'] as const

function as(
  account: DemoAccount | null,
  method: 'GET' | 'PUT',
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  const auth = account === null ? {} : bearer(tokens.get(account) ?? '')
  return t.app.inject({
    method,
    url,
    headers: auth,
    ...(body === undefined ? {} : { payload: body as object }),
  })
}

type UnitRow = { id: number; panel_id: number; isp_id: number | null; package_id: number | null }

/** A unit of panel 3 with an ISP that has another package, a unit of panel 2 and one of panel 1. */
let unit3: UnitRow
let otherPackage: number
let foreignPackage: number
let unit2: number
let unit1: number

beforeAll(async () => {
  for (const account of ACCOUNTS) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
  }
  const { rows } = await t.db.execute<UnitRow & { other: number | null; foreign: number | null }>(
    sql`SELECT u.id, u.panel_id, u.isp_id, u.package_id,
               (SELECT p.id FROM packages p WHERE p.isp_id = u.isp_id AND p.id <> u.package_id
                ORDER BY p.id LIMIT 1) AS other,
               (SELECT p.id FROM packages p WHERE p.isp_id <> u.isp_id ORDER BY p.id LIMIT 1)
                 AS foreign
        FROM units u WHERE u.panel_id IN (1, 2, 3) ORDER BY u.id`,
  )
  const on3 = rows.find((row) => row.panel_id === 3 && row.other !== null && row.foreign !== null)
  const on2 = rows.find((row) => row.panel_id === 2)
  const on1 = rows.find((row) => row.panel_id === 1)
  if (!on3 || !on2 || !on1 || on3.other === null || on3.foreign === null) {
    throw new Error('the demo seed has no units on panels 1, 2 and 3 with packages')
  }
  unit3 = on3
  otherPackage = on3.other
  foreignPackage = on3.foreign
  unit2 = on2.id
  unit1 = on1.id
})

const ROUTES = () =>
  [
    ['GET', `/api/admin/panels/3/units/${unit3.id}`, undefined],
    ['GET', `/api/admin/panels/3/units/${unit3.id}/packages`, undefined],
    ['PUT', `/api/admin/panels/3/units/${unit3.id}/package`, { package_id: otherPackage }],
  ] as const

describe('refusals', () => {
  it('401 without a session, on every route', async () => {
    for (const [method, url, body] of ROUTES()) {
      const response = await as(null, method, url, body)
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it('403 for accounts without agents_view / agents_manage on the panel', async () => {
    // The analyst holds agents_view under Apollo only, the engineer Unit test_view: neither admin.
    for (const account of ['analyst', 'engineer', 'consumer'] as const) {
      for (const [method, url, body] of ROUTES()) {
        const response = await as(account, method, url, body)
        expect(response.statusCode, `${account} ${method} ${url}`).toBe(403)
        expect(errorBody(response).code).toBe('FORBIDDEN')
      }
    }
  })

  it('403 for the admin on a panel that is not theirs (panel 1)', async () => {
    for (const [method, url, body] of ROUTES()) {
      const other = url.replace('/panels/3/', '/panels/1/')
      const response = await as('admin', method, other, body)
      expect(response.statusCode, `${method} ${other}`).toBe(403)
    }
  })

  it('404 for a unit of another panel named under the admin’s panel', async () => {
    for (const id of [unit2, unit1, 2_000_000_000]) {
      for (const [method, url, body] of ROUTES()) {
        const other = url.replace(`/units/${unit3.id}`, `/units/${id}`)
        const response = await as('admin', method, other, body)
        expect(response.statusCode, `${method} ${other}`).toBe(404)
        expect(errorBody(response).code).toBe('NOT_FOUND')
      }
    }
  })

  it('400 on malformed ids and bodies', async () => {
    expect((await as('admin', 'GET', '/api/admin/panels/3/units/1e3')).statusCode).toBe(400)
    const body = await as('admin', 'PUT', `/api/admin/panels/3/units/${unit3.id}/package`, {
      package_id: 'seven',
    })
    expect(body.statusCode).toBe(400)
    expect(errorBody(body).errors).toEqual({ package_id: ['INVALID'] })
  })
})

describe('the unit', () => {
  it('answers the unit with every §7.3 include', async () => {
    const response = await as('admin', 'GET', `/api/admin/panels/3/units/${unit3.id}`)
    expect(response.statusCode, response.body).toBe(200)
    const { data } = v.parse(AdminUnitResponseSchema, response.json())
    expect(data.id).toBe(unit3.id)
    expect(data.panel.pid).toBe(3)
    expect(data.isp?.id).toBe(unit3.isp_id)
    expect(data.package?.id).toBe(unit3.package_id)
    expect(data.country).not.toBeNull()
    expect(data.location.timezone).not.toBe('')
    expect(data.lmap_config.tests_per_day).toBeGreaterThan(0)
    expect(['active', 'inactive']).toContain(data.state)
  })

  it('lists the packages of the unit’s ISP only', async () => {
    const response = await as('admin', 'GET', `/api/admin/panels/3/units/${unit3.id}/packages`)
    expect(response.statusCode, response.body).toBe(200)
    const { data } = v.parse(AdminUnitPackagesResponseSchema, response.json())
    const ids = data.map((p) => p.id)
    expect(ids).toContain(unit3.package_id)
    expect(ids).toContain(otherPackage)
    expect(ids).not.toContain(foreignPackage)
  })
})

describe('package update', () => {
  it('422 for a package of another ISP, and nothing changes', async () => {
    const response = await as('admin', 'PUT', `/api/admin/panels/3/units/${unit3.id}/package`, {
      package_id: foreignPackage,
    })
    expect(response.statusCode, response.body).toBe(422)
    expect(errorBody(response)).toEqual({
      code: 'VALIDATION_FAIL',
      errors: { package_id: ['INVALID'] },
    })
    const { rows } = await t.db.execute<{ package_id: number }>(
      sql`SELECT package_id FROM units WHERE id = ${unit3.id}`,
    )
    expect(rows[0]?.package_id).toBe(unit3.package_id)
  })

  it('changes the package, records it and audit-logs who, before and after', async () => {
    const response = await as('admin', 'PUT', `/api/admin/panels/3/units/${unit3.id}/package`, {
      package_id: otherPackage,
    })
    expect(response.statusCode, response.body).toBe(200)
    const { data } = v.parse(AdminUnitResponseSchema, response.json())
    expect(data.package?.id).toBe(otherPackage)
    expect(data.package_changed_at).not.toBeNull()
    const { rows: history } = await t.db.execute<{ package_id: number }>(
      sql`SELECT package_id FROM unit_package_changes WHERE unit_id = ${unit3.id}
          ORDER BY id DESC LIMIT 1`,
    )
    expect(history[0]?.package_id).toBe(otherPackage)
    const { rows: audit } = await t.db.execute<{
      actor: string
      before: unknown
      after: unknown
    }>(
      sql`SELECT (SELECT email FROM users WHERE id = a.actor_id) AS actor, before, after
          FROM admin_audit a
          WHERE target_type = 'unit' AND target_id = ${unit3.id} AND action = 'unit.package'`,
    )
    expect(audit).toEqual([
      {
        actor: 'admin@example.com',
        before: { isp_id: unit3.isp_id, package_id: unit3.package_id },
        after: { isp_id: unit3.isp_id, package_id: otherPackage },
      },
    ])
  })

  it('409 UNIT_HAS_NO_COUNTRY for a unit without a country', async () => {
    const { rows } = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM units WHERE panel_id = 3 AND id <> ${unit3.id} ORDER BY id LIMIT 1`,
    )
    const bare = rows[0]?.id ?? 0
    await t.db.execute(
      sql`UPDATE units SET isp_id = NULL, package_id = NULL, address = NULL WHERE id = ${bare}`,
    )
    const unit = await as('admin', 'GET', `/api/admin/panels/3/units/${bare}`)
    expect(v.parse(AdminUnitResponseSchema, unit.json()).data.country).toBeNull()
    const response = await as('admin', 'PUT', `/api/admin/panels/3/units/${bare}/package`, {
      package_id: otherPackage,
    })
    expect(response.statusCode, response.body).toBe(409)
    expect(errorBody(response).code).toBe('UNIT_HAS_NO_COUNTRY')
    const packages = await as('admin', 'GET', `/api/admin/panels/3/units/${bare}/packages`)
    expect(v.parse(AdminUnitPackagesResponseSchema, packages.json()).data).toEqual([])
  })
})

describe('agents_view without agents_manage', () => {
  const manageGrant = () =>
    and(
      eq(grants.userId, sql`(SELECT id FROM users WHERE email = 'admin@example.com')`),
      eq(grants.permission, 'agents_manage'),
    )
  let removed: (typeof grants.$inferSelect)[] = []
  beforeAll(async () => {
    removed = await t.db.delete(grants).where(manageGrant()).returning()
    grantsChanged()
  })
  afterAll(async () => {
    if (removed.length > 0) await t.db.insert(grants).values(removed)
    grantsChanged()
  })

  it('reads the unit and its results, but neither lists packages nor changes one (403)', async () => {
    expect(removed.length).toBeGreaterThan(0)
    const unit = await as('admin', 'GET', `/api/admin/panels/3/units/${unit3.id}`)
    expect(unit.statusCode, unit.body).toBe(200)
    const list = await as('admin', 'GET', `/api/admin/panels/3/units/${unit3.id}/packages`)
    expect(list.statusCode).toBe(403)
    const put = await as('admin', 'PUT', `/api/admin/panels/3/units/${unit3.id}/package`, {
      package_id: otherPackage,
    })
    expect(put.statusCode).toBe(403)
  })
})

describe('the unit’s results for an admin with agents_view on its panel', () => {
  const range = () => {
    const to = new Date()
    const from = new Date(to.getTime() - 7 * 24 * 3600 * 1000)
    return `from=${from.toISOString()}&to=${to.toISOString()}`
  }
  const paths = (id: number) => [
    `/api/unit-analytics/${id}/disconnections?${range()}`,
    `/api/unit-analytics/${id}/skipped_tests?${range()}`,
    `/api/unit-analytics/${id}/data_usage?${range()}`,
    `/api/unit-analytics/${id}/scheduled_tests_daily?date=2026-01-01&metric=httpgetmt`,
    `/api/unit-analytics/${id}/metrics`,
    `/api/trigger-testing/units/${id}/tests`,
  ]

  it('reads them on the admin’s panel', async () => {
    for (const url of paths(unit3.id)) {
      const response = await as('admin', 'GET', url)
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200)
    }
  })

  it('is refused them on a panel that is not the admin’s (403)', async () => {
    for (const url of paths(unit1)) {
      const response = await as('admin', 'GET', url)
      expect(response.statusCode, url).toBe(403)
    }
  })
})
