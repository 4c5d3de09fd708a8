import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AGENTS_PER_PAGE,
  AgentPageSchema,
  UnitDetailResponseSchema,
  UnitSearchResponseSchema,
  type AgentRow,
  type AgentSort,
} from '../../../../contracts/unit-search.ts'
import type { DemoAccount } from '../../../db/demo-accounts.ts'
import { NEW_INSTALLS_ON_PANEL_3 } from '../../../db/seed.ts'
import { disconnections, users } from '../../../db/schema.ts'
import { bearer, createTestApp, errorBody, signIn, type TestApp } from '../../../test/helpers.ts'
import { lmapConfigOf } from './presenter.ts'
import {
  agentOrder,
  agentRows,
  createAgentOrderCache,
  listAgentsPage,
  type AgentOrderQuery,
} from './repository.ts'
import { OFFLINE_AFTER_MS } from '../units/repository.ts'

type UnitFacts = {
  id: number
  mac: string
  serial: string
  panelId: number | null
  email: string | null
}

let t: TestApp
const tokens = new Map<DemoAccount, string>()
/** Every unit after the test owners are set, by id. */
let all: UnitFacts[] = []
const panel3 = () => all.filter((unit) => unit.panelId === 3)
const otherPanels = () => all.filter((unit) => unit.panelId !== 3)
/** A panel-3 unit with an owner, and one on panel 2 (the engineer has no grant there). */
let owned3: UnitFacts
let owned2: UnitFacts

const ACCOUNTS = ['engineer', 'consumer', 'volunteer', 'analyst', 'admin', 'staff'] as const
const FORBIDDEN = { code: 'FORBIDDEN' }
/** Accounts with no grant on the panel for either the unit search or the agents list. */
const NO_PANEL_GRANT = [
  { account: 'consumer', panelId: 3 },
  { account: 'volunteer', panelId: 3 },
  { account: 'analyst', panelId: 3 },
  { account: 'engineer', panelId: 2 },
  { account: 'engineer', panelId: 999 },
] as const

async function addOwner(email: string, firstName: string, unitId: number): Promise<void> {
  const [owner] = await t.db
    .insert(users)
    .values({ email, firstName, lastName: 'Owner', passwordHash: 'x' })
    .returning({ id: users.id })
  await t.db.execute(sql`UPDATE units SET owner_user_id = ${owner?.id ?? 0} WHERE id = ${unitId}`)
}

async function loadUnits(): Promise<UnitFacts[]> {
  const { rows } = await t.db.execute<UnitFacts>(sql`
    SELECT u.id, u.mac, u.serial_number AS serial, u.panel_id AS "panelId", o.email
    FROM units u LEFT JOIN users o ON o.id = u.owner_user_id ORDER BY u.id`)
  return rows
}

beforeAll(async () => {
  t = await createTestApp()
  for (const account of ACCOUNTS) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
  }
  all = await loadUnits()
  const [first3, , third3] = panel3()
  const [first2] = all.filter((unit) => unit.panelId === 2)
  if (!first3 || !third3 || !first2) throw new Error('the demo seed has no panel 2/3 units')
  // Two more panel-3 owners (one replaces a fleet customer) and the only panel-2 one.
  await addOwner('Field.Owner@Example.com', 'Zoe', first3.id)
  await addOwner('aaron.owner@example.com', 'Aaron', third3.id)
  await addOwner('panel2.owner@example.com', 'Pita', first2.id)
  all = await loadUnits()
  owned3 = all.find((unit) => unit.id === first3.id) ?? first3
  owned2 = all.find((unit) => unit.id === first2.id) ?? first2
})
afterAll(async () => {
  await t.close()
})

function get(url: string, as: DemoAccount | null): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/api/zeus${url}`,
    headers: as ? bearer(tokens.get(as) ?? '') : {},
  })
}

function expectRefusal(response: LightMyRequestResponse, status: number, body: unknown) {
  expect(response.statusCode, response.body).toBe(status)
  expect(errorBody(response)).toEqual(body)
}

const q = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, value]): [string, string][] =>
      value === undefined ? [] : [[k, String(value)]],
    ),
  ).toString()

async function search(term: string, as: DemoAccount = 'engineer', panelId = 3) {
  const response = await get(`/search/units?${q({ panelId, searchTerm: term })}`, as)
  expect(response.statusCode, response.body).toBe(200)
  return v.parse(UnitSearchResponseSchema, response.json())
}

async function agents(
  params: Record<string, string | number | undefined>,
  as: DemoAccount = 'engineer',
  headers: Record<string, string> = {},
) {
  const { panelId = 3, ...rest } = params
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/zeus/panels/${String(panelId)}/agents?${q(rest)}`,
    headers: { ...bearer(tokens.get(as) ?? ''), ...headers },
  })
  expect(response.statusCode, response.body).toBe(200)
  return v.parse(AgentPageSchema, response.json())
}

