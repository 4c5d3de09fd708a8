import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../db/schema.ts'
import type { DemoAccount } from '../../../db/demo-accounts.ts'
import { bearer, createTestApp, errorBody, signIn, type TestApp } from '../../../test/helpers.ts'

let t: TestApp
const tokens = new Map<DemoAccount, string>()
const ids = new Map<DemoAccount, { id: number; sub: string }>()

beforeAll(async () => {
  t = await createTestApp()
  for (const account of ['consumer', 'analyst', 'engineer', 'staff'] as const) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, `${account}@example.com`))
    if (row) ids.set(account, { id: row.id, sub: row.sub })
  }
})
afterAll(async () => {
  await t.close()
})

function call(method: 'GET' | 'PUT', url: string, as: DemoAccount | null, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/zeus${url}`,
    headers: as ? bearer(tokens.get(as) ?? '') : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}
const idOf = (account: DemoAccount) => ids.get(account)?.id ?? 0
const subOf = (account: DemoAccount) => ids.get(account)?.sub ?? ''

describe('users/{id}/preferences', () => {
  it('starts empty, stores the whole object and reads it back', async () => {
    const url = `/users/${idOf('consumer')}/preferences`
    expect((await call('GET', url, 'consumer')).json()).toEqual({ data: {} })
    const preferences = { theme: 'dark', pinned: { consumer: ['dashboard', 'help'] }, n: 3 }
    const put = await call('PUT', url, 'consumer', preferences)
    expect(put.statusCode).toBe(200)
    expect(put.json()).toEqual({ data: preferences })
    expect((await call('GET', url, 'consumer')).json()).toEqual({ data: preferences })
    // Replaced whole, not merged.
    await call('PUT', url, 'consumer', { theme: 'light' })
    expect((await call('GET', url, 'consumer')).json()).toEqual({ data: { theme: 'light' } })
  })

  it("refuses another user's preferences with 403 FORBIDDEN", async () => {
    const url = `/users/${idOf('analyst')}/preferences`
    for (const method of ['GET', 'PUT'] as const) {
      const response = await call(method, url, 'consumer', method === 'PUT' ? { a: 1 } : undefined)
      expect(response.statusCode).toBe(403)
      expect(errorBody(response)).toEqual({ code: 'FORBIDDEN' })
    }
  })

  it('lets a global-access user read anyone and get 404 for no one', async () => {
    const response = await call('GET', `/users/${idOf('analyst')}/preferences`, 'staff')
    expect(response.statusCode).toBe(200)
    const missing = await call('GET', '/users/999999/preferences', 'staff')
    expect(missing.statusCode).toBe(404)
    expect(errorBody(missing)).toEqual({ code: 'NOT_FOUND' })
  })

  it.each([
    { case: 'an array', payload: [1, 2] },
    { case: 'a string', payload: 'dark' },
    { case: 'null', payload: null },
  ])('refuses $case as preferences with VALIDATION_FAIL', async ({ payload }) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/zeus/users/${idOf('consumer')}/preferences`,
      headers: { ...bearer(tokens.get('consumer') ?? ''), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).code).toBe('VALIDATION_FAIL')
  })

  it('refuses preferences over 16 KiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await call('PUT', `/users/${idOf('consumer')}/preferences`, 'consumer', {
      blob: 'x'.repeat(17 * 1024),
    })
    expect(response.statusCode).toBe(413)
    expect(errorBody(response)).toEqual({ code: 'PAYLOAD_TOO_LARGE' })
  })

  it('refuses a non-numeric id with VALIDATION_FAIL and no token with 401', async () => {
    const bad = await call('GET', '/users/abc/preferences', 'consumer')
    expect(bad.statusCode).toBe(400)
    expect(errorBody(bad)).toEqual({ code: 'VALIDATION_FAIL', errors: { userId: ['INVALID'] } })
    const anonymous = await call('GET', `/users/${idOf('consumer')}/preferences`, null)
    expect(anonymous.statusCode).toBe(401)
    expect(errorBody(anonymous)).toEqual({ code: 'UNAUTHENTICATED' })
  })
})

describe('users/{sub}/personal_information', () => {
  it('reads names and email and updates default_locale', async () => {
    const url = `/users/${subOf('engineer')}/personal_information`
    expect((await call('GET', url, 'engineer')).json()).toEqual({
      data: {
        first_name: 'Mei',
        last_name: 'Chen',
        email: 'engineer@example.com',
        default_locale: 'en_GB',
      },
    })
    const put = await call('PUT', url, 'engineer', { default_locale: 'ar_SA' })
    expect(put.statusCode).toBe(200)
    expect((await call('GET', url, 'engineer')).json()).toMatchObject({
      data: { default_locale: 'ar_SA' },
    })
    // The next token carries the new preferred locale.
    const pair = await signIn(t.app, 'engineer')
    const payload = JSON.parse(
      Buffer.from(pair.accessToken.token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { preferred_locale: string }
    expect(payload.preferred_locale).toBe('ar_SA')
  })

  it.each([
    { body: { default_locale: 'de_DE' }, errors: { default_locale: ['INVALID'] } },
    { body: {}, errors: { default_locale: ['MISSING'] } },
  ])('refuses $body with VALIDATION_FAIL', async ({ body, errors }) => {
    const response = await call(
      'PUT',
      `/users/${subOf('engineer')}/personal_information`,
      'engineer',
      body,
    )
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toEqual({ code: 'VALIDATION_FAIL', errors })
  })

  it("refuses another user's information with 403, and a malformed sub with 400", async () => {
    const other = await call('GET', `/users/${subOf('analyst')}/personal_information`, 'engineer')
    expect(other.statusCode).toBe(403)
    const put = await call('PUT', `/users/${subOf('analyst')}/personal_information`, 'engineer', {
      default_locale: 'fr_CA',
    })
    expect(put.statusCode).toBe(403)
    const malformed = await call('GET', '/users/not-a-uuid/personal_information', 'engineer')
    expect(malformed.statusCode).toBe(400)
    expect(errorBody(malformed)).toEqual({ code: 'VALIDATION_FAIL', errors: { sub: ['INVALID'] } })
  })
})

describe('organisations/{id}', () => {
  it.each<{ as: DemoAccount; id: number; status: number; body: unknown }>([
    {
      as: 'analyst',
      id: 2,
      status: 200,
      body: { data: { id: 2, name: 'Southern Cross Networks' } },
    },
    { as: 'analyst', id: 1, status: 403, body: { code: 'FORBIDDEN' } },
    { as: 'consumer', id: 2, status: 403, body: { code: 'FORBIDDEN' } },
    { as: 'staff', id: 123, status: 200, body: { data: { id: 123, name: 'Whitebox Staff' } } },
    {
      as: 'staff',
      id: 1,
      status: 200,
      body: { data: { id: 1, name: 'Aotearoa Broadband Study' } },
    },
    { as: 'staff', id: 999, status: 404, body: { code: 'NOT_FOUND' } },
  ])('answers $as asking for $id with $status', async ({ as, id, status, body }) => {
    const response = await call('GET', `/organisations/${id}`, as)
    expect(response.statusCode).toBe(status)
    expect(response.json()).toEqual(body)
  })
})
