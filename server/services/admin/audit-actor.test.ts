import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { AdminAuditPageSchema } from '../../../contracts/admin.ts'
import { bearer, signIn, useTestApp } from '../../test/helpers.ts'

const t = useTestApp()
let adminToken = ''
let unitId = 0
const actors = new Map<string, number>()

/**
 * Issue 25: a panel's audit log names an administrator of another organisation (Whitebox staff,
 * an account of no organisation) by a role; their address and id never leave the server.
 */
beforeAll(async () => {
  adminToken = (await signIn(t.app, 'admin')).accessToken.token
  const { rows: units } = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM units WHERE panel_id = 3 ORDER BY id LIMIT 1`,
  )
  unitId = units[0]?.id ?? 0
  const { rows } = await t.db.execute<{ id: number; email: string }>(sql`
    SELECT id, email FROM users
    WHERE email IN ('admin@example.com', 'staff@example.com', 'consumer@example.com')`)
  for (const row of rows) actors.set(row.email, row.id)
  expect(actors.size).toBe(3)
  // Entries newest first: by the panel's own admin, by Whitebox staff, by a consumer account.
  for (const [minutes, email] of [
    [3, 'admin@example.com'],
    [2, 'staff@example.com'],
    [1, 'consumer@example.com'],
  ] as const) {
    await t.db.execute(sql`
      INSERT INTO admin_audit (actor_id, panel_id, action, target_type, target_id, before, after,
                               created_at)
      VALUES (${actors.get(email) ?? 0}, 3, 'agent.state', 'unit', ${unitId},
              '{"state":"active"}'::jsonb, '{"state":"inactive"}'::jsonb,
              now() + make_interval(mins => ${minutes}))`)
  }
})

describe('the audit log’s administrators (issue 25)', () => {
  it('shows the panel organisation’s admin by email, and others by role only', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/panels/3/agents/${String(unitId)}/audit`,
      headers: bearer(adminToken),
    })
    expect(response.statusCode).toBe(200)
    const entries = v.parse(AdminAuditPageSchema, response.json()).data.slice(0, 3)
    expect(entries.map((e) => [e.actor_email, e.actor_id, e.actor_role])).toEqual([
      ['admin@example.com', actors.get('admin@example.com'), null],
      [null, null, 'whitebox_staff'],
      [null, null, 'other_organisation'],
    ])
    // Nothing of the other accounts is in the answer at all.
    expect(response.body).not.toContain('staff@example.com')
    expect(response.body).not.toContain('consumer@example.com')
  })
})
