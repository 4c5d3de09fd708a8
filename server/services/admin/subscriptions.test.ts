import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  AdminAuditPageSchema,
  DataSubscriptionPageSchema,
  DataSubscriptionSchema,
  DataSubscriptionUserPageSchema,
  SubscriptionGroupPageSchema,
  SubscriptionGroupSchema,
  type DataSubscriptionUser,
} from '../../../contracts/admin.ts'
import type { DemoAccount } from '../../db/demo-accounts.ts'
import { bearer, errorBody, signIn, useTestApp } from '../../test/helpers.ts'

const t = useTestApp()
const tokens = new Map<string, string>()

function as(
  account: DemoAccount | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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

const one = v.object({ data: SubscriptionGroupSchema })

async function idOf(email: string): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM users WHERE email = ${email}`,
  )
  const id = rows[0]?.id
  if (id === undefined) throw new Error(`no user ${email}`)
  return id
}

/** Adds a user of organisation 2 (Southern Cross) and returns its id. */
async function orgUser(local: string, migration: 'none' | 'notice' = 'none'): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO users (email, first_name, last_name, password_hash, organisation_id, migration)
    VALUES (${`${local}@southerncross.example`}, 'Org', ${local}, 'unset', 2,
            ${migration}::user_migration)
    RETURNING id`)
  const id = rows[0]?.id
  if (id === undefined) throw new Error('no user')
  return id
}

let sub3: number
let sub2: number
let base3: string
let admin: number

beforeAll(async () => {
  for (const account of ['admin', 'analyst', 'engineer', 'consumer', 'staff'] as const) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
  }
  const { rows } = await t.db.execute<{ id: number; panel_id: number }>(
    sql`SELECT id, panel_id FROM data_subscriptions ORDER BY id`,
  )
  const on3 = rows.find((row) => row.panel_id === 3)
  const on2 = rows.find((row) => row.panel_id === 2)
  if (!on3 || !on2) throw new Error('the demo seed has no data subscriptions on panels 2 and 3')
  sub3 = on3.id
  sub2 = on2.id
  base3 = `/api/admin/panels/3/data-subscriptions/${sub3}`
  admin = await idOf('admin@example.com')
})

/** Every data-subscription route with a body that passes validation. */
const ROUTES = () =>
  [
    ['GET', '/api/admin/panels/3/data-subscriptions', undefined],
    ['GET', base3, undefined],
    ['GET', `${base3}/groups`, undefined],
    ['GET', `${base3}/groups/1`, undefined],
    ['POST', `${base3}/groups`, { name: 'Probe' }],
    ['PUT', `${base3}/groups/1`, { name: 'Probe' }],
    ['GET', `${base3}/users`, undefined],
    ['PUT', `${base3}/groups/1/users/1`, undefined],
    ['DELETE', `${base3}/groups/1/users/1`, undefined],
  ] as const

