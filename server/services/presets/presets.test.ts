import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PresetConflictSchema,
  PresetListResponseSchema,
  PresetResponseSchema,
  type Preset,
  type PresetDataItemInput,
} from '../../../contracts/presets.ts'
import type { DemoAccount } from '../../db/demo-accounts.ts'
import { grants } from '../../db/schema.ts'
import { DEMO_PRESETS } from '../../db/seed-presets.ts'
import { grantsChanged } from '../../plugins/auth.ts'
import { bearer, createTestApp, errorBody, signIn, type TestApp } from '../../test/helpers.ts'

let t: TestApp
const tokens = new Map<DemoAccount, string>()

/** Analyst's organisation (2) and its owner; the analyst's own owner. */
const ORG2_OWNER = 2
const ANALYST_OWNER = 8
const MULTI_OWNER = 11

beforeAll(async () => {
  t = await createTestApp()
  // A colleague of the analyst with analytics_ui but no advanced_analytics (admin), and a home
  // user of organisation 2 with analytics access through global access (engineer).
  await t.db.insert(grants).values([
    { userId: 5, resource: 'Apollo', permission: 'analytics_ui', scope: { panel: 2 } },
    { userId: 5, resource: 'Apollo', permission: 'analytics_ui', scope: { panel: 3 } },
  ])
  grantsChanged()
  for (const account of ['consumer', 'engineer', 'analyst', 'admin', 'staff', 'multi'] as const) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
  }
})
afterAll(async () => {
  await t.close()
})

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

