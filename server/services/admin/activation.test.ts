import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ActivationImportResultSchema,
  AgentActivationTokenCreatedSchema,
  AgentActivationTokenSchema,
  AutocompleteMetadataResultSchema,
  InstantTestApiUsagePageSchema,
  parseCsv,
} from '../../../contracts/admin.ts'
import type { DemoAccount } from '../../db/demo-accounts.ts'
import { hashToken } from '../../lib/tokens.ts'
import { bearer, errorBody, signIn, useTestApp } from '../../test/helpers.ts'
import { MONTHLY_ACTIVATION_ALLOWANCE } from './activation.routes.ts'

const t = useTestApp()
const tokens = new Map<string, string>()

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

const csv = { 'content-type': 'text/csv' }
let units3: { id: number; active: boolean }[]

beforeAll(async () => {
  for (const account of ['admin', 'analyst', 'engineer', 'consumer', 'staff'] as const) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
  }
  const { rows } = await t.db.execute<{ id: number; active: boolean }>(sql`
    SELECT u.id, COALESCE(s.active, true) AS active
    FROM units u LEFT JOIN agent_states s ON s.unit_id = u.id WHERE u.panel_id = 3 ORDER BY u.id`)
  units3 = rows
})

const ROUTES = [
  ['GET', '/api/admin/panels/3/agent-activation/token', undefined],
  ['POST', '/api/admin/panels/3/agent-activation/token', {}],
  ['DELETE', '/api/admin/panels/3/agent-activation/token', undefined],
  ['GET', '/api/admin/panels/3/agent-activation/export.csv', undefined],
  ['POST', '/api/admin/panels/3/agent-activation/import.csv', 'unit_id,state\n'],
  ['GET', '/api/admin/panels/3/instant-test-api-usage', undefined],
  ['POST', '/api/admin/autocomplete/metadata/3', { key: 'hub_code' }],
] as const

function send(account: DemoAccount | null, route: (typeof ROUTES)[number], url: string = route[1]) {
  const [method, , body] = route
  return as(account, method, url, body, typeof body === 'string' ? csv : {})
}

describe('refusals', () => {
  it('401 without a token, on every route', async () => {
    for (const route of ROUTES) expect((await send(null, route)).statusCode, route[1]).toBe(401)
  })

  it('403 for accounts without the section’s permission on the panel', async () => {
    for (const account of ['analyst', 'engineer', 'consumer'] as const) {
      for (const route of ROUTES) {
        const response = await send(account, route)
        expect(response.statusCode, `${account} ${route[1]}`).toBe(403)
        expect(errorBody(response).code).toBe('FORBIDDEN')
      }
    }
    // The admin demo account holds every one of these permissions on panel 3.
    for (const route of ROUTES.slice(3, 6)) {
      expect((await send('admin', route)).statusCode, route[1]).not.toBe(403)
    }
  })

  it('403 for the admin on a panel that is not theirs (panel 1)', async () => {
    for (const route of ROUTES) {
      const other = route[1].replace(/\/3(\/|$)/, '/1$1')
      expect((await send('admin', route, other)).statusCode, other).toBe(403)
    }
  })

  it('400 with the field on bad input', async () => {
    const month = await as(
      'staff',
      'GET',
      '/api/admin/panels/3/instant-test-api-usage?month=2026-13',
    )
    expect(month.statusCode).toBe(400)
    expect(Object.keys(errorBody(month).errors ?? {})).toEqual(['month'])
    const noKey = await as('admin', 'POST', '/api/admin/autocomplete/metadata/3', { value: 'a' })
    expect(errorBody(noKey).errors).toEqual({ key: ['MISSING'] })
    const unknown = await as('admin', 'POST', '/api/admin/autocomplete/metadata/3', {
      key: 'colour',
    })
    expect(errorBody(unknown).errors).toEqual({ key: ['NOT_FOUND'] })
    const notCsv = await as('staff', 'POST', '/api/admin/panels/3/agent-activation/import.csv', {
      unit_id: 1,
    })
    expect(notCsv.statusCode).toBe(415)
  })
})