describe('panel 3 in the demo seed', () => {
  it('has the 24 fleet units and the new installs: more than one page of agents', () => {
    expect(panel3()).toHaveLength(24 + NEW_INSTALLS_ON_PANEL_3)
    expect(panel3().length).toBeGreaterThan(AGENTS_PER_PAGE)
  })
})

describe('GET search/units', () => {
  it('finds a panel-3 unit by id, with the agent row of seeds 001 §3', async () => {
    const unit = panel3()[5]
    if (!unit) throw new Error('no unit')
    const body = await search(String(unit.id))
    expect(body.meta.kind).toBe('id')
    expect(body.data).toHaveLength(1)
    expect(body.data[0]).toMatchObject({
      id: unit.id,
      mac: unit.mac,
      serial_number: unit.serial,
      panel_id: 3,
      email: null,
      first_name: null,
      last_name: null,
      lmap_config: lmapConfigOf({ owned: false, connection: 'fibre' }),
    })
    expect(body.data[0]?.isp).toEqual(expect.any(String))
    expect(body.data[0]?.package).toEqual(expect.any(String))
  })

  it.each([
    { label: 'canonical', form: (mac: string) => mac },
    { label: 'lower case', form: (mac: string) => mac.toLowerCase() },
    { label: 'hyphens', form: (mac: string) => mac.replaceAll(':', '-') },
    {
      label: 'Cisco dotted',
      form: (mac: string) => mac.replaceAll(':', '').replace(/(....)(?!$)/g, '$1.'),
    },
    { label: 'bare hex', form: (mac: string) => mac.replaceAll(':', '') },
    { label: 'padded with spaces', form: (mac: string) => `  ${mac}  ` },
  ])('finds a unit by MAC ($label)', async ({ form }) => {
    const unit = panel3()[7]
    if (!unit) throw new Error('no unit')
    const body = await search(form(unit.mac))
    expect(body.meta.kind).toBe('mac')
    expect(body.data.map((row) => row.id)).toEqual([unit.id])
  })

  it.each([
    { label: 'as stored', form: (email: string) => email },
    { label: 'lower case', form: (email: string) => email.toLowerCase() },
    { label: 'upper case', form: (email: string) => email.toUpperCase() },
  ])("finds a unit by its owner's email ($label)", async ({ form }) => {
    const body = await search(form(owned3.email ?? ''))
    expect(body.meta.kind).toBe('email')
    expect(body.data).toHaveLength(1)
    expect(body.data[0]).toMatchObject({
      id: owned3.id,
      email: 'Field.Owner@Example.com',
      first_name: 'Zoe',
      last_name: 'Owner',
      lmap_config: lmapConfigOf({ owned: true, connection: 'fibre' }),
    })
  })

  it('finds a unit by the serial on its label, in any case', async () => {
    const unit = panel3()[3]
    if (!unit) throw new Error('no unit')
    for (const term of [unit.serial, unit.serial.toLowerCase()]) {
      const body = await search(term)
      expect(body.meta.kind).toBe('serial')
      expect(body.data.map((row) => row.id)).toEqual([unit.id])
    }
  })

  it('lists panel-3 units by a serial prefix of 4 or more, in serial order, exact first', async () => {
    const unit = panel3()[0]
    if (!unit) throw new Error('no unit')
    const prefix = unit.serial.slice(0, -1)
    const body = await search(prefix.toLowerCase())
    const expected = panel3()
      .filter((u) => u.serial.startsWith(prefix))
      .map((u) => u.serial)
      .sort()
    expect(expected.length).toBeGreaterThan(1)
    expect(body.data.map((row) => row.serial_number)).toEqual(expected)
    expect(body.data.every((row) => row.panel_id === 3)).toBe(true)
  })

  it.each([
    { term: 'WB0', why: 'a prefix shorter than 4 matches exactly only' },
    { term: 'WB%', why: 'LIKE wildcards are literal' },
    { term: 'WB00_0003_', why: 'LIKE wildcards are literal' },
    { term: '99999999999', why: 'an id beyond PostgreSQL integers names no unit' },
    { term: '0', why: 'no unit 0' },
    { term: 'nobody@example.com', why: 'an email that owns nothing' },
    { term: 'consumer@example.com', why: 'an owner of panel-1 units only' },
    { term: 'Living room', why: 'labels are not searched' },
  ])('answers no rows for "$term": $why', async ({ term }) => {
    expect((await search(term)).data).toEqual([])
  })

  it('reads Arabic-Indic digits as an id, and ignores leading zeros', async () => {
    const unit = panel3()[1]
    if (!unit) throw new Error('no unit')
    const arabic = String(unit.id).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))
    expect((await search(arabic)).data.map((row) => row.id)).toEqual([unit.id])
    expect((await search(`000${unit.id}`)).data.map((row) => row.id)).toEqual([unit.id])
  })

  it('never returns a unit of another panel, whatever identifies it', async () => {
    const terms = otherPanels().flatMap((unit) => [
      String(unit.id),
      unit.mac,
      unit.serial,
      ...(unit.email ? [unit.email] : []),
    ])
    expect(terms).toContain(owned2.email)
    for (const term of terms) {
      const body = await search(term)
      expect(body.data, term).toEqual([])
    }
    // A prefix every serial shares: only panel 3's come back.
    const wide = await search('WB00')
    expect(wide.data.length).toBe(AGENTS_PER_PAGE)
    expect(wide.data.every((row) => row.panel_id === 3)).toBe(true)
  })

  it('searches the asked panel only, also with global access', async () => {
    const body = await search(owned2.mac, 'staff', 2)
    expect(body.data.map((row) => row.id)).toEqual([owned2.id])
    expect((await search(owned2.mac, 'staff', 3)).data).toEqual([])
    expect((await search(owned2.email ?? '', 'staff', 2)).data.map((row) => row.id)).toEqual([
      owned2.id,
    ])
  })

  it('searches every panel for global access when no panel is named', async () => {
    for (const unit of [owned2, owned3, ...otherPanels().slice(0, 3)]) {
      for (const term of [String(unit.id), unit.mac, unit.serial, unit.email ?? unit.mac]) {
        const response = await get(`/search/units?${q({ searchTerm: term })}`, 'staff')
        expect(response.statusCode, response.body).toBe(200)
        const body = v.parse(UnitSearchResponseSchema, response.json())
        expect(
          body.data.map((row) => [row.id, row.panel_id]),
          term,
        ).toEqual([[unit.id, unit.panelId]])
      }
    }
    // A serial prefix reaches past panel 3 too.
    const wide = await get(`/search/units?${q({ searchTerm: 'WB00' })}`, 'staff')
    const panels = new Set(
      v.parse(UnitSearchResponseSchema, wide.json()).data.map((r) => r.panel_id),
    )
    expect(panels.size).toBeGreaterThan(1)
  })

  it('never searches every panel for a panel-bound engineer', async () => {
    expectRefusal(await get(`/search/units?${q({ searchTerm: owned2.mac })}`, 'engineer'), 400, {
      code: 'VALIDATION_FAIL',
      errors: { panelId: ['MISSING'] },
    })
  })

  it('refuses without a token (401)', async () => {
    expectRefusal(await get(`/search/units?${q({ panelId: 3, searchTerm: '1' })}`, null), 401, {
      code: 'UNAUTHENTICATED',
    })
  })

  it.each([
    ...NO_PANEL_GRANT,
    { account: 'consumer', panelId: 1 },
    { account: 'admin', panelId: 3 },
  ] as const)('refuses $account on panel $panelId (403)', async ({ account, panelId }) => {
    const unit = all.find((u) => u.panelId === panelId) ?? owned3
    for (const term of [String(unit.id), '424242']) {
      expectRefusal(
        await get(`/search/units?${q({ panelId, searchTerm: term })}`, account),
        403,
        FORBIDDEN,
      )
    }
  })

  it.each([
    { query: { searchTerm: '1' }, errors: { panelId: ['MISSING'] } },
    { query: { panelId: 'three', searchTerm: '1' }, errors: { panelId: ['INVALID'] } },
    { query: { panelId: '-3', searchTerm: '1' }, errors: { panelId: ['INVALID'] } },
    { query: { panelId: '99999999999', searchTerm: '1' }, errors: { panelId: ['INVALID'] } },
    { query: { panelId: 3 }, errors: { searchTerm: ['MISSING'] } },
    { query: { panelId: 3, searchTerm: '' }, errors: { searchTerm: ['MISSING'] } },
    { query: { panelId: 3, searchTerm: '  \t ' }, errors: { searchTerm: ['MISSING'] } },
    { query: { panelId: 3, searchTerm: 'a'.repeat(255) }, errors: { searchTerm: ['INVALID'] } },
  ])('answers 400 for $query', async ({ query, errors }) => {
    expectRefusal(await get(`/search/units?${q(query)}`, 'engineer'), 400, {
      code: 'VALIDATION_FAIL',
      errors,
    })
    // A caller without Unit search anywhere is refused by the route's declaration first: it
    // learns nothing of the inputs (issue 21 §1, secure by default).
    expectRefusal(await get(`/search/units?${q(query)}`, 'consumer'), 403, FORBIDDEN)
  })

  it('refuses a repeated parameter (400)', async () => {
    const response = await get('/search/units?panelId=3&panelId=2&searchTerm=1', 'engineer')
    expect(response.statusCode).toBe(400)
  })
})