function call(
  method: Method,
  url: string,
  as: DemoAccount | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `/api/analytics${url}`,
    headers: { ...(as ? bearer(tokens.get(as) ?? '') : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

function presetOf(response: LightMyRequestResponse, status = 200): Preset {
  expect(response.statusCode, response.body).toBe(status)
  return v.parse(PresetResponseSchema, response.json()).data
}

async function list(as: DemoAccount, query = '') {
  const response = await call('GET', `/presets${query}`, as)
  expect(response.statusCode, response.body).toBe(200)
  return v.parse(PresetListResponseSchema, response.json())
}

async function names(as: DemoAccount, query = '') {
  return (await list(as, query)).data.map((preset) => preset.name)
}

async function idOf(name: string): Promise<number> {
  const found = (await list('analyst', '?tab=all&per_page=50')).data.find((p) => p.name === name)
  const archived = (await list('analyst', '?tab=archived')).data.find((p) => p.name === name)
  const id = (found ?? archived)?.id
  if (id === undefined) throw new Error(`no preset ${name}`)
  return id
}

const item = (panel: number, extra: Partial<PresetDataItemInput> = {}): PresetDataItemInput => ({
  panel,
  chartType: 'aggregate',
  metrics: [{ key: 'httpgetmt' }],
  timeAggregation: 'daily',
  date: { from: '2026-10-01', to: '2026-10-31' },
  ...extra,
})

async function create(as: DemoAccount, body: Record<string, unknown>): Promise<Preset> {
  return presetOf(await call('POST', '/presets', as, { data: [item(3)], ...body }), 201)
}

const ACTIVE = DEMO_PRESETS.filter((p) => !p.archived).map((p) => p.name)

describe('GET /presets (the list)', () => {
  it('lists the analyst’s active presets, recently created first', async () => {
    const page = await list('analyst')
    expect(page.data.map((p) => p.name)).toEqual(
      DEMO_PRESETS.filter((p) => !p.archived)
        .sort((a, b) => a.createdDaysAgo - b.createdDaysAgo)
        .map((p) => p.name),
    )
    expect(page.meta.pagination).toMatchObject({ total: ACTIVE.length, per_page: 20 })
    const shared = page.data.find((p) => p.visibility === 'organisation')
    expect(shared).toMatchObject({ owner: ORG2_OWNER, owner_kind: 'organisation' })
    expect(page.data.find((p) => p.in_use)?.name).toBe('Busy-hour download (alert)')
    expect(page.data.every((p) => p.editable && p.accessible)).toBe(true)
  })

  it.each([
    ['starred', ['Download speed by ISP']],
    ['archived', ['Packet loss, last quarter']],
  ])('tab %s', async (tab, expected) => {
    expect(await names('analyst', `?tab=${tab}`)).toEqual(expected)
  })

  it('tab yours: created by the caller', async () => {
    expect((await names('analyst', '?tab=yours')).sort()).toEqual([...ACTIVE].sort())
    expect(await names('admin', '?tab=yours')).toEqual([])
  })

  it.each([
    [
      'name',
      [
        'Busy-hour download (alert)',
        'Download and upload, panels 2 and 3',
        'Download speed by ISP',
        'Evening latency by hour',
        'Web page load distribution',
      ],
    ],
    [
      '-most_viewed',
      [
        'Download speed by ISP',
        'Download and upload, panels 2 and 3',
        'Evening latency by hour',
        // Never viewed: newest id first (the tie-breaker follows the first term's direction).
        'Web page load distribution',
        'Busy-hour download (alert)',
      ],
    ],
    [
      '-recently_viewed,name',
      [
        'Download speed by ISP',
        'Download and upload, panels 2 and 3',
        'Evening latency by hour',
        'Busy-hour download (alert)',
        'Web page load distribution',
      ],
    ],
    [
      'created',
      [
        'Download speed by ISP',
        'Evening latency by hour',
        'Download and upload, panels 2 and 3',
        'Busy-hour download (alert)',
        'Web page load distribution',
      ],
    ],
    [
      '-updated',
      [
        'Web page load distribution',
        'Busy-hour download (alert)',
        'Download and upload, panels 2 and 3',
        'Evening latency by hour',
        'Download speed by ISP',
      ],
    ],
  ])('sorts=%s', async (sorts, expected) => {
    expect(await names('analyst', `?sorts=${sorts}`)).toEqual(expected)
  })

  it.each([
    ['latency', ['Evening latency by hour']],
    ['COMPARISON', ['Download and upload, panels 2 and 3']],
    [
      'speed',
      [
        'Busy-hour download (alert)',
        'Download and upload, panels 2 and 3',
        'Download speed by ISP',
      ],
    ],
    ['%', []],
    ['_', []],
  ])('search %s (name or tag)', async (search, expected) => {
    expect(await names('analyst', `?sorts=name&search=${encodeURIComponent(search)}`)).toEqual(
      expected,
    )
  })

  it('pages with a selectable size', async () => {
    const second = await list('analyst', '?page=2&per_page=25')
    expect(second.data).toEqual([])
    expect(second.meta.pagination).toMatchObject({ total: ACTIVE.length, current_page: 2 })
  })

  it('ownerIds narrows to owners', async () => {
    expect(await names('analyst', `?ownerIds=${String(ORG2_OWNER)}`)).toEqual([
      'Download and upload, panels 2 and 3',
    ])
    expect(
      await names('analyst', `?ownerIds=${String(ANALYST_OWNER)},${String(ORG2_OWNER)}`),
    ).toHaveLength(ACTIVE.length)
  })

  it.each([
    ['?per_page=10', 'per_page'],
    ['?page=0', 'page'],
    ['?tab=mine', 'tab'],
    ['?sorts=views', 'sorts.0'],
    ['?ownerIds=1,x', 'ownerIds'],
    ['?ownerIds=99999999999', 'ownerIds'],
    ['?includeDeleted=yes', 'includeDeleted'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await call('GET', `/presets${query}`, 'analyst')
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toMatchObject({ code: 'VALIDATION_FAIL' })
    expect(Object.keys(errorBody(response).errors ?? {})).toContain(field)
  })

  it('a colleague sees the organisation-visible preset only, without data they cannot open', async () => {
    const page = await list('admin')
    expect(page.data.map((p) => p.name)).toEqual(['Download and upload, panels 2 and 3'])
    // Two data items need advanced_analytics, which admin lacks.
    expect(page.data[0]).toMatchObject({ accessible: false, data: [], starred: false })
  })

  it('another organisation and global access see none of the analyst’s presets', async () => {
    expect(await names('multi')).toEqual([])
    expect(await names('staff')).toEqual([])
  })
})

describe('GET /presets/:id', () => {
  it('answers the preset with its ETag and counts the view', async () => {
    const id = await idOf('Evening latency by hour')
    const first = presetOf(await call('GET', `/presets/${String(id)}`, 'analyst'))
    const response = await call('GET', `/presets/${String(id)}`, 'analyst')
    const second = presetOf(response)
    expect(response.headers.etag).toBe('"1"')
    expect(second.view_count).toBe(first.view_count + 1)
    expect(second.my_view_count).toBe(first.my_view_count + 1)
    expect(Date.parse(second.last_viewed_at ?? '')).toBeGreaterThan(Date.now() - 60_000)
    // The most recently viewed now.
    expect((await names('analyst', '?sorts=-recently_viewed'))[0]).toBe('Evening latency by hour')
  })

  it('loads a time_series item as aggregate (§3.1)', async () => {
    const id = await idOf('Busy-hour download (alert)')
    const preset = presetOf(await call('GET', `/presets/${String(id)}`, 'analyst'))
    expect(preset.data[0]?.chartType).toBe('aggregate')
  })

  it('not found and not yours look the same (404 PRESET_NOT_FOUND)', async () => {
    const privateId = await idOf('Download speed by ISP')
    for (const [as, id] of [
      ['admin', privateId],
      ['multi', privateId],
      ['staff', privateId],
      ['analyst', 999_999],
    ] as const) {
      const response = await call('GET', `/presets/${String(id)}`, as)
      expect(response.statusCode).toBe(404)
      expect(errorBody(response)).toEqual({ code: 'PRESET_NOT_FOUND' })
    }
  })

  it('refuses a preset whose panels the caller cannot all open (403)', async () => {
    const id = await idOf('Download and upload, panels 2 and 3')
    const response = await call('GET', `/presets/${String(id)}`, 'admin')
    expect(response.statusCode).toBe(403)
    expect(errorBody(response)).toEqual({ code: 'FORBIDDEN' })
  })

  it('refuses a malformed id (400)', async () => {
    const response = await call('GET', '/presets/abc', 'analyst')
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors).toEqual({ id: ['INVALID'] })
  })
})

describe('POST /presets', () => {
  it('creates with 201 and a Location the client reads', async () => {
    const response = await call('POST', '/presets', 'analyst', {
      name: 'Upload by package',
      data: [item(2, { metrics: [{ key: 'httppostmt' }], splits: ['package'] })],
      tags: ['upload'],
      // Kept by the server: the caller is the creator.
      created_by: 1,
    })
    const created = presetOf(response, 201)
    expect(response.headers.location).toBe(`/api/analytics/presets/${String(created.id)}`)
    expect(response.headers.etag).toBe('"1"')
    expect(created).toMatchObject({
      name: 'Upload by package',
      owner: ANALYST_OWNER,
      owner_kind: 'user',
      created_by: 4,
      created_by_name: 'Priya Raman',
      visibility: 'private',
      version: 1,
      tags: ['upload'],
      starred: false,
      archived: false,
      in_use: false,
    })
    expect(created.data[0]).toMatchObject({ panel: 2, showRegression: true, ci: false })
    const location = String(response.headers.location).replace('/api/analytics', '')
    expect(presetOf(await call('GET', location, 'analyst')).name).toBe('Upload by package')
  })

  it('saves for the organisation’s owner, shared with colleagues', async () => {
    const created = await create('analyst', {
      name: 'Shared latency',
      owner: ORG2_OWNER,
      visibility: 'organisation',
      data: [item(3, { metrics: [{ key: 'udpLatency' }] })],
    })
    expect(created).toMatchObject({ owner: ORG2_OWNER, owner_kind: 'organisation' })
    const seen = presetOf(await call('GET', `/presets/${String(created.id)}`, 'admin'))
    expect(seen).toMatchObject({ accessible: true, editable: true })
  })

  it('private stays private, also under the organisation’s owner', async () => {
    const orgPrivate = await create('analyst', { name: 'Org but private', owner: ORG2_OWNER })
    expect((await call('GET', `/presets/${String(orgPrivate.id)}`, 'admin')).statusCode).toBe(404)
    expect(await names('admin')).not.toContain('Org but private')
    expect(await names('analyst')).toContain('Org but private')
    // The analyst's own preset made organisation-visible is seen by colleagues, not others.
    const mine = await create('analyst', { name: 'Mine, shared', visibility: 'organisation' })
    expect(mine.owner).toBe(ANALYST_OWNER)
    expect(await names('admin')).toContain('Mine, shared')
    expect(await names('multi')).not.toContain('Mine, shared')
    expect(await names('staff')).not.toContain('Mine, shared')
  })

  it('a user without advanced_analytics saves one data item, not two (403)', async () => {
    await create('multi', { name: 'NZ download', data: [item(1)] })
    const response = await call('POST', '/presets', 'multi', {
      name: 'NZ two',
      data: [item(1), item(1, { metrics: [{ key: 'udpLatency' }] })],
    })
    expect(response.statusCode).toBe(403)
    expect(errorBody(response)).toEqual({ code: 'FORBIDDEN' })
  })

  it.each([
    ['a panel the caller cannot chart', { name: 'x', data: [item(1)] }],
    ['two items, one panel not theirs', { name: 'x', data: [item(2), item(1)] }],
    ['another owner', { name: 'x', data: [item(3)], owner: MULTI_OWNER }],
    ['another organisation’s owner', { name: 'x', data: [item(3)], owner: 1 }],
  ])('refuses %s (403)', async (_, body) => {
    const response = await call('POST', '/presets', 'analyst', body)
    expect(response.statusCode).toBe(403)
    expect(errorBody(response)).toEqual({ code: 'FORBIDDEN' })
  })

  it.each([
    [{ data: [item(3)] }, { name: ['MISSING'] }],
    [{ name: '  ', data: [item(3)] }, { name: ['LENGTH_MIN'] }],
    [{ name: 'x'.repeat(101), data: [item(3)] }, { name: ['INVALID'] }],
    [{ name: 'x', data: [item(3)], tags: ['a', 'b', 'A'] }, { tags: ['EXISTS'] }],
    [{ name: 'x', data: [] }, { data: ['LENGTH_MIN'] }],
    [{ name: 'x' }, { data: ['MISSING'] }],
    [
      { name: 'x', data: [item(3, { chartType: 'pie' as 'raw' })] },
      { 'data.0.chartType': ['INVALID'] },
    ],
    [{ name: 'x', data: [item(3)], visibility: 'public' }, { visibility: ['INVALID'] }],
  ])('refuses %j with 400 %j', async (body, errors) => {
    const response = await call('POST', '/presets', 'analyst', body)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toMatchObject({ code: 'VALIDATION_FAIL', errors })
  })
})

describe('PUT /presets/:id (update with a precondition)', () => {
  it('updates with If-Match, bumps the version; a stale version is 412 with the current preset', async () => {
    const created = await create('analyst', { name: 'Before' })
    const url = `/presets/${String(created.id)}`
    const body = { ...created, name: 'After', tags: ['renamed'] }
    const updated = await call('PUT', url, 'analyst', body, { 'if-match': '"1"' })
    expect(presetOf(updated)).toMatchObject({ name: 'After', version: 2, tags: ['renamed'] })
    expect(updated.headers.etag).toBe('"2"')

    // A replayed offline edit made on version 1: never silently written over version 2.
    const stale = await call(
      'PUT',
      url,
      'analyst',
      { ...body, name: 'Offline' },
      { 'if-match': '"1"' },
    )
    expect(stale.statusCode).toBe(412)
    const conflict = v.parse(PresetConflictSchema, stale.json())
    expect(conflict.data.preset).toMatchObject({ name: 'After', version: 2 })
    expect(stale.headers.etag).toBe('"2"')

    // The body's version is the precondition without If-Match.
    expect(
      presetOf(await call('PUT', url, 'analyst', { ...body, name: 'Third', version: 2 })),
    ).toMatchObject({
      name: 'Third',
      version: 3,
    })
    const staleBody = await call('PUT', url, 'analyst', { ...body, version: 2 })
    expect(staleBody.statusCode).toBe(412)
    expect(errorBody(staleBody).code).toBe('PRECONDITION_FAILED')
  })

  it('needs a precondition (400 version MISSING)', async () => {
    const created = await create('analyst', { name: 'No precondition' })
    const body: Partial<Preset> = { ...created }
    delete body.version
    const response = await call('PUT', `/presets/${String(created.id)}`, 'analyst', body)
    expect(response.statusCode).toBe(400)
    expect(errorBody(response)).toMatchObject({ errors: { version: ['MISSING'] } })
  })

  it('a preset used by an alert cannot be updated (409 PRESET_IN_USE)', async () => {
    const id = await idOf('Busy-hour download (alert)')
    const current = presetOf(await call('GET', `/presets/${String(id)}`, 'analyst'))
    const response = await call('PUT', `/presets/${String(id)}`, 'analyst', {
      ...current,
      name: 'Changed',
    })
    expect(response.statusCode).toBe(409)
    expect(errorBody(response)).toEqual({ code: 'PRESET_IN_USE' })
  })

  it('refuses data the caller may not save (403) and bad fields (400)', async () => {
    const created = await create('analyst', { name: 'Rules' })
    const url = `/presets/${String(created.id)}`
    const onPanel1 = await call('PUT', url, 'analyst', { ...created, data: [item(1)] })
    expect(onPanel1.statusCode).toBe(403)
    const badTags = await call('PUT', url, 'analyst', { ...created, tags: ['x', 'x'] })
    expect(badTags.statusCode).toBe(400)
    expect(errorBody(badTags).errors).toEqual({ tags: ['EXISTS'] })
    const otherOwner = await call('PUT', url, 'analyst', { ...created, owner: MULTI_OWNER })
    expect(otherOwner.statusCode).toBe(403)
  })

  it('not found and not theirs: 404', async () => {
    const created = await create('analyst', { name: 'Private' })
    for (const [as, id] of [
      ['admin', created.id],
      ['analyst', 999_999],
    ] as const) {
      const response = await call('PUT', `/presets/${String(id)}`, as, created)
      expect(response.statusCode).toBe(404)
      expect(errorBody(response)).toEqual({ code: 'PRESET_NOT_FOUND' })
    }
  })

  it('a home user edits only their own (001 §6)', async () => {
    // Global access (an Administration grant) gives engineer analytics access as a home user.
    await t.db
      .insert(grants)
      .values({ userId: 3, resource: 'Administration', permission: 'units', scope: null })
    grantsChanged()
    try {
      const shared = await create('analyst', {
        name: 'Shared for the home user',
        owner: ORG2_OWNER,
        visibility: 'organisation',
      })
      const seen = presetOf(await call('GET', `/presets/${String(shared.id)}`, 'engineer'))
      expect(seen).toMatchObject({ editable: false, accessible: true })
      const url = `/presets/${String(shared.id)}`
      expect((await call('PUT', url, 'engineer', shared)).statusCode).toBe(403)
      expect((await call('POST', `${url}/archive`, 'engineer')).statusCode).toBe(403)
      expect((await call('DELETE', url, 'engineer')).statusCode).toBe(403)
      // Starring is theirs to do.
      expect(presetOf(await call('PUT', `${url}/star`, 'engineer')).starred).toBe(true)
      // Their own: for themselves only, not for the organisation.
      const own = await create('engineer', { name: 'Mine' })
      expect(own).toMatchObject({ owner: 7, editable: true })
      const forOrg = await call('POST', '/presets', 'engineer', {
        name: 'For all',
        data: [item(3)],
        owner: ORG2_OWNER,
      })
      expect(forOrg.statusCode).toBe(403)
    } finally {
      await t.db.delete(grants).where(eqUser(3, 'units'))
      grantsChanged()
    }
  })
})

describe('owners and visibility', () => {
  it('moves a preset to the organisation’s owner with an update', async () => {
    const created = await create('analyst', { name: 'To share' })
    const moved = presetOf(
      await call('PUT', `/presets/${String(created.id)}`, 'analyst', {
        ...created,
        owner: ORG2_OWNER,
        visibility: 'organisation',
      }),
    )
    expect(moved).toMatchObject({ owner: ORG2_OWNER, owner_kind: 'organisation', version: 2 })
    expect(await names('admin')).toContain('To share')
  })

  it('a colleague edits a shared preset but cannot hide it from themselves (403)', async () => {
    const shared = await create('analyst', {
      name: 'Shared, edited by admin',
      owner: ORG2_OWNER,
      visibility: 'organisation',
    })
    const url = `/presets/${String(shared.id)}`
    const renamed = presetOf(await call('PUT', url, 'admin', { ...shared, name: 'Renamed' }))
    expect(renamed).toMatchObject({ name: 'Renamed', version: 2, created_by: 4 })
    const hidden = await call('PUT', url, 'admin', { ...renamed, visibility: 'private' })
    expect(hidden.statusCode).toBe(403)
    // The creator may make it private.
    const own = presetOf(await call('PUT', url, 'analyst', { ...renamed, visibility: 'private' }))
    expect(own.visibility).toBe('private')
    expect((await call('GET', url, 'admin')).statusCode).toBe(404)
  })

  it('organisation visibility needs an organisation (400 visibility INVALID)', async () => {
    // The volunteer has no organisation; global access gives them analytics access.
    await t.db
      .insert(grants)
      .values({ userId: 2, resource: 'Administration', permission: 'units', scope: null })
    grantsChanged()
    try {
      const token = (await signIn(t.app, 'volunteer')).accessToken.token
      tokens.set('volunteer', token)
      const response = await call('POST', '/presets', 'volunteer', {
        name: 'Shared with nobody',
        data: [item(3)],
        visibility: 'organisation',
      })
      expect(response.statusCode).toBe(400)
      expect(errorBody(response).errors).toEqual({ visibility: ['INVALID'] })
      const own = await create('volunteer', { name: 'Just mine' })
      expect(own).toMatchObject({ owner: 6, visibility: 'private' })
    } finally {
      await t.db.delete(grants).where(eqUser(2, 'units'))
      grantsChanged()
    }
  })
})

describe('star, archive, delete and their undos', () => {
  it('stars and unstars for the caller only', async () => {
    const id = await idOf('Evening latency by hour')
    const url = `/presets/${String(id)}/star`
    expect(presetOf(await call('PUT', url, 'analyst')).starred).toBe(true)
    expect(presetOf(await call('PUT', url, 'analyst')).starred).toBe(true)
    expect(await names('analyst', '?tab=starred&sorts=name')).toEqual([
      'Download speed by ISP',
      'Evening latency by hour',
    ])
    const unstarred = presetOf(await call('DELETE', url, 'analyst'))
    expect(unstarred).toMatchObject({ starred: false, version: 1 })
    expect((await call('PUT', url, 'admin')).statusCode).toBe(404)
  })

  it('archives and unarchives (undo) without a new version', async () => {
    const created = await create('analyst', { name: 'To archive' })
    const url = `/presets/${String(created.id)}`
    const archived = presetOf(await call('POST', `${url}/archive`, 'analyst'))
    expect(archived).toMatchObject({ archived: true, version: 1 })
    expect(await names('analyst', '?tab=archived&sorts=name')).toContain('To archive')
    expect(await names('analyst')).not.toContain('To archive')
    const back = presetOf(await call('POST', `${url}/unarchive`, 'analyst'))
    expect(back).toMatchObject({ archived: false, archived_at: null })
    expect(await names('analyst')).toContain('To archive')
  })

  it('deletes softly and restores (undo)', async () => {
    const created = await create('analyst', { name: 'To delete' })
    const url = `/presets/${String(created.id)}`
    const deleted = presetOf(await call('DELETE', url, 'analyst'))
    expect(deleted.deleted_at).not.toBeNull()
    expect(await names('analyst')).not.toContain('To delete')
    expect(await names('analyst', '?includeDeleted=true')).toContain('To delete')
    expect((await call('GET', url, 'analyst')).statusCode).toBe(404)
    const restored = presetOf(await call('POST', `${url}/restore`, 'analyst'))
    expect(restored.deleted_at).toBeNull()
    expect(presetOf(await call('GET', url, 'analyst')).name).toBe('To delete')
  })

  it('a preset used by an alert cannot be deleted (409)', async () => {
    const id = await idOf('Busy-hour download (alert)')
    const response = await call('DELETE', `/presets/${String(id)}`, 'analyst')
    expect(response.statusCode).toBe(409)
    expect(errorBody(response)).toEqual({ code: 'PRESET_IN_USE' })
  })

  it.each([
    ['POST', 'archive'],
    ['POST', 'unarchive'],
    ['POST', 'restore'],
    ['DELETE', ''],
  ] as const)('%s %s of a preset not theirs: 404', async (method, path) => {
    const id = await idOf('Download speed by ISP')
    const url = `/presets/${String(id)}${path ? `/${path}` : ''}`
    const response = await call(method, url, 'admin')
    expect(response.statusCode).toBe(404)
  })
})

describe('access', () => {
  const ROUTES: [Method, string][] = [
    ['GET', '/presets'],
    ['GET', '/presets/1'],
    ['POST', '/presets'],
    ['PUT', '/presets/1'],
    ['PUT', '/presets/1/star'],
    ['DELETE', '/presets/1/star'],
    ['POST', '/presets/1/archive'],
    ['POST', '/presets/1/unarchive'],
    ['DELETE', '/presets/1'],
    ['POST', '/presets/1/restore'],
  ]

  it.each(ROUTES)('%s %s: 401 anonymous, 403 without analytics access', async (method, url) => {
    const body = method === 'POST' || method === 'PUT' ? { name: 'x' } : undefined
    expect((await call(method, url, null, body)).statusCode).toBe(401)
    for (const as of ['engineer', 'consumer'] as const) {
      const response = await call(method, url, as, body)
      expect(response.statusCode).toBe(403)
      expect(errorBody(response)).toEqual({ code: 'FORBIDDEN' })
    }
  })
})

function eqUser(userId: number, permission: string) {
  return and(eq(grants.userId, userId), eq(grants.permission, permission))
}