describe('activation token (cpe_api_manage)', () => {
  const url = '/api/admin/panels/3/agent-activation/token'
  const stored = async () => {
    const { rows } = await t.db.execute<{ token_hash: string }>(
      sql`SELECT token_hash FROM agent_activation_tokens WHERE panel_id = 3`,
    )
    return rows[0]?.token_hash ?? null
  }

  it('regenerates the seeded token (shown once, stored hashed), deletes it, generates one', async () => {
    const seeded = v.parse(
      v.object({ data: AgentActivationTokenSchema }),
      (await as('admin', 'GET', url)).json(),
    )
    expect(seeded.data).toMatchObject({ exists: true, regenerated_at: null })
    const regenerated = await as('admin', 'POST', url, {})
    expect(regenerated.statusCode).toBe(200)
    const first = v.parse(AgentActivationTokenCreatedSchema, regenerated.json()).data
    expect(first.plain_token.length).toBeGreaterThanOrEqual(40)
    expect(first.token).toMatchObject({ exists: true, hint: first.plain_token.slice(-4) })
    expect(first.token.regenerated_at).not.toBeNull()
    expect(await stored()).toBe(hashToken(first.plain_token))
    const shown = await as('admin', 'GET', url)
    expect(shown.body).not.toContain(first.plain_token)
    expect((await as('admin', 'DELETE', url)).statusCode).toBe(204)
    expect(await stored()).toBeNull()
    expect((await as('admin', 'DELETE', url)).statusCode).toBe(404)
    const none = v.parse(
      v.object({ data: AgentActivationTokenSchema }),
      (await as('admin', 'GET', url)).json(),
    )
    expect(none.data).toEqual({ exists: false, hint: null, created_at: null, regenerated_at: null })
    const created = await as('admin', 'POST', url, {})
    expect(created.statusCode).toBe(201)
    const second = v.parse(AgentActivationTokenCreatedSchema, created.json()).data
    expect(second.plain_token).not.toBe(first.plain_token)
    expect(second.token.regenerated_at).toBeNull()
    expect(await stored()).toBe(hashToken(second.plain_token))
    const { rows } = await t.db.execute<{ action: string; entry: string }>(sql`
      SELECT action, concat(before::text, after::text) AS entry FROM admin_audit
      WHERE action LIKE 'activation_token.%' ORDER BY id`)
    expect(rows.map((row) => row.action)).toEqual([
      'activation_token.regenerate',
      'activation_token.delete',
      'activation_token.generate',
    ])
    for (const row of rows) {
      expect(row.entry).not.toContain(first.plain_token)
      expect(row.entry).not.toContain(second.plain_token)
    }
  })
})

