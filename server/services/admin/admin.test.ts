import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  AdminAgentDetailSchema,
  AdminAgentPageSchema,
  AdminAuditPageSchema,
  AdminUserDetailSchema,
  AdminUserPageSchema,
  parseCsv,
  type AdminAgentPage,
} from '../../../contracts/admin.ts'
import type { DemoAccount } from '../../db/demo-accounts.ts'
import { bearer, errorBody, signIn, useTestApp } from '../../test/helpers.ts'

const t = useTestApp()
const tokens = new Map<string, string>()
const ACCOUNTS = ['admin', 'analyst', 'engineer', 'consumer', 'staff'] as const

function as(
  account: DemoAccount | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const auth = account === null ? {} : bearer(tokens.get(account) ?? '')
  return t.app.inject({
    method,
    url,
    headers: { ...auth, ...headers },
    ...(typeof body === 'string'
      ? { payload: body }
      : body === undefined
        ? {}
        : { payload: body as object }),
  })
}

let unit3: { id: number; mac: string }
let unit2: number

beforeAll(async () => {
  for (const account of ACCOUNTS) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
  }
  const { rows } = await t.db.execute<{ id: number; mac: string; panel_id: number }>(
    sql`SELECT id, mac, panel_id FROM units WHERE panel_id IN (2, 3) ORDER BY id`,
  )
  const on3 = rows.find((row) => row.panel_id === 3)
  const on2 = rows.find((row) => row.panel_id === 2)
  if (!on3 || !on2) throw new Error('the demo seed has no units on panels 2 and 3')
  unit3 = on3
  unit2 = on2.id
})

/** Every admin route, with a body that would pass validation, and the permission it needs. */
const ROUTES = () =>
  [
    ['GET', `/api/admin/panels/3/agents`, undefined],
    ['GET', `/api/admin/panels/3/agents/${unit3.id}`, undefined],
    ['PUT', `/api/admin/panels/3/agents/${unit3.id}/state`, { state: 'active' }],
    ['PUT', `/api/admin/panels/3/agents/${unit3.id}/metadata`, { metadata: {} }],
    ['GET', `/api/admin/panels/3/metadata-fields`, undefined],
    [
      'POST',
      `/api/admin/panels/3/metadata-fields`,
      { key: 'k', display_name: 'K', format: 'text' },
    ],
    ['PUT', `/api/admin/panels/3/metadata-fields/1`, { usage: 'hidden' }],
    ['DELETE', `/api/admin/panels/3/metadata-fields/1`, undefined],
    ['GET', `/api/admin/panels/3/metadata.csv`, undefined],
    ['GET', `/api/admin/panels/3/users`, undefined],
    ['GET', `/api/admin/panels/3/users/1`, undefined],
    ['POST', `/api/admin/panels/3/users/lookup`, { email: 'a@example.com' }],
    ['PUT', `/api/admin/panels/3/users/1/enabled`, { enabled: true }],
    ['POST', `/api/admin/panels/3/users/1/unlock`, {}],
    ['GET', `/api/admin/panels/3/users/1/audit`, undefined],
    ['PUT', `/api/admin/panels/3/users/1/role`, { role: 'home_user' }],
    ['GET', `/api/admin/panels/3/agents/${unit3.id}/audit`, undefined],
  ] as const

