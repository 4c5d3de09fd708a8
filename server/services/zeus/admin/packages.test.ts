import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { AdminPackagePageSchema, AdminPackageSchema } from '../../../../contracts/admin.ts'
import type { DemoAccount } from '../../../db/demo-accounts.ts'
import { bearer, errorBody, signIn, useTestApp } from '../../../test/helpers.ts'

const t = useTestApp()
const tokens = new Map<string, string>()
let isp3: number
let foreignIsp: number

function as(
  account: DemoAccount | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: object,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: account === null ? {} : bearer(tokens.get(account) ?? ''),
    ...(body === undefined ? {} : { payload: body }),
  })
}

beforeAll(async () => {
  for (const account of ['admin', 'analyst', 'staff'] as const) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
  }
  const { rows } = await t.db.execute<{ isp: number; on3: boolean }>(sql`
    SELECT i.id AS isp, EXISTS (SELECT 1 FROM units u WHERE u.panel_id = 3 AND u.isp_id = i.id) AS on3
    FROM isps i ORDER BY i.id`)
  const on3 = rows.find((row) => row.on3)
  const off3 = rows.find((row) => !row.on3)
  if (!on3 || !off3) throw new Error('the demo seed needs ISPs on and off panel 3')
  isp3 = on3.isp
  foreignIsp = off3.isp
})

const PACKAGE = { short_name: 'Fibre 900', down_speed: 900, up_speed: 450, technology: 'fibre' }

describe('packages of a panel ISP (manage_products)', () => {
  it('refuses without a token, without the permission, and on another panel', async () => {
    const url = () => `/api/zeus/panels/3/isps/${isp3}/packages`
    expect((await as(null, 'GET', url())).statusCode).toBe(401)
    expect((await as('analyst', 'GET', url())).statusCode).toBe(403)
    expect((await as('analyst', 'POST', url(), PACKAGE)).statusCode).toBe(403)
    expect((await as('admin', 'GET', `/api/zeus/panels/1/isps/${isp3}/packages`)).statusCode).toBe(
      403,
    )
    expect((await as('admin', 'GET', '/api/zeus/panels/3/metadata')).statusCode).toBe(200)
    expect((await as('analyst', 'GET', '/api/zeus/panels/3/metadata')).statusCode).toBe(403)
  })

  it("lists the panel's ISPs (those its units are on), refused without manage_products", async () => {
    expect((await as(null, 'GET', '/api/zeus/panels/3/isps')).statusCode).toBe(401)
    expect((await as('analyst', 'GET', '/api/zeus/panels/3/isps')).statusCode).toBe(403)
    expect((await as('admin', 'GET', '/api/zeus/panels/1/isps')).statusCode).toBe(403)
    const response = await as('admin', 'GET', '/api/zeus/panels/3/isps')
    expect(response.statusCode).toBe(200)
    const ids = response.json<{ data: { id: number; name: string }[] }>().data.map((i) => i.id)
    expect(ids).toContain(isp3)
    expect(ids).not.toContain(foreignIsp)
  })

  it('an ISP without units on the panel is 404', async () => {
    const response = await as('admin', 'GET', `/api/zeus/panels/3/isps/${foreignIsp}/packages`)
    expect(response.statusCode).toBe(404)
  })

  it('lists 250 a page, creates (201, Location) and refuses a duplicate name', async () => {
    const url = `/api/zeus/panels/3/isps/${isp3}/packages`
    const before = v.parse(AdminPackagePageSchema, (await as('admin', 'GET', url)).json())
    expect(before.meta.pagination.per_page).toBe(250)
    const created = await as('admin', 'POST', url, PACKAGE)
    expect(created.statusCode).toBe(201)
    expect(created.headers.location).toMatch(/\/packages\/\d+$/)
    const { data } = v.parse(v.object({ data: AdminPackageSchema }), created.json())
    expect(data).toMatchObject({ ...PACKAGE, public: true, down_limit: null, isp: { id: isp3 } })
    const again = await as('admin', 'POST', url, { ...PACKAGE, short_name: 'FIBRE 900' })
    expect(again.statusCode).toBe(400)
    expect(errorBody(again).errors).toEqual({ short_name: ['EXISTS'] })
    const after = v.parse(
      AdminPackagePageSchema,
      (await as('admin', 'GET', `${url}?search=fibre 9`)).json(),
    )
    expect(after.data.map((row) => row.short_name)).toEqual(['Fibre 900'])
  })

  it('edits a package; bad input names its field', async () => {
    const url = `/api/zeus/panels/3/isps/${isp3}/packages`
    const page = v.parse(
      AdminPackagePageSchema,
      (await as('admin', 'GET', `${url}?search=Fibre 900`)).json(),
    )
    const id = page.data[0]?.id ?? 0
    const edited = await as('admin', 'PUT', `${url}/${id}`, { public: false, down_limit: 500 })
    expect(edited.statusCode).toBe(200)
    expect(v.parse(v.object({ data: AdminPackageSchema }), edited.json()).data).toMatchObject({
      short_name: 'Fibre 900',
      public: false,
      down_limit: 500,
    })
    const bad = await as('admin', 'PUT', `${url}/${id}`, { down_speed: -1 })
    expect(bad.statusCode).toBe(400)
    expect(errorBody(bad).errors).toEqual({ down_speed: ['INVALID'] })
    expect((await as('admin', 'PUT', `${url}/999999`, { public: true })).statusCode).toBe(404)
  })
})