describe('activation export and bulk import (cpe_subscriptions_manage)', () => {
  const importUrl = '/api/admin/panels/3/agent-activation/import.csv'
  const stateOf = async (id: number) => {
    const { rows } = await t.db.execute<{ active: boolean }>(
      sql`SELECT COALESCE((SELECT active FROM agent_states WHERE unit_id = ${id}), true) AS active`,
    )
    return rows[0]?.active
  }

  it('exports every agent of the panel with its state', async () => {
    const response = await as('staff', 'GET', '/api/admin/panels/3/agent-activation/export.csv')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/csv/)
    const file = parseCsv(response.body)
    expect(file.errors).toEqual([])
    expect(file.header).toEqual(['unit_id', 'mac', 'serial_number', 'state', 'changed_at'])
    expect(file.rows.map((row) => Number(row.cells.unit_id))).toEqual(units3.map((u) => u.id))
    expect(file.rows.filter((row) => row.cells.state === 'inactive')).toHaveLength(
      units3.filter((u) => !u.active).length,
    )
  })

  it('previews, then applies every change in one go, logged per agent', async () => {
    const [a, b] = units3.filter((u) => u.active)
    const inactive = units3.find((u) => !u.active)
    if (!a || !b || !inactive) throw new Error('panel 3 needs active and inactive agents')
    // BOM, semicolons, a line that changes nothing, mixed case.
    const file = `\uFEFFunit_id;state\r\n${a.id};inactive\r\n${b.id};Active\r\n${inactive.id};active\r\n`
    const preview = await as('staff', 'POST', importUrl, file, csv)
    expect(preview.statusCode).toBe(200)
    expect(v.parse(ActivationImportResultSchema, preview.json())).toMatchObject({
      applied: false,
      rows: 3,
      unchanged: 1,
      activations: 1,
      deactivations: 1,
    })
    expect(await stateOf(a.id)).toBe(true)
    const applied = await as('staff', 'POST', `${importUrl}?apply=true`, file, csv)
    expect(v.parse(ActivationImportResultSchema, applied.json())).toMatchObject({
      applied: true,
      changes: [
        { line: 2, unit_id: a.id, state: 'inactive' },
        { line: 4, unit_id: inactive.id, state: 'active' },
      ],
    })
    expect(await stateOf(a.id)).toBe(false)
    expect(await stateOf(inactive.id)).toBe(true)
    const log = await as('staff', 'GET', '/api/admin/panels/3/agent-activation/log')
    const entries = log.json<{ data: { unit_id: number; state: string }[] }>().data
    expect(entries.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ unit_id: a.id, state: 'inactive' }),
        expect.objectContaining({ unit_id: inactive.id, state: 'active' }),
      ]),
    )
    const status = await as('staff', 'GET', '/api/admin/panels/3/agent-activation/status')
    expect(
      status.json<{ data: { activated_this_month: number } }>().data.activated_this_month,
    ).toBe(1)
  })

  it('a half-bad file applies nothing and names each bad line', async () => {
    const [a] = units3.filter((u) => u.active)
    const { rows } = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM units WHERE panel_id = 2 ORDER BY id LIMIT 1`,
    )
    const foreign = rows[0]?.id ?? 0
    if (!a) throw new Error('no active agent')
    const before = await stateOf(a.id)
    const flip = before === true ? 'inactive' : 'active'
    const file = `unit_id,state\n${a.id},${flip}\n${foreign},active\n${a.id},active\n${units3[1]?.id ?? 0},asleep\n`
    const response = await as('staff', 'POST', `${importUrl}?apply=true`, file, csv)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toEqual({
      code: 'INVALID_FILE',
      data: {
        errors: [
          { line: 3, column: 'unit_id', code: 'NOT_FOUND' },
          { line: 4, column: 'unit_id', code: 'EXISTS' },
          { line: 5, column: 'state', code: 'INVALID' },
        ],
      },
    })
    expect(await stateOf(a.id)).toBe(before)
  })

  it('refuses activations past the monthly allowance, at the first line over', async () => {
    const actor = (
      await t.db.execute<{ id: number }>(
        sql`SELECT id FROM users WHERE email = 'staff@example.com'`,
      )
    ).rows[0]?.id
    // This month's activations so far: one (the test above); fill the allowance up to one left.
    await t.db.execute(sql`
      INSERT INTO admin_audit (actor_id, panel_id, action, target_type, target_id, before, after)
      SELECT ${actor}, 3, 'agent.state', 'unit', ${units3[0]?.id ?? 0}, '{"state":"inactive"}',
             '{"state":"active"}'
      FROM generate_series(1, ${MONTHLY_ACTIVATION_ALLOWANCE - 2})`)
    const inactive = units3.filter((u) => !u.active).map((u) => u.id)
    const [x, y] = units3.filter((u) => u.active)
    if (!x || !y) throw new Error('no active agents')
    // Deactivate two, then try to activate them back: the second activation is one too many.
    await as(
      'staff',
      'POST',
      `${importUrl}?apply=true`,
      `unit_id,state\n${x.id},inactive\n${y.id},inactive\n`,
      csv,
    )
    const file = `unit_id,state\n${x.id},active\n${y.id},active\n`
    const response = await as('staff', 'POST', `${importUrl}?apply=true`, file, csv)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).data).toEqual({
      errors: [{ line: 3, column: 'state', code: 'ALLOWANCE_EXCEEDED' }],
    })
    expect(await stateOf(x.id)).toBe(false)
    expect(inactive.length).toBeGreaterThan(0)

    // One activation is left: one agent's own activation spends it, the next is refused, and
    // setting a state the agent already has spends nothing and logs nothing.
    const state = (id: number) => `/api/admin/panels/3/agents/${id}/state`
    const audits = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM admin_audit WHERE panel_id = 3`,
        )
      ).rows[0]?.n
    expect((await as('staff', 'PUT', state(x.id), { state: 'active' })).statusCode).toBe(200)
    const logged = await audits()
    expect((await as('staff', 'PUT', state(x.id), { state: 'active' })).statusCode).toBe(200)
    expect(await audits()).toBe(logged)
    const refused = await as('staff', 'PUT', state(y.id), { state: 'active' })
    expect(refused.statusCode).toBe(409)
    expect(errorBody(refused).code).toBe('ALLOWANCE_EXCEEDED')
    expect(await stateOf(y.id)).toBe(false)
    expect(await audits()).toBe(logged)
  })
})