describe('refusals', () => {
  it('401 without a token, on every route', async () => {
    for (const [method, url, body] of ROUTES()) {
      const response = await as(null, method, url, body)
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it('403 for accounts without the admin permission on the panel, on every route', async () => {
    // analyst holds agents_view under Apollo only, the engineer Unit search: neither admin.
    for (const account of ['analyst', 'engineer', 'consumer'] as const) {
      for (const [method, url, body] of ROUTES()) {
        const response = await as(account, method, url, body)
        expect(response.statusCode, `${account} ${method} ${url}`).toBe(403)
        expect(errorBody(response).code).toBe('FORBIDDEN')
      }
    }
  })

  it('403 for the admin on a panel that is not theirs (panel 1), before anything is read', async () => {
    for (const [method, url, body] of ROUTES()) {
      const other = url.replace('/panels/3/', '/panels/1/')
      const response = await as('admin', method, other, body)
      expect(response.statusCode, `${method} ${other}`).toBe(403)
    }
  })

  it('the super admin toggle needs org_super_admin on the organisation', async () => {
    const response = await as('admin', 'PUT', '/api/admin/panels/3/users/1/super-admin', {
      super_admin: true,
    })
    expect(response.statusCode).toBe(403)
  })

  it('400 with the field on bad input', async () => {
    const badMac = await as('admin', 'GET', '/api/admin/panels/3/agents?mac=nope')
    expect(badMac.statusCode).toBe(400)
    expect(errorBody(badMac).errors).toEqual({ mac: ['INVALID'] })
    const badSort = await as('admin', 'GET', '/api/admin/panels/3/agents?sorts=colour')
    expect(badSort.statusCode).toBe(400)
    expect(Object.keys(errorBody(badSort).errors ?? {})).toEqual(['sorts.0'])
    const badState = await as('admin', 'PUT', `/api/admin/panels/3/agents/${unit3.id}/state`, {
      state: 'asleep',
    })
    expect(badState.statusCode).toBe(400)
    expect(errorBody(badState).errors).toEqual({ state: ['INVALID'] })
  })
})

describe('agents', () => {
  it('lists the panel agents, 50 a page, with every §3 column', async () => {
    const response = await as('admin', 'GET', '/api/admin/panels/3/agents?include=lmap_config')
    expect(response.statusCode).toBe(200)
    const page = v.parse(AdminAgentPageSchema, response.json())
    expect(page.meta.pagination.per_page).toBe(50)
    expect(page.data.length).toBeGreaterThan(0)
    expect(page.data.length).toBeLessThanOrEqual(50)
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM units WHERE panel_id = 3`,
    )
    expect(page.meta.pagination.total).toBe(rows[0]?.n)
    expect(page.data.every((row) => row.lmap_config !== undefined)).toBe(true)
    const ids = page.data.map((row) => row.agent_id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it('filters by MAC (any separators) and id, and sorts descending with a minus', async () => {
    const compact = unit3.mac.replace(/[^0-9a-f]/gi, '')
    const byMac = v.parse(
      AdminAgentPageSchema,
      (await as('admin', 'GET', `/api/admin/panels/3/agents?mac=${compact}`)).json(),
    )
    expect(byMac.data.map((row) => row.agent_id)).toEqual([unit3.id])
    const byId = v.parse(
      AdminAgentPageSchema,
      (await as('admin', 'GET', `/api/admin/panels/3/agents?id=${unit2}`)).json(),
    )
    expect(byId.data).toEqual([]) // a unit of panel 2 is not on panel 3
    const desc = v.parse(
      AdminAgentPageSchema,
      (await as('admin', 'GET', '/api/admin/panels/3/agents?sorts=-agent_id')).json(),
    )
    const ids = desc.data.map((row) => row.agent_id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
  })

  it.each(['isp', '-country', 'state', '-package', 'email', '-last_seen'])(
    'pages through every agent once under sorts=%s, in order',
    async (sorts) => {
      const rows: AdminAgentPage['data'] = []
      for (let page = 1; page <= 10; page += 1) {
        const response = await as(
          'admin',
          'GET',
          `/api/admin/panels/3/agents?sorts=${sorts}&page=${page}`,
        )
        const body = v.parse(AdminAgentPageSchema, response.json())
        rows.push(...body.data)
        if (page >= body.meta.pagination.total_pages) break
      }
      const ids = rows.map((row) => row.agent_id)
      const { rows: all } = await t.db.execute<{ id: number }>(
        sql`SELECT id FROM units WHERE panel_id = 3 ORDER BY id`,
      )
      expect([...ids].sort((a, b) => a - b)).toEqual(all.map((row) => row.id))
      const column = sorts.replace('-', '') as
        'isp' | 'country' | 'state' | 'package' | 'email' | 'last_seen'
      const values = rows.map((row) => row[column]?.toLowerCase() ?? null)
      const present = values.filter((value): value is string => value !== null)
      const sorted = [...present].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      expect(present).toEqual(sorts.startsWith('-') ? sorted.reverse() : sorted)
    },
  )

  it('shows one agent; another panel’s agent is 404', async () => {
    const response = await as('admin', 'GET', `/api/admin/panels/3/agents/${unit3.id}`)
    expect(response.statusCode).toBe(200)
    const { data } = v.parse(v.object({ data: AdminAgentDetailSchema }), response.json())
    expect(data.agent.agent_id).toBe(unit3.id)
    expect(data.agent.state).toBe('active')
    const other = await as('admin', 'GET', `/api/admin/panels/3/agents/${unit2}`)
    expect(other.statusCode).toBe(404)
  })

  it('deactivates and activates an agent, with an audit entry', async () => {
    const url = `/api/admin/panels/3/agents/${unit3.id}/state`
    const off = await as('admin', 'PUT', url, { state: 'inactive' })
    expect(off.statusCode).toBe(200)
    expect(v.parse(v.object({ data: AdminAgentDetailSchema }), off.json()).data.agent.state).toBe(
      'inactive',
    )
    const { rows } = await t.db.execute<{ before: unknown; after: unknown }>(sql`
      SELECT before, after FROM admin_audit WHERE action = 'agent.state' AND target_id = ${unit3.id}`)
    expect(rows).toEqual([{ before: { state: 'active' }, after: { state: 'inactive' } }])
    const on = await as('admin', 'PUT', url, { state: 'active' })
    expect(v.parse(v.object({ data: AdminAgentDetailSchema }), on.json()).data.agent.state).toBe(
      'active',
    )
  })
})

describe('metadata fields, agent metadata and CSV', () => {
  const fieldsUrl = '/api/admin/panels/3/metadata-fields'
  it('creates fields (201, Location), refuses a duplicate key', async () => {
    const created = await as('admin', 'POST', fieldsUrl, {
      key: 'hub',
      display_name: 'Hub site',
      format: 'text',
    })
    expect(created.statusCode).toBe(201)
    expect(created.headers.location).toMatch(/\/metadata-fields\/\d+$/)
    await as('admin', 'POST', fieldsUrl, { key: 'level', display_name: 'Level', format: 'number' })
    const again = await as('admin', 'POST', fieldsUrl, {
      key: 'hub',
      display_name: 'Again',
      format: 'text',
    })
    expect(again.statusCode).toBe(400)
    expect(errorBody(again).errors).toEqual({ key: ['EXISTS'] })
    const list = (await as('admin', 'GET', fieldsUrl)).json<{ data: { key: string }[] }>()
    // The demo seed's four fields, then the new ones.
    expect(list.data.map((field) => field.key)).toEqual([
      'hub_code',
      'floor',
      'installed_on',
      'internal_note',
      'hub',
      'level',
    ])
  })

  it('edits an agent’s metadata: unknown keys and wrong formats are refused', async () => {
    const url = `/api/admin/panels/3/agents/${unit3.id}/metadata`
    const unknown = await as('admin', 'PUT', url, { metadata: { colour: 'red' } })
    expect(unknown.statusCode).toBe(400)
    expect(errorBody(unknown).errors).toEqual({ 'metadata.colour': ['NOT_FOUND'] })
    const wrong = await as('admin', 'PUT', url, { metadata: { level: 'two' } })
    expect(errorBody(wrong).errors).toEqual({ 'metadata.level': ['INVALID'] })
    const ok = await as('admin', 'PUT', url, { metadata: { hub: 'North', level: '3' } })
    expect(ok.statusCode).toBe(200)
    const { data } = v.parse(v.object({ data: AdminAgentDetailSchema }), ok.json())
    expect(data.metadata).toMatchObject({ hub: 'North', level: '3' })
    const cleared = await as('admin', 'PUT', url, { metadata: { level: '' } })
    const after = v.parse(v.object({ data: AdminAgentDetailSchema }), cleared.json()).data
    expect(after.metadata.level).toBeUndefined()
    expect(after.metadata.hub).toBe('North')
  })

  const csvUrl = '/api/admin/panels/3/metadata.csv'
  const hubOf = async (id: number) => {
    const { rows } = await t.db.execute<{ hub: string | null }>(
      sql`SELECT custom->>'hub' AS hub FROM unit_attributes WHERE unit_id = ${id}`,
    )
    return rows[0]?.hub ?? null
  }

  it('previews an upload without applying it, then applies it (BOM, semicolons, Excel type)', async () => {
    const file = `\uFEFFunit_id;hub\r\n${unit3.id};South\r\n`
    const preview = await as('admin', 'POST', csvUrl, file, { 'content-type': 'text/csv' })
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toMatchObject({ applied: false, rows: 1 })
    expect(await hubOf(unit3.id)).toBe('North')
    const applied = await as('admin', 'POST', `${csvUrl}?apply=true`, file, {
      'content-type': 'application/vnd.ms-excel',
    })
    expect(applied.json()).toMatchObject({ applied: true, rows: 1 })
    expect(await hubOf(unit3.id)).toBe('South')
  })

  it('logs each unit’s CSV change on the agent, with the values before and after', async () => {
    const response = await as('admin', 'GET', `/api/admin/panels/3/agents/${unit3.id}/audit`)
    expect(response.statusCode).toBe(200)
    const entries = v.parse(AdminAuditPageSchema, response.json()).data
    expect(entries.slice(0, 3).map((e) => [e.action, e.before, e.after])).toEqual([
      ['agent.metadata_csv', { hub: 'North' }, { hub: 'South' }],
      ['agent.metadata', { level: '3' }, { level: '' }],
      ['agent.metadata', { hub: '', level: '' }, { hub: 'North', level: '3' }],
    ])
    expect(entries.some((e) => e.action === 'agent.state')).toBe(true)
    // Another panel's agent has no log here.
    expect((await as('admin', 'GET', `/api/admin/panels/3/agents/${unit2}/audit`)).statusCode).toBe(
      404,
    )
  })

  it('a half-bad file applies nothing and names the line', async () => {
    const file = `unit_id,hub\n${unit3.id},East\n${unit2},West\n`
    const response = await as('admin', 'POST', `${csvUrl}?apply=true`, file, {
      'content-type': 'text/csv',
    })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toEqual({
      code: 'INVALID_FILE',
      data: { errors: [{ line: 3, column: 'unit_id', code: 'NOT_FOUND' }] },
    })
    expect(await hubOf(unit3.id)).toBe('South')
  })

  it('refuses a file that is not CSV', async () => {
    const json = await as('admin', 'POST', csvUrl, { unit_id: 1 })
    expect(json.statusCode).toBe(415)
    expect(errorBody(json).code).toBe('UNSUPPORTED_FORMAT')
  })

  it('exports the panel metadata as CSV', async () => {
    const response = await as('admin', 'GET', csvUrl)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/csv/)
    const csv = parseCsv(response.body)
    expect(csv.errors).toEqual([])
    expect(csv.header).toEqual([
      'unit_id',
      'hub_code',
      'floor',
      'installed_on',
      'internal_note',
      'hub',
      'level',
    ])
    const row = csv.rows.find((r) => r.cells.unit_id === String(unit3.id))
    expect(row?.cells).toMatchObject({ hub: 'South', level: '' })
  })

  it('deletes a field and its values', async () => {
    const list = (await as('admin', 'GET', fieldsUrl)).json<{
      data: { id: number; key: string }[]
    }>()
    const hub = list.data.find((field) => field.key === 'hub')
    const response = await as('admin', 'DELETE', `${fieldsUrl}/${hub?.id ?? 0}`)
    expect(response.statusCode).toBe(204)
    expect(await hubOf(unit3.id)).toBeNull()
    expect((await as('admin', 'DELETE', `${fieldsUrl}/${hub?.id ?? 0}`)).statusCode).toBe(404)
  })
})

describe('users', () => {
  it('lists the organisation’s users by email descending', async () => {
    const response = await as('admin', 'GET', '/api/admin/panels/3/users')
    expect(response.statusCode).toBe(200)
    const page = v.parse(AdminUserPageSchema, response.json())
    const emails = page.data.map((row) => row.email.toLowerCase())
    expect(emails).toContain('admin@example.com')
    expect(emails).not.toContain('consumer@example.com')
    expect(emails).toEqual([...emails].sort().reverse())
  })

  it('derives each user status', async () => {
    const day = 86_400_000
    const now = Date.now()
    const people = [
      ['ops.enabled', 'enabled', null, now],
      ['ops.locked', 'enabled', now + day, now],
      ['ops.expired', 'enabled', null, now - (t.env.PASSWORD_EXPIRY_DAYS + 1) * day],
      ['ops.disabled', 'disabled', null, now],
    ] as const
    for (const [local, status, lockedUntil, changed] of people) {
      await t.db.execute(sql`
        INSERT INTO users (email, first_name, last_name, password_hash, organisation_id, status,
                           locked_until, password_changed_at)
        VALUES (${`${local}@southerncross.example`}, 'A', 'B', 'unset', 2, ${status}::user_status,
                ${lockedUntil === null ? null : new Date(lockedUntil).toISOString()}::timestamptz,
                ${new Date(changed).toISOString()}::timestamptz)`)
    }
    const response = await as(
      'admin',
      'GET',
      '/api/admin/panels/3/users?search=southerncross.example',
    )
    const page = v.parse(AdminUserPageSchema, response.json())
    expect(Object.fromEntries(page.data.map((row) => [row.email, row.user_status]))).toEqual({
      'ops.enabled@southerncross.example': 'enabled',
      'ops.locked@southerncross.example': 'locked_out',
      'ops.expired@southerncross.example': 'password_expired',
      'ops.disabled@southerncross.example': 'disabled',
    })
  })

  it('EMAIL_NOT_FOUND on lookup of an email outside the organisation', async () => {
    const response = await as('admin', 'POST', '/api/admin/panels/3/users/lookup', {
      email: 'consumer@example.com',
    })
    expect(response.statusCode).toBe(404)
    expect(errorBody(response).code).toBe('EMAIL_NOT_FOUND')
  })

  it('creates a user and mails a set-password link, never a password', async () => {
    const response = await as('admin', 'POST', '/api/admin/panels/3/users', {
      email: 'new.person@example.com',
      first_name: 'New',
      last_name: 'Person',
      role: 'power_user',
    })
    expect(response.statusCode).toBe(201)
    const { data } = v.parse(v.object({ data: AdminUserDetailSchema }), response.json())
    expect(data.role).toBe('power_user')
    expect(data.user.user_status).toBe('enabled')
    const { rows } = await t.db.execute<{ text: string; links: string[] }>(
      sql`SELECT text, links FROM outbox WHERE "to" = 'new.person@example.com'`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]?.links[0]).toMatch(new RegExp(`/reset-password/${data.user.id}/`))
    const again = await as('admin', 'POST', '/api/admin/panels/3/users', {
      email: 'NEW.person@example.com',
      first_name: 'New',
      last_name: 'Person',
    })
    expect(errorBody(again).errors).toEqual({ email: ['EXISTS'] })
  })

  it('disables and enables a user; another organisation’s user is 404', async () => {
    const { rows } = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM users WHERE email IN ('analyst@example.com', 'consumer@example.com') ORDER BY email`,
    )
    const [analyst, consumer] = rows
    const url = `/api/admin/panels/3/users/${analyst?.id ?? 0}/enabled`
    const off = await as('admin', 'PUT', url, { enabled: false })
    expect(off.statusCode).toBe(200)
    expect(
      v.parse(v.object({ data: AdminUserDetailSchema }), off.json()).data.user.user_status,
    ).toBe('disabled')
    await as('admin', 'PUT', url, { enabled: true })
    const foreign = await as(
      'admin',
      'PUT',
      `/api/admin/panels/3/users/${consumer?.id ?? 0}/enabled`,
      {
        enabled: false,
      },
    )
    expect(foreign.statusCode).toBe(404)
  })

  it('shows a user’s audit log (who, when, what, before, after); another organisation’s is 404', async () => {
    const { rows } = await t.db.execute<{ id: number; email: string }>(
      sql`SELECT id, email FROM users WHERE email IN ('analyst@example.com', 'consumer@example.com') ORDER BY email`,
    )
    const [analyst, consumer] = rows
    const response = await as('admin', 'GET', `/api/admin/panels/3/users/${analyst?.id ?? 0}/audit`)
    expect(response.statusCode).toBe(200)
    const entries = v.parse(AdminAuditPageSchema, response.json()).data
    expect(entries.slice(0, 2).map((e) => [e.action, e.before, e.after])).toEqual([
      ['user.enabled', { enabled: false }, { enabled: true }],
      ['user.enabled', { enabled: true }, { enabled: false }],
    ])
    expect(entries[0]?.actor_id).toEqual(expect.any(Number))
    expect(Number.isNaN(Date.parse(entries[0]?.at ?? ''))).toBe(false)
    const foreign = await as('admin', 'GET', `/api/admin/panels/3/users/${consumer?.id ?? 0}/audit`)
    expect(foreign.statusCode).toBe(404)
  })

  it('changes a user’s role on the panel (audit-logged); not their own', async () => {
    const { rows } = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM users WHERE email = 'new.person@example.com'`,
    )
    const id = rows[0]?.id ?? 0
    const url = `/api/admin/panels/3/users/${id}/role`
    const up = await as('admin', 'PUT', url, { role: 'administrator' })
    expect(up.statusCode).toBe(200)
    expect(v.parse(v.object({ data: AdminUserDetailSchema }), up.json()).data.role).toBe(
      'administrator',
    )
    const panelGrants = async () =>
      (
        await t.db.execute<{ permission: string }>(sql`
          SELECT permission FROM grants WHERE user_id = ${id} AND scope->>'panel' = '3'
          ORDER BY permission`)
      ).rows.map((row) => row.permission)
    expect(await panelGrants()).toContain('admin_users_manage')
    const down = await as('admin', 'PUT', url, { role: 'home_user' })
    expect(v.parse(v.object({ data: AdminUserDetailSchema }), down.json()).data.role).toBe(
      'home_user',
    )
    expect(await panelGrants()).toEqual([])
    const { rows: audit } = await t.db.execute<{ before: unknown; after: unknown }>(sql`
      SELECT before, after FROM admin_audit WHERE action = 'user.role' AND target_id = ${id}
      ORDER BY id`)
    expect(audit).toEqual([
      { before: { role: 'power_user' }, after: { role: 'administrator' } },
      { before: { role: 'administrator' }, after: { role: 'home_user' } },
    ])
    const { rows: me } = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM users WHERE email = 'admin@example.com'`,
    )
    const self = await as('admin', 'PUT', `/api/admin/panels/3/users/${me[0]?.id ?? 0}/role`, {
      role: 'home_user',
    })
    expect(errorBody(self).errors).toEqual({ role: ['INVALID'] })
    const bad = await as('admin', 'PUT', url, { role: 'emperor' })
    expect(errorBody(bad).errors).toEqual({ role: ['INVALID'] })
  })

  it('shows the user’s groups in the panel’s data subscriptions', async () => {
    const { rows } = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM users WHERE email = 'admin@example.com'`,
    )
    const response = await as('admin', 'GET', `/api/admin/panels/3/users/${rows[0]?.id ?? 0}`)
    const { data } = v.parse(v.object({ data: AdminUserDetailSchema }), response.json())
    expect(data.groups.map((group) => group.name)).toEqual(['Network operations'])
  })

  it('staff (a developer) may toggle super admin', async () => {
    const { rows } = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM users WHERE email = 'analyst@example.com'`,
    )
    const url = `/api/admin/panels/3/users/${rows[0]?.id ?? 0}/super-admin`
    const response = await as('staff', 'PUT', url, { super_admin: true })
    expect(response.statusCode).toBe(200)
    expect(
      v.parse(v.object({ data: AdminUserDetailSchema }), response.json()).data.user.org_super_admin,
    ).toBe(true)
  })
})