describe('GET panels/{panelId}/agents', () => {
  /** Every panel-3 row through the pages of `sorts`. */
  async function allPages(sorts?: string) {
    const first = await agents(sorts ? { sorts } : {})
    const rows = [...first.data]
    for (let page = 2; page <= first.meta.pagination.total_pages; page += 1) {
      rows.push(...(await agents({ page, ...(sorts ? { sorts } : {}) })).data)
    }
    return { rows, pagination: first.meta.pagination }
  }

  it('pages the panel-3 units 50 at a time, by id, with the pagination of seeds 000 §3', async () => {
    const count = panel3().length
    const first = await agents({})
    expect(first.meta.pagination).toEqual({
      total: count,
      count: AGENTS_PER_PAGE,
      per_page: AGENTS_PER_PAGE,
      current_page: 1,
      total_pages: Math.ceil(count / AGENTS_PER_PAGE),
    })
    const second = await agents({ page: 2 })
    expect(second.meta.pagination).toMatchObject({
      count: count - AGENTS_PER_PAGE,
      current_page: 2,
    })
    const ids = [...first.data, ...second.data].map((row) => row.id)
    expect(ids).toEqual(panel3().map((unit) => unit.id))
    expect(first.data[0]?.lmap_config).toBeUndefined()
  })

  it('answers an empty page past the last one, with the total', async () => {
    const body = await agents({ page: 9 })
    expect(body.data).toEqual([])
    expect(body.meta.pagination).toMatchObject({
      total: panel3().length,
      count: 0,
      current_page: 9,
    })
  })

  it('honours a smaller per_page', async () => {
    const body = await agents({ per_page: 7, page: 2 })
    expect(body.data.map((row) => row.id)).toEqual(
      panel3()
        .slice(7, 14)
        .map((unit) => unit.id),
    )
    expect(body.meta.pagination.total_pages).toBe(Math.ceil(panel3().length / 7))
  })

  type Key = (row: AgentRow) => string | number | null
  /** The documented order: never seen is oldest; other missing values last; ties by id. */
  const compare =
    (key: Key, desc: boolean, nullsFirstAscending: boolean) =>
    (a: AgentRow, b: AgentRow): number => {
      const ka = key(a)
      const kb = key(b)
      if (ka === kb) return 0
      const nullFirst = nullsFirstAscending && !desc
      if (ka === null) return nullFirst ? -1 : 1
      if (kb === null) return nullFirst ? 1 : -1
      return (ka < kb ? -1 : 1) * (desc ? -1 : 1)
    }
  const KEYS: Record<string, Key> = {
    id: (row) => row.id,
    mac: (row) => row.mac,
    last_seen: (row) => (row.last_seen === null ? null : Date.parse(row.last_seen)),
    email: (row) => row.email?.toLowerCase() ?? null,
    isp: (row) => row.isp?.toLowerCase() ?? null,
    package: (row) => row.package?.toLowerCase() ?? null,
  }
  /** `sorts` as a comparator, ties by id in the first sort's direction. */
  function expectedOrder(sorts: string): (a: AgentRow, b: AgentRow) => number {
    const parts = sorts.split(',').map((sort) => {
      const desc = sort.startsWith('-')
      const field = sort.replace(/^-/, '')
      const key = KEYS[field]
      if (!key) throw new Error(sort)
      return compare(key, desc, field === 'last_seen')
    })
    const tie = sorts.startsWith('-') ? -1 : 1
    return (a, b) => {
      for (const part of parts) {
        const result = part(a, b)
        if (result !== 0) return result
      }
      return (a.id - b.id) * tie
    }
  }

  it.each([
    'id',
    '-id',
    'mac',
    '-mac',
    'last_seen',
    '-last_seen',
    'email',
    '-email',
    'isp',
    '-isp',
    'package',
    '-package',
    'isp,-last_seen',
    '-package,email,id',
  ])('sorts by %s across pages, ties by id', async (sorts) => {
    const { rows } = await allPages(sorts)
    expect(rows.map((row) => row.id)).toEqual(
      [...rows].sort(expectedOrder(sorts)).map((row) => row.id),
    )
    expect(new Set(rows.map((row) => row.id)).size).toBe(panel3().length)
  })

  it('puts never-seen units first ascending and last descending, missing emails last both ways', async () => {
    const never = panel3()[30]
    if (!never) throw new Error('no unit')
    await t.db.execute(sql`UPDATE units SET last_seen = NULL WHERE id = ${never.id}`)
    const fresh = { 'cache-control': 'no-cache' }
    expect((await agents({ sorts: 'last_seen', per_page: 1 }, 'engineer', fresh)).data[0]?.id).toBe(
      never.id,
    )
    const descending = await agents({ sorts: '-last_seen', page: 2 }, 'engineer', fresh)
    expect(descending.data.at(-1)?.id).toBe(never.id)
    // Owners: the seed's fleet customers (example.net) and the two added above (example.com).
    const expected = {
      email: ['aaron.owner@example.com', 'chloe.brown@example.net'],
      '-email': ['noah.kelly@example.net', 'mia.williams@example.net'],
    }
    for (const [sorts, emails] of Object.entries(expected)) {
      const first = await agents({ sorts, per_page: 2 }, 'engineer', fresh)
      expect(first.data.map((row) => row.email?.toLowerCase())).toEqual(emails)
      const last = await agents({ sorts, page: 2 }, 'engineer', fresh)
      expect(last.data.at(-1)?.email).toBeNull()
    }
  })

  it('keeps one order while pages are appended; no-cache reads it again', async () => {
    const first = await agents({ sorts: '-last_seen' })
    const onFirst = new Set(first.data.map((row) => row.id))
    const later = panel3().find((unit) => !onFirst.has(unit.id))
    if (!later) throw new Error('no unit past page 1')
    // A unit of page 2 reports now: a fresh order would move it to page 1 and push one to page 2.
    await t.db.execute(
      sql`UPDATE units SET last_seen = now() + interval '1 hour' WHERE id = ${later.id}`,
    )
    const second = await agents({ sorts: '-last_seen', page: 2 })
    const ids = [...first.data, ...second.data].map((row) => row.id)
    expect(new Set(ids).size).toBe(panel3().length)
    expect(second.data.map((row) => row.id)).toContain(later.id)
    const refreshed = await agents({ sorts: '-last_seen' }, 'engineer', {
      'cache-control': 'no-cache',
    })
    expect(refreshed.data[0]?.id).toBe(later.id)
  })

  it('drops a unit that left the panel from a kept order at once', async () => {
    const page = await agents({ sorts: 'mac', per_page: 5 })
    const moved = page.data[2]
    if (!moved) throw new Error('no row')
    await t.db.execute(sql`UPDATE units SET panel_id = 2 WHERE id = ${moved.id}`)
    try {
      const again = await agents({ sorts: 'mac', per_page: 5 })
      expect(again.data.map((row) => row.id)).not.toContain(moved.id)
      expect(again.data.every((row) => row.panel_id === 3)).toBe(true)
    } finally {
      await t.db.execute(sql`UPDATE units SET panel_id = 3 WHERE id = ${moved.id}`)
    }
  })

  it('includes lmap_config when asked for', async () => {
    const body = await agents({ include: 'lmap_config', per_page: 5 })
    for (const row of body.data) {
      expect(row.lmap_config).toEqual(
        lmapConfigOf({ owned: row.email !== null, connection: 'fibre' }),
      )
    }
  })

  it('filters by id, email, MAC and serial, and the filters combine', async () => {
    const other = panel3()[10]
    if (!other) throw new Error('no unit')
    const ids = async (params: Record<string, string | number | undefined>) =>
      (await agents(params)).data.map((row) => row.id)
    expect(await ids({ id: owned3.id })).toEqual([owned3.id])
    expect(await ids({ email: (owned3.email ?? '').toUpperCase() })).toEqual([owned3.id])
    expect(await ids({ mac: owned3.mac.toLowerCase().replaceAll(':', '-') })).toEqual([owned3.id])
    expect(await ids({ serial: owned3.serial.toLowerCase() })).toEqual([owned3.id])
    expect(await ids({ id: owned3.id, mac: owned3.mac, email: owned3.email ?? '' })).toEqual([
      owned3.id,
    ])
    expect(await ids({ id: owned3.id, mac: other.mac })).toEqual([])
    const page = await agents({ id: other.id, email: owned3.email ?? '' })
    expect(page.data).toEqual([])
    expect(page.meta.pagination).toMatchObject({ total: 0, count: 0, total_pages: 1 })
    const prefix = await agents({ serial: 'WB00', per_page: 50, page: 2 })
    expect(prefix.meta.pagination.total).toBe(panel3().length)
  })

  it('never lists a unit of another panel, whatever the filter', async () => {
    for (const unit of otherPanels()) {
      for (const filter of [
        { id: unit.id },
        { mac: unit.mac },
        { serial: unit.serial },
        ...(unit.email ? [{ email: unit.email }] : []),
      ]) {
        const body = await agents(filter)
        expect(body.data, JSON.stringify(filter)).toEqual([])
      }
    }
    const { rows } = await allPages('-last_seen')
    expect(rows.every((row) => row.panel_id === 3)).toBe(true)
  })

  it('gives global access any panel, and 404 for a panel that does not exist', async () => {
    const body = await agents({ panelId: 2 }, 'staff')
    expect(body.data.map((row) => row.id)).toEqual(
      all.filter((unit) => unit.panelId === 2).map((unit) => unit.id),
    )
    expectRefusal(await get('/panels/999/agents', 'staff'), 404, { code: 'NOT_FOUND' })
    // A panel that exists but holds nothing that matches: an empty page, not 404.
    expect((await agents({ panelId: 2, id: owned3.id }, 'staff')).data).toEqual([])
  })

  it('refuses without a token (401)', async () => {
    expectRefusal(await get('/panels/3/agents', null), 401, { code: 'UNAUTHENTICATED' })
  })

  it("lists every panel's units at /agents for global access only", async () => {
    const response = await get(`/agents?${q({ per_page: 50, email: owned2.email ?? '' })}`, 'staff')
    expect(response.statusCode, response.body).toBe(200)
    expect(v.parse(AgentPageSchema, response.json()).data.map((row) => row.id)).toEqual([owned2.id])
    const page = v.parse(AgentPageSchema, (await get('/agents', 'staff')).json())
    expect(page.meta.pagination.total).toBe(all.length)
    for (const account of ['engineer', 'analyst', 'consumer'] as const) {
      expectRefusal(await get(`/agents?${q({ id: owned3.id })}`, account), 403, FORBIDDEN)
    }
  })

  it.each([...NO_PANEL_GRANT, { account: 'admin', panelId: 2 }] as const)(
    'refuses $account on panel $panelId (403)',
    async ({ account, panelId }) => {
      expectRefusal(await get(`/panels/${panelId}/agents`, account), 403, FORBIDDEN)
    },
  )

  it.each([
    { url: '/panels/x/agents', errors: { panelId: ['INVALID'] } },
    { url: '/panels/3/agents?per_page=51', errors: { per_page: ['INVALID'] } },
    { url: '/panels/3/agents?per_page=0', errors: { per_page: ['INVALID'] } },
    { url: '/panels/3/agents?page=0', errors: { page: ['INVALID'] } },
    { url: '/panels/3/agents?page=1.5', errors: { page: ['INVALID'] } },
    { url: '/panels/3/agents?sorts=name', errors: { 'sorts.0': ['INVALID'] } },
    { url: '/panels/3/agents?sorts=--id', errors: { 'sorts.0': ['INVALID'] } },
    { url: '/panels/3/agents?sorts=id,-id', errors: { sorts: ['INVALID'] } },
    { url: '/panels/3/agents?include=user', errors: { 'include.0': ['INVALID'] } },
    { url: '/panels/3/agents?id=abc', errors: { id: ['INVALID'] } },
    { url: '/panels/3/agents?mac=aa:bb:cc', errors: { mac: ['INVALID'] } },
    { url: '/panels/3/agents?email=someone', errors: { email: ['INVALID'] } },
    {
      url: '/panels/3/agents?serial=',
      errors: { serial: ['LENGTH_MIN'] },
      values: { serial: { LENGTH_MIN: 1 } },
    },
  ])('answers 400 for $url', async ({ url, errors, values }) => {
    expectRefusal(await get(url, 'engineer'), 400, {
      code: 'VALIDATION_FAIL',
      errors,
      ...(values && { values }),
    })
  })

  it.each<AgentSort>(['-last_seen', 'email'])('accepts the sort %s', async (sorts) => {
    expect((await agents({ sorts, per_page: 1 })).data).toHaveLength(1)
  })
})

