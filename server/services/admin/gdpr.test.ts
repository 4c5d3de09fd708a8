import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { GdprRemovalResultSchema } from '../../../contracts/admin.ts'
import { grantsChanged } from '../../plugins/auth.ts'
import { bearer, errorBody, login, signIn, useTestApp } from '../../test/helpers.ts'
import { KEPT_REFERENCES, PERSONAL_ROWS } from './gdpr.repository.ts'

const t = useTestApp()
const tokens = new Map<string, string>()

const EMAIL = 'zebulon.quixotic@example.org'
/** Strings only the victim's personal data holds: none may be left anywhere after the removal. */
const MARKERS = [
  'zebulon.quixotic',
  'Zebulon',
  'Quixotic',
  '+64 21 555 0199',
  'Marker Heights',
  '1 Quixotic Lane',
  '203.0.113.77',
  '198.51.100.23',
  'Zeb-the-tester',
]

function post(account: string | null, id: number, body?: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/gdpr-removal/${id}`,
    headers: account === null ? {} : bearer(tokens.get(account) ?? ''),
    ...(body === undefined ? {} : { payload: body as object }),
  })
}

let victim: number
let victimToken: string
let oldSub: string
let unitId: number
let resultsBefore: number

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const { rows } = await t.db.execute(query)
  return Object.values(rows[0] ?? {})[0] as T
}

beforeAll(async () => {
  for (const account of ['admin', 'analyst', 'consumer', 'staff'] as const) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
  }
  // The victim: a Southern Cross (organisation 2) account with data in every place it can have it.
  const { rows } = await t.db.execute<{ id: number; sub: string }>(sql`
    WITH o AS (INSERT INTO owners (name) VALUES ('Zebulon Quixotic') RETURNING id)
    INSERT INTO users (email, first_name, last_name, password_hash, organisation_id, owner_id,
                       preferences, default_locale, last_login_at)
    SELECT ${EMAIL}, 'Zebulon', 'Quixotic', u.password_hash, 2, o.id,
           '{"nickname":"Zeb-the-tester"}'::jsonb, 'fr_CA', now()
    FROM users u, o WHERE u.email = 'consumer@example.com'
    RETURNING id, sub::text`)
  victim = rows[0]?.id ?? 0
  oldSub = rows[0]?.sub ?? ''
  await t.db.execute(sql`
    INSERT INTO grants (user_id, resource, permission, scope)
    VALUES (${victim}, 'Apollo', 'analytics', '{"panel": 3}'::jsonb)`)
  grantsChanged()
  victimToken = (await signIn(t.app, EMAIL)).accessToken.token
  await t.db.execute(sql`
    INSERT INTO volunteer_signups (user_id, owner, city, postcode, mobile_number,
                                   installation_address, delivery_address)
    VALUES (${victim}, 'nz', 'Marker Heights', 'ZQ1', '+64 21 555 0199',
            '{"line1":"1 Quixotic Lane","line2":null,"line3":null,"city":"Marker Heights","postcode":"ZQ1","country_id":1,"phone":"+64 21 555 0199"}'::jsonb,
            '{"line1":"1 Quixotic Lane","line2":null,"line3":null,"city":"Marker Heights","postcode":"ZQ1","country_id":1,"phone":null}'::jsonb)`)
  await t.db.execute(sql`
    INSERT INTO login_failures (user_id, source, failed_attempts) VALUES (${victim}, '198.51.100.23', 2)`)
  await t.db.execute(sql`
    INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
    VALUES ('zq-reset-hash', ${victim}, now() + interval '1 hour')`)
  await t.db.execute(sql`INSERT INTO email_preferences (user_id) VALUES (${victim})`)
  await t.db.execute(sql`
    INSERT INTO outbox ("to", subject, text) VALUES (${EMAIL}, 'Welcome', 'Kia ora Zebulon Quixotic')`)
  await t.db.execute(sql`
    INSERT INTO support_requests (user_id, requester_name, requester_email, subject, body)
    VALUES (${victim}, 'Zebulon Quixotic', ${EMAIL}, 'Help', 'I live at 1 Quixotic Lane'),
           (NULL, 'Zeb Q', ${EMAIL.toUpperCase()}, 'Before signing up', 'Call +64 21 555 0199')`)
  await t.db.execute(sql`
    INSERT INTO subscription_group_members (group_id, user_id)
    SELECT id, ${victim} FROM subscription_groups ORDER BY id LIMIT 1`)
  // A unit with results becomes the victim's, with an address, a position and network addresses.
  unitId = await one<number>(sql`
    SELECT u.id FROM units u WHERE u.owner_user_id IS NULL AND u.panel_id = 3
      AND EXISTS (SELECT 1 FROM measurements m WHERE m.unit_id = u.id) ORDER BY u.id LIMIT 1`)
  await t.db.execute(sql`
    UPDATE units SET owner_user_id = ${victim}, label = 'Zebulon lounge',
      address = '{"line1":"1 Quixotic Lane","line2":null,"line3":null,"city":"Marker Heights","postcode":"ZQ1"}'::jsonb,
      geo_data = '{"latitude":-41.29,"longitude":174.78,"accuracy":5}'::jsonb,
      environment = COALESCE(environment, '{}'::jsonb) || '{"public_ip":"203.0.113.77","wan_ip":"203.0.113.77"}'::jsonb
    WHERE id = ${unitId}`)
  await t.db.execute(sql`INSERT INTO user_units (user_id, unit_id) VALUES (${victim}, ${unitId})`)
  resultsBefore = await one<number>(
    sql`SELECT count(*)::int FROM measurements WHERE unit_id = ${unitId}`,
  )
})

describe('refusals', () => {
  it('401 without a token', async () => {
    expect((await post(null, victim, { confirm: victim })).statusCode).toBe(401)
  })

  it('403 without org_super_admin or global access, before anything is read', async () => {
    for (const account of ['admin', 'analyst', 'consumer']) {
      const response = await post(account, victim, { confirm: victim })
      expect(response.statusCode, account).toBe(403)
      expect(errorBody(response).code).toBe('FORBIDDEN')
      // A missing user is refused the same way: ids cannot be probed.
      expect((await post(account, 999_999, { confirm: 999_999 })).statusCode).toBe(403)
    }
  })

  it('400 with the field when the confirmation does not name the user', async () => {
    const wrong = await post('staff', victim, { confirm: victim + 1 })
    expect(wrong.statusCode).toBe(400)
    expect(errorBody(wrong).errors).toEqual({ confirm: ['INVALID'] })
    const missing = await post('staff', victim, {})
    expect(errorBody(missing).errors).toEqual({ confirm: ['MISSING'] })
    const staff = await one<number>(sql`SELECT id FROM users WHERE email = 'staff@example.com'`)
    const self = await post('staff', staff, { confirm: staff })
    expect(errorBody(self).errors).toEqual({ confirm: ['INVALID'] })
    expect((await post('staff', 999_999, { confirm: 999_999 })).statusCode).toBe(404)
  })

  it('org_super_admin reaches its organisation’s accounts only (others 404)', async () => {
    const admin = await one<number>(sql`SELECT id FROM users WHERE email = 'admin@example.com'`)
    // Organisation 2's owner is owner 2 (seed-organisations.ts).
    await t.db.execute(sql`
      INSERT INTO grants (user_id, resource, permission, scope)
      VALUES (${admin}, 'Owner', 'org_super_admin', '{"owner": 2}'::jsonb)`)
    grantsChanged()
    try {
      for (const email of ['multi@example.com', 'consumer@example.com']) {
        const id = await one<number>(sql`SELECT id FROM users WHERE email = ${email}`)
        const response = await post('admin', id, { confirm: id })
        expect(response.statusCode, email).toBe(404)
      }
      const kept = await one<number>(
        sql`SELECT count(*)::int FROM users WHERE email = 'multi@example.com'`,
      )
      expect(kept).toBe(1)
    } finally {
      await t.db.execute(sql`
        DELETE FROM grants WHERE user_id = ${admin} AND resource = 'Owner'`)
      grantsChanged()
    }
  })
})

describe('removal', () => {
  it('every reference to users is either removed or kept by id only', async () => {
    const { rows } = await t.db.execute<{ table: string; column: string }>(sql`
      SELECT c.conrelid::regclass::text AS table, a.attname AS column
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass
      ORDER BY 1, 2`)
    const handled = new Set(
      [
        ...PERSONAL_ROWS,
        ...KEPT_REFERENCES,
        // Cleared by the removal itself (gdpr.repository.ts).
        { table: 'units', column: 'owner_user_id' },
        { table: 'support_requests', column: 'user_id' },
      ].map(({ table, column }) => `${table}.${column}`),
    )
    const unhandled = rows
      .map(({ table, column }) => `${table}.${column}`)
      .filter((key) => !handled.has(key))
    expect(unhandled, 'a new reference to users: add it to gdpr.repository.ts').toEqual([])
  })

  it('global access removes every personal field and keeps the results, anonymised', async () => {
    const response = await post('staff', victim, { confirm: victim })
    expect(response.statusCode).toBe(200)
    const { data } = v.parse(GdprRemovalResultSchema, response.json())
    expect(data.user_id).toBe(victim)
    expect(data.removed).toMatchObject({
      volunteer_signups: 1,
      outbox: 1,
      support_requests: 2,
      units: 1,
      users: 1,
      owners: 1,
      grants: 1,
      login_failures: 1,
      password_reset_tokens: 1,
      subscription_group_members: 1,
      user_units: 1,
    })
    expect(data.removed.refresh_tokens).toBeGreaterThanOrEqual(1)

    // Every text, JSON and uuid column of every table, read for any of the victim's markers.
    const { rows: columns } = await t.db.execute<{ table: string; column: string }>(sql`
      SELECT c.table_name AS table, c.column_name AS column
      FROM information_schema.columns c
      JOIN pg_class k ON k.relname = c.table_name AND k.relkind IN ('r', 'p')
      JOIN pg_namespace n ON n.oid = k.relnamespace AND n.nspname = c.table_schema
      WHERE c.table_schema = 'public' AND NOT k.relispartition
        AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'uuid', 'ARRAY')
      ORDER BY 1, 2`)
    expect(columns.length).toBeGreaterThan(50)
    const pattern = [...MARKERS, oldSub]
      .map((marker) => marker.replace(/[.+*?()[\]{}|^$\\]/g, '\\$&'))
      .join('|')
    const left: string[] = []
    for (const { table, column } of columns) {
      const { rows } = await t.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM ${sql.identifier(table)}
        WHERE ${sql.identifier(column)}::text ~* ${pattern}`)
      if ((rows[0]?.n ?? 0) > 0) left.push(`${table}.${column}`)
    }
    expect(left).toEqual([])

    // The account stays, anonymised; its unit and results stay without owner, address or position.
    const { rows: users } = await t.db.execute(sql`
      SELECT email, first_name, last_name, status, default_locale, preferences, owner_id,
             last_login_at FROM users WHERE id = ${victim}`)
    expect(users).toEqual([
      {
        email: `removed-${String(victim)}@removed.invalid`,
        first_name: '',
        last_name: '',
        status: 'disabled',
        default_locale: null,
        preferences: {},
        owner_id: null,
        last_login_at: null,
      },
    ])
    const { rows: units } = await t.db.execute(sql`
      SELECT owner_user_id, address, geo_data, label = serial_number AS relabelled
      FROM units WHERE id = ${unitId}`)
    expect(units).toEqual([
      { owner_user_id: null, address: null, geo_data: null, relabelled: true },
    ])
    expect(
      await one<number>(sql`SELECT count(*)::int FROM measurements WHERE unit_id = ${unitId}`),
    ).toBe(resultsBefore)
    expect(resultsBefore).toBeGreaterThan(0)
  })

  it('ends the account’s sessions and sign-ins', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/myGrants',
      headers: bearer(victimToken),
    })
    expect(response.statusCode).toBe(401)
    expect((await login(t.app, EMAIL)).statusCode).not.toBe(200)
  })

  it('is audit-logged by ids and counts only', async () => {
    const { rows } = await t.db.execute<{ actor: string; target_id: number; after: unknown }>(sql`
      SELECT u.email AS actor, a.target_id, a.after FROM admin_audit a
      JOIN users u ON u.id = a.actor_id WHERE a.action = 'user.gdpr_removal'`)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.actor).toBe('staff@example.com')
    expect(rows[0]?.target_id).toBe(victim)
    expect(JSON.stringify(rows[0]?.after)).not.toMatch(/@|Zebulon/)
  })
})
