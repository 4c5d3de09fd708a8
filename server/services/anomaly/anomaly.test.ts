import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  AnomalyCollectionListSchema,
  AnomalyCollectionResponseSchema,
  AnomalyResponseSchema,
} from '../../../contracts/anomalies.ts'
import type { DemoAccount } from '../../db/demo-accounts.ts'
import { ENTERPRISE_PANEL, seedEnterpriseFleet } from '../../db/seed-enterprise.ts'
import { grants } from '../../db/schema.ts'
import { fleetUnit, type FleetPackage } from '../../db/synthetic/enterprise-fleet.ts'
import { grantsChanged } from '../../plugins/auth.ts'
import { bearer, errorBody, signIn, useTestApp } from '../../test/helpers.ts'
import { detectPanel } from './detector.ts'

const t = useTestApp()
/** engineer@example.com. */
const ENGINEER = 3
const PID = ENTERPRISE_PANEL.pid
const UNITS = 500
const tokens = new Map<DemoAccount, string>()
/** The two hub sites with the most of the fleet's units: one slows now, one lost packets. */
let slow = ''
let lossy = ''

const DAY_MS = 86_400_000
const ymd = (date: Date) => date.toISOString().slice(0, 10)

beforeAll(async () => {
  const { rows: packages } = await t.db.execute<FleetPackage>(
    sql`SELECT p.id, i.name AS isp, i.id AS "ispId", p.name FROM packages p JOIN isps i ON i.id = p.isp_id ORDER BY p.id`,
  )
  const hubs = new Map<string, number>()
  for (let i = 0; i < UNITS; i += 1) {
    const { hubSite } = fleetUnit(i, packages)
    hubs.set(hubSite, (hubs.get(hubSite) ?? 0) + 1)
  }
  ;[slow = '', lossy = ''] = [...hubs].sort((a, b) => b[1] - a[1]).map(([hub]) => hub)
  const now = new Date()
  await seedEnterpriseFleet(t.db, {
    now,
    units: UNITS,
    days: 45,
    rawDays: 0,
    incidents: [
      // From three days ago on (UTC days: the test asks for no local-day precision).
      {
        hubSite: slow,
        metrics: ['httpgetmt'],
        from: ymd(new Date(now.getTime() - 4 * DAY_MS)),
        to: null,
        factor: 0.4,
      },
      {
        hubSite: lossy,
        metrics: ['udpPacketLoss'],
        from: ymd(new Date(now.getTime() - 20 * DAY_MS)),
        to: ymd(new Date(now.getTime() - 17 * DAY_MS)),
        factor: 20,
      },
    ],
  })
  await detectPanel(t.db, PID)
  // The engineer may view anomalies on panel 3 only.
  await t.db.insert(grants).values({
    userId: ENGINEER,
    resource: 'anomaly-detection',
    permission: 'view',
    scope: { panel: 3 },
  })
  grantsChanged()
  for (const account of ['consumer', 'engineer', 'analyst', 'staff'] as const) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
  }
}, 120_000)

function get(url: string, as: DemoAccount | null) {
  return t.app.inject({
    method: 'GET',
    url: `/api/anomaly${url}`,
    headers: as === null ? {} : bearer(tokens.get(as) ?? ''),
  })
}

async function inbox(query: string, as: DemoAccount = 'analyst') {
  const response = await get(`/panels/${String(PID)}/collections?${query}`, as)
  expect(response.statusCode).toBe(200)
  return v.parse(AnomalyCollectionListSchema, response.json())
}

const ACTIVE = 'state[]=new&state[]=ongoing'