describe('the agents order (repository)', () => {
  const selection = (sorts: AgentSort[]): AgentOrderQuery => ({ panelId: 3, filters: [], sorts })
  const orderOf = async (sorts: AgentSort[]) =>
    Array.from((await agentOrder(t.db, selection(sorts), 50_000)) ?? [])

  it.each<AgentSort[]>([['id'], ['-last_seen'], ['email'], ['-isp', 'last_seen'], ['package']])(
    'pages in the database (selections past the cap) exactly like the kept order: %s',
    async (...sorts) => {
      const order = await orderOf(sorts)
      for (const [page, perPage] of [
        [1, 50],
        [2, 50],
        [3, 7],
        [99, 50],
      ] as const) {
        const { rows, total } = await listAgentsPage(t.db, { ...selection(sorts), page, perPage })
        expect(total).toBe(order.length)
        expect(rows.map((row) => row.id)).toEqual(order.slice((page - 1) * perPage, page * perPage))
      }
    },
  )

  it('answers null past the cap', async () => {
    expect(await agentOrder(t.db, selection(['id']), panel3().length)).not.toBeNull()
    expect(await agentOrder(t.db, selection(['id']), panel3().length - 1)).toBeNull()
  })

  it('returns rows in the order of the ids given', async () => {
    const ids = panel3()
      .slice(0, 5)
      .map((unit) => unit.id)
      .reverse()
    expect((await agentRows(t.db, 3, ids)).map((row) => row.id)).toEqual(ids)
    expect(await agentRows(t.db, 2, ids)).toEqual([])
  })

  it('keeps an order for ttlMs, per selection, at most maxEntries of them', async () => {
    let clock = 0
    const cache = createAgentOrderCache({ ttlMs: 1000, maxEntries: 1, maxIds: 50_000 }, () => clock)
    const unit = panel3()[40]
    if (!unit) throw new Error('no unit')
    const bump = (ms: number) =>
      t.db.execute(
        sql`UPDATE units SET last_seen = now() + ${`${ms} milliseconds`}::interval WHERE id = ${unit.id}`,
      )
    const head = async () => (await cache.get(t.db, selection(['-last_seen'])))?.[0]
    await bump(3 * 3_600_000)
    expect(await head()).toBe(unit.id)
    await bump(-30 * 86_400_000)
    clock = 999
    expect(await head()).toBe(unit.id)
    clock = 1000
    expect(await head()).not.toBe(unit.id)
    // One entry at most: asking for another selection forgets the first.
    await bump(4 * 3_600_000)
    clock = 1500
    await cache.get(t.db, selection(['id']))
    expect(await head()).toBe(unit.id)
    await bump(-30 * 86_400_000)
    expect(await head()).toBe(unit.id)
    expect((await cache.get(t.db, selection(['-last_seen']), true))?.[0]).not.toBe(unit.id)
  })
})