describe('refusals', () => {
  it('401 without a token, on every route', async () => {
    for (const [method, url, body] of ROUTES()) {
      expect((await as(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it('403 without admin_users_manage on the panel (seeds 001 §6), on every route', async () => {
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
      expect((await as('admin', method, other, body)).statusCode, `${method} ${other}`).toBe(403)
    }
  })

  it('404 for another panel’s subscription through the admin’s own panel', async () => {
    const response = await as('admin', 'GET', `/api/admin/panels/3/data-subscriptions/${sub2}`)
    expect(response.statusCode).toBe(404)
    const groups = await as('admin', 'GET', `/api/admin/panels/3/data-subscriptions/${sub2}/groups`)
    expect(groups.statusCode).toBe(404)
  })

  it('403 USER_MIGRATED for an account moved to another platform (seeds 001 §6)', async () => {
    await t.db.execute(sql`UPDATE users SET migration = 'notice' WHERE id = ${admin}`)
    try {
      for (const [method, url, body] of ROUTES()) {
        const response = await as('admin', method, url, body)
        expect(response.statusCode, `${method} ${url}`).toBe(403)
        expect(errorBody(response).code).toBe('USER_MIGRATED')
      }
    } finally {
      await t.db.execute(sql`UPDATE users SET migration = 'none' WHERE id = ${admin}`)
    }
  })

  it('400 with the field on bad input', async () => {
    const badSort = await as('admin', 'GET', `${base3}/groups?sorts=colour`)
    expect(badSort.statusCode).toBe(400)
    expect(Object.keys(errorBody(badSort).errors ?? {})).toEqual(['sorts.0'])
    const badInclude = await as('admin', 'GET', `${base3}/users?include=password`)
    expect(badInclude.statusCode).toBe(400)
    expect(Object.keys(errorBody(badInclude).errors ?? {})).toEqual(['include.0'])
    const noName = await as('admin', 'POST', `${base3}/groups`, { name: '  ' })
    expect(errorBody(noName).errors).toEqual({ name: ['LENGTH_MIN'] })
    // Seeds 001 §8 group save errors: a name over 100 characters is LENGTH_MAX with its limit.
    for (const [method, url] of [
      ['POST', `${base3}/groups`],
      ['PUT', `${base3}/groups/1`],
    ] as const) {
      const tooLong = await as('admin', method, url, { name: `  ${'x'.repeat(101)}  ` })
      expect(tooLong.statusCode, method).toBe(400)
      expect(errorBody(tooLong), method).toEqual({
        code: 'VALIDATION_FAIL',
        errors: { name: ['LENGTH_MAX'] },
        values: { name: { LENGTH_MAX: 100 } },
      })
    }
    const badFeature = await as('admin', 'POST', `${base3}/groups`, {
      name: 'X',
      features: ['teleport'],
    })
    expect(badFeature.statusCode).toBe(400)
    expect(errorBody(badFeature).errors).toEqual({ 'features.0': ['INVALID'] })
    const extra = await as('admin', 'PUT', `${base3}/groups/1`, { colour: 'red' })
    expect(extra.statusCode).toBe(400)
    const nothing = await as('admin', 'PUT', `${base3}/groups/1`, {})
    expect(nothing.statusCode).toBe(400)
    expect(Object.keys(errorBody(nothing).errors ?? {})).toEqual(['body'])
    const badId = await as('admin', 'GET', '/api/admin/panels/3/data-subscriptions/0')
    expect(badId.statusCode).toBe(400)
  })
})

describe('data subscriptions and feature subscriptions', () => {
  it('lists the panel’s subscriptions with their features, seats and seats used', async () => {
    const response = await as('admin', 'GET', '/api/admin/panels/3/data-subscriptions')
    expect(response.statusCode).toBe(200)
    const page = v.parse(DataSubscriptionPageSchema, response.json())
    expect(page.data.map((row) => row.name)).toEqual(['Constant Care 2026'])
    const features = Object.fromEntries(page.data[0]?.features.map((f) => [f.feature, f]) ?? [])
    // Field engineers (engineer) and Network operations (admin, analyst) both reach unit_search.
    expect(features.unit_search).toEqual({ feature: 'unit_search', seats: 25, seats_used: 3 })
    expect(features.anomaly_detection).toEqual({
      feature: 'anomaly_detection',
      seats: 3,
      seats_used: 2,
    })
    const none = await as('admin', 'GET', '/api/admin/panels/3/data-subscriptions?search=multiview')
    expect(v.parse(DataSubscriptionPageSchema, none.json()).data).toEqual([])
  })

  it('shows one subscription (the feature-subs page); staff (a developer) too', async () => {
    for (const account of ['admin', 'staff'] as const) {
      const response = await as(account, 'GET', base3)
      expect(response.statusCode).toBe(200)
      const { data } = v.parse(v.object({ data: DataSubscriptionSchema }), response.json())
      expect(data).toMatchObject({ id: sub3, panel: 3, group_count: 2 })
    }
  })
})

describe('groups', () => {
  it('lists groups by name descending by default, ascending on request', async () => {
    const response = await as('admin', 'GET', `${base3}/groups`)
    const page = v.parse(SubscriptionGroupPageSchema, response.json())
    expect(page.data.map((g) => g.name)).toEqual(['Network operations', 'Field engineers'])
    expect(page.data[0]).toMatchObject({
      features: ['analytics', 'anomaly_detection', 'unit_search'],
      member_count: 2,
    })
    const asc = v.parse(
      SubscriptionGroupPageSchema,
      (await as('admin', 'GET', `${base3}/groups?sorts=name`)).json(),
    )
    expect(asc.data.map((g) => g.name)).toEqual(['Field engineers', 'Network operations'])
  })

  it('creates a group (201, Location) with the seeds’ save errors', async () => {
    const created = await as('admin', 'POST', `${base3}/groups`, {
      name: 'Managers',
      features: ['analytics'],
    })
    expect(created.statusCode).toBe(201)
    const group = v.parse(one, created.json()).data
    expect(created.headers.location).toBe(`${base3}/groups/${group.id}`)
    expect(group).toMatchObject({ name: 'Managers', features: ['analytics'], member_count: 0 })
    const again = await as('admin', 'POST', `${base3}/groups`, { name: 'MANAGERS' })
    expect(again.statusCode).toBe(400)
    expect(errorBody(again).errors).toEqual({ name: ['EXISTS'] })
    // maps is a feature, but not one of this subscription's.
    const unsubscribed = await as('admin', 'POST', `${base3}/groups`, {
      name: 'Mappers',
      features: ['analytics', 'maps'],
    })
    expect(unsubscribed.statusCode).toBe(400)
    expect(errorBody(unsubscribed).errors).toEqual({ 'features.1': ['NOT_FOUND'] })
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM subscription_groups WHERE name = 'Mappers'`,
    )
    expect(rows[0]?.n).toBe(0)
    const { rows: audit } = await t.db.execute<{ actor_id: number; after: unknown }>(sql`
      SELECT actor_id, after FROM admin_audit
      WHERE action = 'group.create' AND target_id = ${group.id}`)
    expect(audit).toEqual([
      {
        actor_id: admin,
        after: { data_subscription_id: sub3, name: 'Managers', features: ['analytics'] },
      },
    ])
  })

  it('renames a group and sets its feature access; a taken name is EXISTS', async () => {
    const list = v.parse(
      SubscriptionGroupPageSchema,
      (await as('admin', 'GET', `${base3}/groups`)).json(),
    )
    const managers = list.data.find((g) => g.name === 'Managers')
    if (!managers) throw new Error('no Managers group')
    const url = `${base3}/groups/${managers.id}`
    const renamed = await as('admin', 'PUT', url, {
      name: 'Regional managers',
      features: ['analytics', 'unit_search'],
    })
    expect(renamed.statusCode).toBe(200)
    expect(v.parse(one, renamed.json()).data).toMatchObject({
      name: 'Regional managers',
      features: ['analytics', 'unit_search'],
    })
    const taken = await as('admin', 'PUT', url, { name: 'field ENGINEERS' })
    expect(errorBody(taken).errors).toEqual({ name: ['EXISTS'] })
    const { rows } = await t.db.execute<{ before: unknown; after: unknown }>(sql`
      SELECT before, after FROM admin_audit WHERE action = 'group.update' AND target_id = ${managers.id}`)
    expect(rows).toEqual([
      {
        before: { name: 'Managers', features: ['analytics'] },
        after: { name: 'Regional managers', features: ['analytics', 'unit_search'] },
      },
    ])
    // Another subscription's group through this one is 404.
    const { rows: foreign } = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM subscription_groups WHERE data_subscription_id = ${sub2} LIMIT 1`,
    )
    const other = await as('admin', 'PUT', `${base3}/groups/${foreign[0]?.id ?? 0}`, { name: 'X' })
    expect(other.statusCode).toBe(404)
  })
})

describe('users and membership', () => {
  it('lists 25 users a page by email descending, with groups and account settings', async () => {
    for (let i = 0; i < 26; i += 1) await orgUser(`member${String(i).padStart(2, '0')}`)
    await orgUser('moved.away', 'notice')
    const response = await as('admin', 'GET', `${base3}/users?include=groups,account_settings`)
    expect(response.statusCode).toBe(200)
    const page = v.parse(DataSubscriptionUserPageSchema, response.json())
    expect(page.meta.pagination.per_page).toBe(25)
    expect(page.data).toHaveLength(25)
    const emails = page.data.map((u) => u.email)
    expect(emails).toEqual([...emails].sort().reverse())
    expect(
      (await as('admin', 'GET', `${base3}/users?per_page=26`)).statusCode,
      'at most 25 a page',
    ).toBe(400)
    const all: DataSubscriptionUser[] = []
    for (const page of [1, 2]) {
      const url = `${base3}/users?include=groups&sorts=email&page=${page}`
      all.push(
        ...v.parse(DataSubscriptionUserPageSchema, (await as('admin', 'GET', url)).json()).data,
      )
    }
    const byEmail = new Map(all.map((u) => [u.email, u]))
    expect(byEmail.get('admin@example.com')?.groups).toEqual([
      expect.objectContaining({ name: 'Network operations' }),
    ])
    expect(byEmail.get('engineer@example.com')?.groups?.map((g) => g.name)).toEqual([
      'Field engineers',
    ])
    // Accounts moved to another platform are no data subscription's users; others' neither.
    expect(byEmail.has('moved.away@southerncross.example')).toBe(false)
    expect(byEmail.has('consumer@example.com')).toBe(false)
    expect(all[0]?.account_settings).toBeUndefined()
    expect(page.data[0]?.account_settings?.organisation).toEqual({
      id: 2,
      name: 'Southern Cross Networks',
    })
    const found = v.parse(
      DataSubscriptionUserPageSchema,
      (await as('admin', 'GET', `${base3}/users?search=member07`)).json(),
    )
    expect(found.data.map((u) => u.email)).toEqual(['member07@southerncross.example'])
  })

  async function groupId(name: string): Promise<number> {
    const { rows } = await t.db.execute<{ id: number }>(sql`
      SELECT id FROM subscription_groups WHERE data_subscription_id = ${sub3} AND name = ${name}`)
    const id = rows[0]?.id
    if (id === undefined) throw new Error(`no group ${name}`)
    return id
  }

  it('adds and removes a member, audit-logged on the user', async () => {
    const user = await idOf('member00@southerncross.example')
    const gid = await groupId('Field engineers')
    const url = `${base3}/groups/${gid}/users/${user}`
    const added = await as('admin', 'PUT', url)
    expect(added.statusCode).toBe(200)
    expect(v.parse(one, added.json()).data.member_count).toBe(2)
    // Adding again changes nothing and logs nothing.
    expect(v.parse(one, (await as('admin', 'PUT', url)).json()).data.member_count).toBe(2)
    const removed = await as('admin', 'DELETE', url)
    expect(v.parse(one, removed.json()).data.member_count).toBe(1)
    expect((await as('admin', 'DELETE', url)).statusCode).toBe(404)
    const log = await as('admin', 'GET', `/api/admin/panels/3/users/${user}/audit`)
    expect(log.statusCode).toBe(200)
    const entries = v.parse(AdminAuditPageSchema, log.json()).data
    expect(entries.map((e) => [e.action, e.actor_id])).toEqual([
      ['group.member_remove', admin],
      ['group.member_add', admin],
    ])
    expect(entries[1]?.after).toEqual({
      data_subscription_id: sub3,
      group_id: gid,
      group_name: 'Field engineers',
    })
    expect(entries[0]?.before).toEqual(entries[1]?.after)
    expect(entries[0]?.actor_email).toBe('admin@example.com')
  })

  it('refuses a migrated account and another organisation’s user', async () => {
    const gid = await groupId('Field engineers')
    const moved = await idOf('moved.away@southerncross.example')
    const response = await as('admin', 'PUT', `${base3}/groups/${gid}/users/${moved}`)
    expect(response.statusCode).toBe(403)
    expect(errorBody(response).code).toBe('USER_MIGRATED')
    const consumer = await idOf('consumer@example.com')
    expect((await as('admin', 'PUT', `${base3}/groups/${gid}/users/${consumer}`)).statusCode).toBe(
      404,
    )
  })

  it('409 SEATS_EXCEEDED when a feature would outnumber its seats; nothing applied', async () => {
    // anomaly_detection: 3 seats, Network operations has the admin and the analyst.
    const gid = await groupId('Network operations')
    const first = await idOf('member01@southerncross.example')
    const second = await idOf('member02@southerncross.example')
    expect((await as('admin', 'PUT', `${base3}/groups/${gid}/users/${first}`)).statusCode).toBe(200)
    const over = await as('admin', 'PUT', `${base3}/groups/${gid}/users/${second}`)
    expect(over.statusCode).toBe(409)
    expect(errorBody(over)).toEqual({
      code: 'SEATS_EXCEEDED',
      data: { features: ['anomaly_detection'] },
    })
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM subscription_group_members WHERE user_id = ${second}`)
    expect(rows[0]?.n).toBe(0)
    // Giving a full feature to a group with other members is refused the same way.
    const engineers = await groupId('Field engineers')
    const widen = await as('admin', 'PUT', `${base3}/groups/${engineers}`, {
      features: ['unit_search', 'instant_tests', 'anomaly_detection'],
    })
    expect(widen.statusCode).toBe(409)
    const after = v.parse(one, (await as('admin', 'GET', `${base3}/groups/${engineers}`)).json())
    expect(after.data.features).toEqual(['instant_tests', 'unit_search'])
    // Removing a member always works, and frees the seat.
    expect((await as('admin', 'DELETE', `${base3}/groups/${gid}/users/${first}`)).statusCode).toBe(
      200,
    )
    expect((await as('admin', 'PUT', `${base3}/groups/${gid}/users/${second}`)).statusCode).toBe(
      200,
    )
  })
})