describe('Instant Test API usage (instant_test_api_manage)', () => {
  const url = '/api/admin/panels/3/instant-test-api-usage'
  it('is empty until the API is used; lists usage per token and month, newest first', async () => {
    const empty = v.parse(InstantTestApiUsagePageSchema, (await as('staff', 'GET', url)).json())
    expect(empty.data).toEqual([])
    expect(empty.meta.pagination.total).toBe(0)
    await t.db.execute(sql`
      INSERT INTO instant_test_api_usage (panel_id, token_id, token_name, month, requests, tests)
      VALUES (3, 1, 'NOC dashboard', '2026-10-01', 40, 12), (3, 1, 'NOC dashboard', '2026-11-01', 7, 3),
             (3, 2, 'Field app', '2026-11-01', 90, 30), (2, 3, 'Other panel', '2026-11-01', 1, 1)`)
    const page = v.parse(InstantTestApiUsagePageSchema, (await as('staff', 'GET', url)).json())
    expect(page.data.map((row) => [row.month, row.token_name])).toEqual([
      ['2026-11', 'Field app'],
      ['2026-11', 'NOC dashboard'],
      ['2026-10', 'NOC dashboard'],
    ])
    const november = v.parse(
      InstantTestApiUsagePageSchema,
      (await as('staff', 'GET', `${url}?month=2026-11&search=field&sorts=-requests`)).json(),
    )
    expect(november.data).toEqual([
      { token_id: 2, token_name: 'Field app', month: '2026-11', requests: 90, tests: 30 },
    ])
  })
})

describe('autocomplete of metadata values', () => {
  const url = '/api/admin/autocomplete/metadata/3'
  it('completes a field’s values on the panel by prefix, most used first', async () => {
    const ids = units3.slice(0, 4).map((u) => u.id)
    const values = ['North-1', 'North-1', 'North-2', 'South-1']
    for (const [i, id] of ids.entries()) {
      await t.db.execute(sql`
        INSERT INTO unit_attributes (unit_id, technology, custom)
        VALUES (${id}, 'fibre', ${JSON.stringify({ hub_code: values[i] })}::jsonb)
        ON CONFLICT (unit_id) DO UPDATE SET custom = unit_attributes.custom || excluded.custom`)
    }
    // Another panel's value never shows.
    await t.db.execute(sql`
      INSERT INTO unit_attributes (unit_id, technology, custom)
      SELECT id, 'fibre', '{"hub_code":"North-9"}'::jsonb FROM units WHERE panel_id = 2
      ORDER BY id LIMIT 1
      ON CONFLICT (unit_id) DO UPDATE SET custom = unit_attributes.custom || excluded.custom`)
    const north = await as('admin', 'POST', url, { key: 'hub_code', value: 'nor' })
    expect(north.statusCode).toBe(200)
    expect(v.parse(AutocompleteMetadataResultSchema, north.json()).data).toEqual([
      'North-1',
      'North-2',
    ])
    const all = await as('admin', 'POST', url, { key: 'hub_code' })
    expect(v.parse(AutocompleteMetadataResultSchema, all.json()).data).toEqual([
      'North-1',
      'North-2',
      'South-1',
    ])
    const technology = await as('admin', 'POST', url, { key: 'technology', value: 'FIB' })
    expect(v.parse(AutocompleteMetadataResultSchema, technology.json()).data).toContain('fibre')
    const wildcard = await as('admin', 'POST', url, { key: 'hub_code', value: '%' })
    expect(v.parse(AutocompleteMetadataResultSchema, wildcard.json()).data).toEqual([])
  })
})