describe('the detector over the fleet', () => {
  it('finds the slow hub going on and the lossy one closed', async () => {
    const active = await inbox(ACTIVE)
    const slowOne = active.data.find((c) => c.metadata.hub_site === slow)
    expect(slowOne).toMatchObject({ state: 'ongoing', closed_at: null })
    expect(slowOne?.anomalies).toEqual([
      expect.objectContaining({
        type: 'measurement',
        metric: 'download',
        state: 'ongoing',
        unit: 'Mbps',
      }),
    ])
    const [download] = slowOne?.anomalies ?? []
    expect(download?.value).toBeLessThan(0.5 * (download?.baseline ?? 0))
    expect(active.data.some((c) => c.metadata.hub_site === lossy)).toBe(false)

    const closed = await inbox('state[]=closed')
    const lossyOne = closed.data.find((c) => c.metadata.hub_site === lossy)
    expect(lossyOne?.anomalies).toEqual([
      expect.objectContaining({ type: 'measurement', metric: 'packet_loss', state: 'closed' }),
    ])
    expect(lossyOne?.closed_at).not.toBeNull()
  })

  it('finds nothing else in a fleet where nothing else went wrong', async () => {
    const all = await inbox('state[]=new&state[]=ongoing&state[]=closed&per_page=100')
    console.log(
      JSON.stringify(
        all.data.map((c) => [
          c.metadata.hub_site,
          c.state,
          c.first_seen.slice(0, 10),
          c.last_seen.slice(0, 10),
          c.units,
          c.anomalies.map((a) => [a.type, a.metric, a.value, a.baseline]),
        ]),
      ),
    )
    expect(all.data.map((c) => c.metadata.hub_site).sort()).toEqual([lossy, slow].sort())
  })

  it('updates what it found before when it runs again', async () => {
    const before = await inbox(ACTIVE)
    const report = await detectPanel(t.db, PID)
    expect(report.collections).toBe(2)
    const after = await inbox(ACTIVE)
    expect(after.data.map((c) => c.id)).toEqual(before.data.map((c) => c.id))
  })

  it('closes what it no longer finds', async () => {
    const { rows } = await t.db.execute<{ id: number }>(sql`
      INSERT INTO anomaly_collections (panel_id, area, state, first_seen, last_seen, metadata)
      VALUES (${PID}, 'GONE-HUB-01', 'ongoing', now() - interval '3 days', now() - interval '1 day', '{"hub_site":"GONE-HUB-01"}')
      RETURNING id`)
    await detectPanel(t.db, PID)
    const response = await get(`/collections/${String(rows[0]?.id)}`, 'analyst')
    expect(v.parse(AnomalyCollectionResponseSchema, response.json()).data.state).toBe('closed')
  })
})

describe('GET /panels/{pid}/collections', () => {
  it('lists the outages the unit pages report, by MAC domain (panel 1)', async () => {
    const response = await get('/panels/1/collections?state[]=ongoing&state[]=closed', 'staff')
    const body = v.parse(AnomalyCollectionListSchema, response.json())
    expect(body.data.map((c) => c.state)).toEqual(['ongoing', 'closed'])
    for (const collection of body.data) {
      expect(collection.metadata.mac_domain).not.toBeNull()
      expect(collection.anomalies).toEqual([
        expect.objectContaining({ type: 'outage', metric: 'outage', value: null, unit: null }),
      ])
    }
  })

  it('searches the area and the anomalies, and pages newest first', async () => {
    const bySearch = await inbox(`${ACTIVE}&state[]=closed&search=${encodeURIComponent(slow)}`)
    expect(bySearch.data.map((c) => c.metadata.hub_site)).toEqual([slow])
    const byMetric = await inbox('state[]=closed&search=packet%20loss')
    expect(byMetric.data.map((c) => c.metadata.hub_site)).toEqual([lossy])
    const first = await inbox('state[]=ongoing&state[]=closed&per_page=1')
    expect(first.meta.pagination).toMatchObject({ total: 3, total_pages: 3, per_page: 1 })
    const second = await inbox('state[]=ongoing&state[]=closed&per_page=1&page=2')
    expect(Date.parse(second.data[0]?.first_seen ?? '')).toBeLessThanOrEqual(
      Date.parse(first.data[0]?.first_seen ?? ''),
    )
    const oldestFirst = await inbox('state[]=ongoing&state[]=closed&per_page=1&sorts=first_seen')
    expect(oldestFirst.data[0]?.metadata.hub_site).toBe(lossy)
  })

  it('has 20 to a page by default', async () => {
    const body = await inbox(ACTIVE)
    expect(body.meta.pagination.per_page).toBe(20)
  })

  it('leaves out what closed more than 30 days ago', async () => {
    await t.db.execute(sql`
      INSERT INTO anomaly_collections (panel_id, area, state, first_seen, last_seen, closed_at, metadata)
      VALUES (${PID}, 'OLD-HUB-01', 'closed', now() - interval '40 days', now() - interval '32 days',
              now() - interval '31 days', '{"hub_site":"OLD-HUB-01"}'),
             (${PID}, 'RECENT-HUB-01', 'closed', now() - interval '12 days', now() - interval '10 days',
              now() - interval '9 days', '{"hub_site":"RECENT-HUB-01"}')`)
    const closed = await inbox('state[]=closed&per_page=100')
    const hubs = closed.data.map((c) => c.metadata.hub_site)
    expect(hubs).toContain('RECENT-HUB-01')
    expect(hubs).not.toContain('OLD-HUB-01')
  })

  it.each([
    ['an unknown state', 'state[]=open'],
    ['a page size over 100', 'per_page=101'],
    ['page 0', 'page=0'],
    ['an unknown sort', 'sorts=-units'],
    ['a blank search', 'search=%20'],
    ['a search over 100 characters', `search=${'x'.repeat(101)}`],
  ])('refuses %s (400)', async (_, query) => {
    const response = await get(`/panels/${String(PID)}/collections?${query}`, 'analyst')
    expect(response.statusCode).toBe(400)
  })

  it.each([
    [null, 401],
    ['consumer', 403],
    ['engineer', 403],
  ] as const)('refuses %s on the fleet panel (%i)', async (as, status) => {
    const response = await get(`/panels/${String(PID)}/collections`, as)
    expect(response.statusCode).toBe(status)
  })

  it('lets global access through on any panel', async () => {
    const body = await inbox(ACTIVE, 'staff')
    expect(body.data.some((c) => c.metadata.hub_site === slow)).toBe(true)
  })
})