describe('GET units/{id}', () => {
  const ALL = 'panel,isp,user,environment,package,location.timezone,address,geo_data,lmap_config'

  async function detail(id: number, as: DemoAccount = 'engineer', include = ALL) {
    const response = await get(`/units/${id}?include=${include}`, as)
    expect(response.statusCode, response.body).toBe(200)
    return v.parse(UnitDetailResponseSchema, response.json()).data
  }

  it('gives the engineer a panel-3 unit with every include', async () => {
    const data = await detail(owned3.id)
    expect(data).toMatchObject({
      id: owned3.id,
      mac: owned3.mac,
      serial_number: owned3.serial,
      panel_id: 3,
      panel: { pid: 3, front_name: 'Southern Cross Constant Care' },
      user: { email: 'Field.Owner@Example.com', first_name: 'Zoe', last_name: 'Owner' },
      lmap_config: lmapConfigOf({ owned: true, connection: 'fibre' }),
    })
    expect(data.isp?.name).toEqual(expect.any(String))
    expect(data.package?.download_kbps).toBeGreaterThan(0)
    expect(data.location?.timezone).toEqual(expect.any(String))
    expect(data.environment).toEqual(expect.any(Object))
    expect(data.offline_status.id).toBe(owned3.id)
  })

  it('answers only the parts asked for', async () => {
    const data = await detail(owned3.id, 'engineer', 'panel')
    expect(data.panel).toEqual({ pid: 3, front_name: 'Southern Cross Constant Care' })
    for (const key of [
      'isp',
      'user',
      'environment',
      'package',
      'location',
      'address',
      'lmap_config',
    ]) {
      expect(data).not.toHaveProperty(key)
    }
    const bare = await detail(owned3.id, 'engineer', '')
    expect(Object.keys(bare).sort()).toEqual(
      [
        'id',
        'mac',
        'serial_number',
        'label',
        'panel_id',
        'is_tt_compatible',
        'last_seen',
        'offline_status',
      ].sort(),
    )
  })

  it('computes offline_status from last_seen, open disconnections and the external mark', async () => {
    const unit = panel3()[12]
    if (!unit) throw new Error('no unit')
    const set = (seenMsAgo: number, external = false) =>
      t.db.execute(sql`UPDATE units SET last_seen = ${new Date(Date.now() - seenMsAgo)},
        offline_externally = ${external}, offline_message = ${external ? 'Maintenance' : null}
        WHERE id = ${unit.id}`)
    await t.db.execute(sql`DELETE FROM disconnections WHERE unit_id = ${unit.id}`)

    await set(60_000)
    expect((await detail(unit.id)).offline_status).toMatchObject({ offline: false })
    await set(OFFLINE_AFTER_MS + 60_000)
    expect((await detail(unit.id)).offline_status).toMatchObject({ offline: true })
    await set(60_000, true)
    expect((await detail(unit.id)).offline_status).toMatchObject({
      offline: true,
      offlineMessage: 'Maintenance',
    })
    await set(60_000)
    await t.db.insert(disconnections).values({
      unitId: unit.id,
      startDtime: new Date(Date.now() - 5 * 60_000),
      isUnreliable: true,
    })
    expect((await detail(unit.id)).offline_status).toMatchObject({
      offline: true,
      isUnreliable: true,
    })
  })

  it('refuses without a token (401)', async () => {
    expectRefusal(await get(`/units/${owned3.id}`, null), 401, { code: 'UNAUTHENTICATED' })
  })

  it('answers the same 403 for a unit of another panel and for a unit that does not exist', async () => {
    for (const unit of otherPanels()) {
      expectRefusal(await get(`/units/${unit.id}?include=${ALL}`, 'engineer'), 403, FORBIDDEN)
    }
    expectRefusal(await get('/units/987654', 'engineer'), 403, FORBIDDEN)
  })

  it.each(['consumer', 'volunteer', 'analyst', 'admin'] as const)(
    'refuses %s, whose grants hold no test_view (403), also for their own unit',
    async (account) => {
      expectRefusal(await get(`/units/${owned3.id}`, account), 403, FORBIDDEN)
      expectRefusal(await get('/units/1', account), 403, FORBIDDEN)
      expectRefusal(await get('/units/987654', account), 403, FORBIDDEN)
    },
  )

  it('gives global access any unit, and 404 only to it for a unit that does not exist', async () => {
    expect((await detail(owned2.id, 'staff')).user?.email).toBe('panel2.owner@example.com')
    expectRefusal(await get('/units/987654', 'staff'), 404, { code: 'NOT_FOUND' })
  })

  it('serves a unit in no panel to global access only', async () => {
    const unit = panel3()[20]
    if (!unit) throw new Error('no unit')
    await t.db.execute(sql`UPDATE units SET panel_id = NULL WHERE id = ${unit.id}`)
    try {
      expectRefusal(await get(`/units/${unit.id}`, 'engineer'), 403, FORBIDDEN)
      const data = await detail(unit.id, 'staff', 'panel')
      expect(data).toMatchObject({ panel_id: null, panel: null })
    } finally {
      await t.db.execute(sql`UPDATE units SET panel_id = 3 WHERE id = ${unit.id}`)
    }
  })

  it.each([
    { url: '/units/abc', errors: { id: ['INVALID'] } },
    { url: '/units/99999999999', errors: { id: ['INVALID'] } },
    { url: '/units/1?include=owner', errors: { 'include.0': ['INVALID'] } },
    { url: '/units/1?include=location', errors: { 'include.0': ['INVALID'] } },
  ])('answers 400 for $url', async ({ url, errors }) => {
    expectRefusal(await get(url, 'engineer'), 400, { code: 'VALIDATION_FAIL', errors })
  })
})
