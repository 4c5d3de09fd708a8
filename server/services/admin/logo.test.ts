import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { PANEL_LOGO_MAX_BYTES, PanelLogoResponseSchema } from '../../../contracts/panel-logo.ts'
import { grantsChanged } from '../../plugins/auth.ts'
import { bearer, errorBody, signIn, useTestApp } from '../../test/helpers.ts'

const t = useTestApp()
const tokens = new Map<string, string>()
const SUPER = 'logo.super@example.org'

/** A PNG's signature and then some bytes: what the type check reads. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR-and-the-rest'),
])

function call(
  method: 'GET' | 'POST' | 'DELETE',
  account: string | null,
  pid: number,
  body?: { type: string; bytes: Buffer },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api/admin/panels/${pid}/logo`,
    headers: {
      ...(account === null ? {} : bearer(tokens.get(account) ?? '')),
      ...(body ? { 'content-type': body.type } : {}),
      ...headers,
    },
    ...(body ? { payload: body.bytes } : {}),
  })
}

let otherPanel: number

beforeAll(async () => {
  for (const account of ['admin', 'analyst', 'consumer', 'staff'] as const) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
  }
  // The super admin of Southern Cross (organisation 2: panels 2 and 3): org_super_admin on its owner.
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO users (email, first_name, last_name, password_hash, organisation_id, owner_id)
    SELECT ${SUPER}, 'Logo', 'Super', u.password_hash, 2, u.owner_id
    FROM users u WHERE u.email = 'admin@example.com' RETURNING id`)
  const superId = rows[0]?.id ?? 0
  await t.db.execute(sql`
    INSERT INTO grants (user_id, resource, permission, scope)
    SELECT ${superId}, 'Owner', 'org_super_admin', jsonb_build_object('owner', o.owner_id)
    FROM organisations o WHERE o.id = 2`)
  grantsChanged()
  tokens.set('super', (await signIn(t.app, SUPER)).accessToken.token)
  const { rows: other } = await t.db.execute<{ pid: number }>(
    sql`SELECT pid FROM panels WHERE organisation_id <> 2 ORDER BY pid LIMIT 1`,
  )
  otherPanel = other[0]?.pid ?? 0
})

describe('a panel’s logo', () => {
  it('is refused to anyone but the organisation’s super admin', async () => {
    expect((await call('POST', null, 3, { type: 'image/png', bytes: PNG })).statusCode).toBe(401)
    for (const account of ['consumer', 'analyst', 'admin']) {
      const response = await call('POST', account, 3, { type: 'image/png', bytes: PNG })
      expect(response.statusCode, account).toBe(403)
      expect((await call('DELETE', account, 3)).statusCode, account).toBe(403)
    }
    // A super admin of Southern Cross has nothing to say about another organisation's panel.
    const other = await call('POST', 'super', otherPanel, { type: 'image/png', bytes: PNG })
    expect(other.statusCode).toBe(403)
    expect((await call('GET', 'analyst', 3)).statusCode).toBe(404)
  })

  it('is uploaded by the super admin and read by the panel’s users, with a validator', async () => {
    const saved = await call('POST', 'super', 3, { type: 'image/png', bytes: PNG })
    expect(saved.statusCode).toBe(200)
    const logo = v.parse(PanelLogoResponseSchema, saved.json()).data
    expect(logo).toMatchObject({ panel_id: 3, content_type: 'image/png', bytes: PNG.length })

    const read = await call('GET', 'analyst', 3)
    expect(read.statusCode).toBe(200)
    expect(read.headers['content-type']).toBe('image/png')
    expect(read.rawPayload.equals(PNG)).toBe(true)
    const etag = String(read.headers.etag)
    expect((await call('GET', 'admin', 3, undefined, { 'if-none-match': etag })).statusCode).toBe(
      304,
    )
    // Not a user of the panel: as if there were none.
    expect((await call('GET', 'consumer', 3)).statusCode).toBe(404)

    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM admin_audit WHERE action = 'panel.logo' AND target_id = 3`,
    )
    expect(rows[0]?.n).toBeGreaterThanOrEqual(1)
  })

  it('takes only PNG, JPEG or WebP whose bytes are what they say, up to 256 KB', async () => {
    const svg = {
      type: 'image/svg+xml',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    }
    const unsupported = await call('POST', 'super', 3, svg)
    // Refused before it is read: the route has no reader for any other type.
    expect(unsupported.statusCode).toBe(415)
    // A PNG sent as a JPEG, and text sent as a PNG.
    for (const body of [
      { type: 'image/jpeg', bytes: PNG },
      { type: 'image/png', bytes: Buffer.from('not an image at all') },
    ]) {
      const response = await call('POST', 'super', 3, body)
      expect(response.statusCode, body.type).toBe(400)
      expect(errorBody(response).code).toBe('INVALID_FILE')
    }
    const big = Buffer.concat([PNG, Buffer.alloc(PANEL_LOGO_MAX_BYTES)])
    expect((await call('POST', 'super', 3, { type: 'image/png', bytes: big })).statusCode).toBe(413)
  })

  it('is removed by the super admin; global developers may do the same', async () => {
    expect((await call('POST', 'staff', 2, { type: 'image/png', bytes: PNG })).statusCode).toBe(200)
    expect((await call('DELETE', 'super', 2)).statusCode).toBe(204)
    expect((await call('GET', 'analyst', 2)).statusCode).toBe(404)
  })
})