describe("a unit's anomalies in progress (unit analytics)", () => {
  it('lists the anomalies of its hub site, with their collection', async () => {
    const { rows } = await t.db.execute<{ unit_id: number }>(
      sql`SELECT unit_id FROM unit_attributes WHERE hub_site = ${slow} ORDER BY unit_id LIMIT 1`,
    )
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/unit-analytics/${String(rows[0]?.unit_id)}/anomalies_in_progress`,
      // Staff: the analyst charts the panel but does not open its units.
      headers: bearer(tokens.get('staff') ?? ''),
    })
    const active = await inbox(ACTIVE)
    const collection = active.data.find((c) => c.metadata.hub_site === slow)
    expect(response.json()).toMatchObject({
      data: {
        anomaliesInProgress: [
          { type: 'measurement', metric: 'download', collectionId: collection?.id },
        ],
        macDomainOutage: false,
      },
    })
  })
})

describe('GET /collections/{id} and its anomalies', () => {
  async function slowCollection() {
    const body = await inbox(ACTIVE)
    const found = body.data.find((c) => c.metadata.hub_site === slow)
    if (!found) throw new Error('no slow collection')
    return found
  }

  it('answers one collection with its anomalies', async () => {
    const collection = await slowCollection()
    const response = await get(`/collections/${String(collection.id)}`, 'analyst')
    expect(response.statusCode).toBe(200)
    expect(v.parse(AnomalyCollectionResponseSchema, response.json()).data).toEqual(collection)
  })

  it('answers an anomaly with its trend only when asked', async () => {
    const collection = await slowCollection()
    const anomalyId = collection.anomalies[0]?.id ?? 0
    const plain = await get(
      `/collections/${String(collection.id)}/anomalies/${String(anomalyId)}`,
      'analyst',
    )
    expect(v.parse(AnomalyResponseSchema, plain.json()).data.trend).toBeUndefined()
    const withTrend = await get(
      `/collections/${String(collection.id)}/anomalies/${String(anomalyId)}?include=trend`,
      'analyst',
    )
    const trend = v.parse(AnomalyResponseSchema, withTrend.json()).data.trend ?? []
    // Two weeks before the first day, then every day to the latest.
    expect(trend.length).toBeGreaterThanOrEqual(17)
    const last = trend.at(-1)
    expect(last?.value).toBeLessThan(0.5 * (last?.baseline ?? 0))
  })

  it.each([
    [
      'a collection on a panel the caller may not view',
      'engineer',
      (id: number) => `/collections/${String(id)}`,
    ],
    ['a collection that does not exist', 'analyst', () => '/collections/999999'],
    [
      'an anomaly of another collection',
      'analyst',
      (id: number) => `/collections/${String(id)}/anomalies/999999`,
    ],
    [
      'an anomaly on a panel the caller may not view',
      'engineer',
      (id: number) => `/collections/${String(id)}/anomalies/1`,
    ],
  ] as const)('answers %s as not found', async (_, as, url) => {
    const collection = await slowCollection()
    const response = await get(url(collection.id), as)
    expect(response.statusCode).toBe(404)
    expect(errorBody(response).code).toBe('ANOMALY_NOT_FOUND')
  })

  it.each([
    ['a consumer', 'consumer', 403],
    ['nobody signed in', null, 401],
  ] as const)('refuses %s', async (_, as, status) => {
    const collection = await slowCollection()
    expect((await get(`/collections/${String(collection.id)}`, as)).statusCode).toBe(status)
  })

  it('refuses a bad include or id (400)', async () => {
    const collection = await slowCollection()
    expect(
      (await get(`/collections/${String(collection.id)}/anomalies/1?include=all`, 'analyst'))
        .statusCode,
    ).toBe(400)
    expect((await get('/collections/abc', 'analyst')).statusCode).toBe(400)
  })
})
