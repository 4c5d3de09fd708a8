import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FeatureUpdateListSchema,
  FeatureUpdatePageSchema,
  FeatureUpdateResponseSchema,
} from '../../../../contracts/feature-updates.ts'
import { featureUpdateReads, users } from '../../../db/schema.ts'
import type { DemoAccount } from '../../../db/demo-accounts.ts'
import { bearer, createTestApp, errorBody, signIn, type TestApp } from '../../../test/helpers.ts'
import { sanitizeUpdateHtml } from './repository.ts'

let t: TestApp
const tokens = new Map<DemoAccount, string>()
const ids = new Map<DemoAccount, { id: number; sub: string }>()

beforeAll(async () => {
  t = await createTestApp()
  for (const account of ['consumer', 'analyst', 'staff'] as const) {
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

const idOf = (account: DemoAccount) => ids.get(account)?.id ?? 0
const subOf = (account: DemoAccount) => ids.get(account)?.sub ?? ''

function call(method: 'GET' | 'PUT', url: string, as: DemoAccount | null, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/zeus${url}`,
    headers: as ? bearer(tokens.get(as) ?? '') : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

async function readPage(as: DemoAccount, query: string) {
  const response = await call('GET', `/users/${idOf('consumer')}/feature_updates/read?${query}`, as)
  expect(response.statusCode).toBe(200)
  return v.parse(FeatureUpdatePageSchema, response.json())
}

async function unread(query = 'type=consumer') {
  const response = await call(
    'GET',
    `/users/${idOf('consumer')}/feature_updates/unread?${query}`,
    'consumer',
  )
  expect(response.statusCode).toBe(200)
  return v.parse(FeatureUpdateListSchema, response.json()).data
}

async function everything(query: string) {
  const response = await call(
    'GET',
    `/users/${subOf('consumer')}/feature_updates?${query}`,
    'consumer',
  )
  expect(response.statusCode).toBe(200)
  return v.parse(FeatureUpdatePageSchema, response.json())
}

const descending = (list: readonly number[]) => [...list].sort((a, b) => b - a)

// The tests below run in order on one database: the seeded state first, then the changes.
describe('the seeded updates', () => {
  it('gives the consumer 8 consumer updates: 6 read, 2 unread, newest first', async () => {
    const all = await everything('page=1&per_page=10000&sorts=-id&type=consumer')
    expect(all.data).toHaveLength(8)
    expect(all.data.every((u) => u.type === 'consumer')).toBe(true)
    expect(all.data.map((u) => u.id)).toEqual(descending(all.data.map((u) => u.id)))
    expect(all.data.filter((u) => u.last_read_date === null)).toHaveLength(2)
    expect(all.meta.pagination).toMatchObject({ current_page: 1, total_pages: 1, total: 8 })

    const both = await everything('per_page=10000')
    expect(both.data.filter((u) => u.type === 'enterprise')).toHaveLength(3)
  })

  it('lists the unread ones newest first, in the caller’s locale (en_GB)', async () => {
    const list = await unread()
    expect(list.map((u) => u.title)).toEqual([
      'Changes made offline are sent when you reconnect',
      'Run an instant test from your dashboard',
    ])
    expect(list.every((u) => u.last_read_date === null)).toBe(true)
    expect(list[0]?.createdAt).toBeGreaterThan(list[1]?.createdAt ?? Infinity)
  })
})

describe('news of an app: only for users who have that app (issue 22)', () => {
  const ENTERPRISE = {
    dashboards: 'Saved dashboards open without a connection',
    outages: 'Area outage alerts in constant care',
    scan: 'Scan a unit’s label to open it',
  }
  it.each([
    { apps: null, titles: [ENTERPRISE.scan, ENTERPRISE.outages, ENTERPRISE.dashboards] },
    { apps: 'dashboard', titles: [ENTERPRISE.dashboards] },
    { apps: 'constant-care', titles: [ENTERPRISE.scan, ENTERPRISE.outages] },
    { apps: 'analytics,faqs', titles: [] },
    { apps: '', titles: [] },
    {
      apps: 'constant-care,dashboard',
      titles: [ENTERPRISE.scan, ENTERPRISE.outages, ENTERPRISE.dashboards],
    },
  ])('apps=$apps lists $titles.length', async ({ apps, titles }) => {
    const query = apps === null ? 'type=enterprise' : `type=enterprise&apps=${apps}`
    expect((await unread(query)).map((u) => u.title)).toEqual(titles)
    const page = await readPage('consumer', query)
    expect(page.data).toEqual([])
  })

  it('keeps news of no app in particular for everyone of its type', async () => {
    expect(await unread('type=consumer&apps=')).toHaveLength(2)
  })
})

describe('GET users/{userId}/feature_updates/read', () => {
  it('pages read updates 5 at a time, newest first, with meta.pagination', async () => {
    const first = await readPage('consumer', 'page=1&sorts=-id&type=consumer&per_page=5')
    expect(first.data).toHaveLength(5)
    expect(first.meta.pagination).toEqual({
      total: 6,
      count: 5,
      per_page: 5,
      current_page: 1,
      total_pages: 2,
    })
    const second = await readPage('consumer', 'page=2&sorts=-id&type=consumer&per_page=5')
    expect(second.data).toHaveLength(1)
    expect(second.meta.pagination).toMatchObject({ current_page: 2, total_pages: 2, count: 1 })
    const idList = [...first.data, ...second.data].map((u) => u.id)
    expect(idList).toEqual(descending(idList))
    expect([...first.data, ...second.data].every((u) => u.last_read_date !== null)).toBe(true)

    const beyond = await readPage('consumer', 'page=9&per_page=5&type=consumer')
    expect(beyond.data).toEqual([])
    expect(beyond.meta.pagination).toMatchObject({ current_page: 9, total_pages: 2 })
  })

  it('sorts oldest first with sorts=id and filters by type', async () => {
    const ascending = await readPage('consumer', 'sorts=id&per_page=10&type=consumer')
    const list = ascending.data.map((u) => u.id)
    expect(list).toEqual([...list].sort((a, b) => a - b))
    const enterprise = await readPage('consumer', 'type=enterprise')
    expect(enterprise.data).toEqual([])
    expect(enterprise.meta.pagination).toMatchObject({ total: 0, total_pages: 1 })
  })
})

describe('PUT users/{userId}/feature_updates/{updateId}', () => {
  it('marks an update read at the given second; it moves from unread to read', async () => {
    const [newest] = await unread()
    const updateId = newest?.id ?? 0
    const readAt = Math.floor(Date.UTC(2026, 10, 21, 9, 30) / 1000)
    const put = await call(
      'PUT',
      `/users/${idOf('consumer')}/feature_updates/${updateId}`,
      'consumer',
      {
        last_read_date: readAt,
      },
    )
    expect(put.statusCode).toBe(200)
    const body = v.parse(FeatureUpdateResponseSchema, put.json())
    expect(body.data).toMatchObject({ id: updateId, last_read_date: readAt })

    expect((await unread()).map((u) => u.id)).not.toContain(updateId)
    const first = await readPage('consumer', 'page=1&per_page=5&type=consumer')
    expect(first.data[0]).toMatchObject({ id: updateId, last_read_date: readAt })
    expect(first.meta.pagination.total).toBe(7)

    // A second PUT moves the date (one row per user and update, not a second one).
    await call('PUT', `/users/${idOf('consumer')}/feature_updates/${updateId}`, 'consumer', {
      last_read_date: readAt + 60,
    })
    const rows = await t.db
      .select()
      .from(featureUpdateReads)
      .where(eq(featureUpdateReads.updateId, updateId))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.lastReadDate.getTime()).toBe((readAt + 60) * 1000)
  })

  it('answers 404 NOT_FOUND for an update that does not exist', async () => {
    const response = await call(
      'PUT',
      `/users/${idOf('consumer')}/feature_updates/999999`,
      'consumer',
      {
        last_read_date: 1_700_000_000,
      },
    )
    expect(response.statusCode).toBe(404)
    expect(errorBody(response)).toEqual({ code: 'NOT_FOUND' })
  })

  it.each([
    { case: 'a string date', payload: { last_read_date: 'yesterday' } },
    { case: 'a negative date', payload: { last_read_date: -1 } },
    { case: 'a fractional date', payload: { last_read_date: 1.5 } },
    { case: 'a date past year 9999', payload: { last_read_date: 1e15 } },
    { case: 'no date', payload: {} },
  ])('refuses $case with VALIDATION_FAIL', async ({ payload }) => {
    const response = await call(
      'PUT',
      `/users/${idOf('consumer')}/feature_updates/1`,
      'consumer',
      payload,
    )
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).code).toBe('VALIDATION_FAIL')
  })
})

describe('locale', () => {
  it('returns titles and descriptions in the caller’s default locale', async () => {
    await t.db
      .update(users)
      .set({ defaultLocale: 'fr_CA' })
      .where(eq(users.id, idOf('consumer')))
    try {
      const list = await unread()
      expect(list[0]?.title).toBe('Lancez un test instantané depuis votre tableau de bord')
      expect(list[0]?.description).toContain('<li>Un seul test à la fois</li>')
    } finally {
      await t.db
        .update(users)
        .set({ defaultLocale: 'en_GB' })
        .where(eq(users.id, idOf('consumer')))
    }
  })

  it('falls back to en_GB when the user has no default locale', async () => {
    await t.db
      .update(users)
      .set({ defaultLocale: null })
      .where(eq(users.id, idOf('consumer')))
    try {
      expect((await unread())[0]?.title).toBe('Run an instant test from your dashboard')
    } finally {
      await t.db
        .update(users)
        .set({ defaultLocale: 'en_GB' })
        .where(eq(users.id, idOf('consumer')))
    }
  })
})

describe('refusals', () => {
  const routes = () => [
    { method: 'GET' as const, url: `/users/${idOf('consumer')}/feature_updates/read?per_page=5` },
    { method: 'GET' as const, url: `/users/${idOf('consumer')}/feature_updates/unread` },
    { method: 'GET' as const, url: `/users/${subOf('consumer')}/feature_updates?per_page=10000` },
    { method: 'PUT' as const, url: `/users/${idOf('consumer')}/feature_updates/1` },
  ]
  const body = (method: 'GET' | 'PUT') => (method === 'PUT' ? { last_read_date: 1 } : undefined)

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    for (const { method, url } of routes()) {
      const response = await call(method, url, null, body(method))
      expect(response.statusCode, `${method} ${url}`).toBe(401)
      expect(errorBody(response)).toEqual({ code: 'UNAUTHENTICATED' })
    }
  })

  it("answers 403 FORBIDDEN for another user's updates", async () => {
    for (const { method, url } of routes()) {
      const response = await call(method, url, 'analyst', body(method))
      expect(response.statusCode, `${method} ${url}`).toBe(403)
      expect(errorBody(response)).toEqual({ code: 'FORBIDDEN' })
    }
    // Nothing was marked read on the consumer's behalf.
    const rows = await t.db
      .select()
      .from(featureUpdateReads)
      .where(eq(featureUpdateReads.userId, idOf('consumer')))
    expect(rows.some((row) => row.lastReadDate.getTime() === 1000)).toBe(false)
  })

  it('lets a global-access user read anyone, and answers 404 for no one', async () => {
    const response = await call('GET', `/users/${idOf('consumer')}/feature_updates/unread`, 'staff')
    expect(response.statusCode).toBe(200)
    for (const url of [
      '/users/999999/feature_updates/read',
      '/users/999999/feature_updates/unread',
      '/users/00000000-0000-4000-8000-000000000000/feature_updates',
    ]) {
      const missing = await call('GET', url, 'staff')
      expect(missing.statusCode, url).toBe(404)
      expect(errorBody(missing)).toEqual({ code: 'NOT_FOUND' })
    }
    const put = await call('PUT', '/users/999999/feature_updates/1', 'staff', { last_read_date: 1 })
    expect(put.statusCode).toBe(404)
  })

  it.each([
    { case: 'page 0', url: 'read?page=0' },
    { case: 'a non-numeric page', url: 'read?page=two' },
    { case: 'per_page over 10000', url: 'read?per_page=10001' },
    { case: 'an unknown sort', url: 'read?sorts=title' },
    { case: 'an unknown type', url: 'read?type=admin' },
    { case: 'an unknown type (unread)', url: 'unread?type=staff' },
    { case: 'apps that are not app ids', url: 'unread?type=enterprise&apps=Dashboard!' },
    { case: 'apps with an empty item', url: 'read?apps=dashboard,,faqs' },
  ])('refuses $case with VALIDATION_FAIL', async ({ url }) => {
    const response = await call(
      'GET',
      `/users/${idOf('consumer')}/feature_updates/${url}`,
      'consumer',
    )
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).code).toBe('VALIDATION_FAIL')
  })

  it.each([
    { case: 'a non-numeric user id', url: '/users/abc/feature_updates/read' },
    { case: 'a sub that is not a UUID', url: '/users/not-a-uuid/feature_updates' },
    { case: 'a non-numeric update id', url: '/users/1/feature_updates/x' },
  ])('refuses $case with 400, never 500', async ({ url }) => {
    const method = url.endsWith('/x') ? 'PUT' : 'GET'
    const response = await call(method, url, 'consumer', body(method))
    expect(response.statusCode).toBe(400)
  })
})

// The tokenizer itself is tested in server/lib/sanitize-html.test.ts; here, what updates may keep.
describe('sanitizeUpdateHtml', () => {
  it.each([
    {
      input: '<p>Plain <strong>bold</strong> and <em>em</em></p>',
      expected: '<p>Plain <strong>bold</strong> and <em>em</em></p>',
    },
    {
      input: '<ul><li>a</li><li>b</li></ul><ol><li>c</li></ol>',
      expected: '<ul><li>a</li><li>b</li></ul><ol><li>c</li></ol>',
    },
    { input: '<h2>A</h2><code>x</code><br>', expected: 'Ax' },
    { input: '<style>p{}</style><iframe src="https://x"></iframe>ok', expected: 'ok' },
    { input: '<svg><script>x</script></svg>y', expected: 'y' },
    {
      input: '<a href="https://example.com/a?b=1&amp;c=2" target="_blank">go</a>',
      expected: '<a href="https://example.com/a?b=1&amp;c=2">go</a>',
    },
    {
      input: '<a href="https://example.com/it\'s">go</a>',
      expected: '<a href="https://example.com/it\'s">go</a>',
    },
    { input: '<a href="javascript:alert(1)">x</a>', expected: 'x' },
    { input: '<a href="java\tscript:alert(1)">x</a>', expected: 'x' },
    { input: '<a href="http://example.com">x</a>', expected: 'x' },
    { input: "<a href='//evil.example'>x</a>", expected: 'x' },
  ])('$input → $expected', ({ input, expected }) => {
    expect(sanitizeUpdateHtml(input)).toBe(expected)
  })

  it('stored the seeded descriptions already clean', async () => {
    const all = await everything('per_page=10000')
    for (const update of all.data) {
      expect(sanitizeUpdateHtml(update.description)).toBe(update.description)
    }
  })
})