describe('bulk users from CSV', () => {
  const url = '/api/admin/panels/3/users.csv'
  const csv = { 'content-type': 'text/csv' }
  const count = async (email: string) => {
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users WHERE lower(email) = ${email}`,
    )
    return rows[0]?.n ?? 0
  }

  it('previews, then creates every user in one go and mails each a link', async () => {
    const file =
      '\uFEFFemail;first_name;last_name;role\nbulk.one@example.com;Bulk;One;\nbulk.two@example.com;Bulk;Two;administrator\n'
    const preview = await as('admin', 'POST', url, file, csv)
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toMatchObject({ applied: false, rows: 2 })
    expect(await count('bulk.one@example.com')).toBe(0)
    const applied = await as('admin', 'POST', `${url}?apply=true`, file, csv)
    expect(applied.json()).toMatchObject({ applied: true, rows: 2 })
    expect(await count('bulk.two@example.com')).toBe(1)
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM outbox WHERE "to" LIKE 'bulk.%'`,
    )
    expect(rows[0]?.n).toBe(2)
  })

  it('a half-bad file creates nobody and names each bad line', async () => {
    const file =
      'email,first_name,last_name\nbulk.three@example.com,Bulk,Three\nnot-an-email,X,Y\nbulk.one@example.com,Again,One\n'
    const response = await as('admin', 'POST', `${url}?apply=true`, file, csv)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toEqual({
      code: 'INVALID_FILE',
      data: {
        errors: [
          { line: 3, column: 'email', code: 'INVALID' },
          { line: 4, column: 'email', code: 'EXISTS' },
        ],
      },
    })
    expect(await count('bulk.three@example.com')).toBe(0)
  })

  it('refuses other accounts and other types', async () => {
    expect((await as('analyst', 'POST', url, 'email\n', csv)).statusCode).toBe(403)
    expect(
      (await as('admin', 'POST', url, 'email\n', { 'content-type': 'text/plain' })).statusCode,
    ).toBe(415)
  })
})

describe('agent activation (cpe_subscriptions_manage)', () => {
  it('an account without the permission is refused; staff sees status and log', async () => {
    expect(
      (await as('analyst', 'GET', '/api/admin/panels/3/agent-activation/status')).statusCode,
    ).toBe(403)
    const status = await as('staff', 'GET', '/api/admin/panels/3/agent-activation/status')
    expect(status.statusCode).toBe(200)
    const data = status.json<{
      data: { active: number; inactive: number; monthly_allowance: number }
    }>().data
    // The demo seed's two inactive agents on panel 3.
    expect(data.inactive).toBe(2)
    expect(data.monthly_allowance).toBeGreaterThan(0)
    const log = await as('staff', 'GET', '/api/admin/panels/3/agent-activation/log')
    expect(log.statusCode).toBe(200)
    const entries = log.json<{ data: { unit_id: number; state: string }[] }>().data
    // The agents test deactivated then activated unit3: newest first.
    expect(entries.slice(0, 2)).toMatchObject([
      { unit_id: unit3.id, state: 'active' },
      { unit_id: unit3.id, state: 'inactive' },
    ])
  })
})
