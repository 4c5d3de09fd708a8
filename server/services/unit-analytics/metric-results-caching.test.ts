/**
 * The answer cache of POST metric_results through the whole app: hits, invalidation by the write
 * path of instant tests, and the grant check that runs before any cached answer is sent.
 * A measurement inserted straight into the database (not through a write path, so no version
 * bump) is the probe: an answer that does not show it came from the cache.
 */
import { randomUUID } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../../contracts/instant-test.ts'
import { MetricResultsResponseSchema } from '../../../contracts/unit-analytics.ts'
import type { DemoAccount } from '../../db/demo-accounts.ts'
import { users } from '../../db/schema.ts'
import { makeInstantTestReady } from '../../test/fixtures.ts'
import { bearer, errorBody, signIn, useTestApp } from '../../test/helpers.ts'
import { createInstantTestService } from '../trigger-testing/service.ts'

const CONSUMER_UNIT = 1
/** A unit of panel 3, readable by staff (global access) only among the accounts used here. */
const OTHER_UNIT = 35

const t = useTestApp()
const tokens = new Map<DemoAccount, string>()
const userIds = new Map<DemoAccount, number>()
const now = Date.now()

beforeAll(async () => {
  for (const account of ['consumer', 'engineer', 'staff'] as const) {
    tokens.set(account, (await signIn(t.app, account)).accessToken.token)
    const [row] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `${account}@example.com`))
    if (row) userIds.set(account, row.id)
  }
})

/** A raw day of download up to a few minutes ahead; `minutes` makes distinct cache keys. */
function dayOfDownload(minutes: number) {
  return {
    date: {
      from: new Date(now - 86_400_000).toISOString(),
      to: new Date(now + minutes * 60_000).toISOString(),
    },
    aggregation: 'raw' as const,
    metric: 'httpgetmt' as const,
  }
}

function post(
  unitId: number,
  body: unknown,
  as: DemoAccount | null,
  acceptEncoding?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/unit-analytics/${unitId}/metric_results`,
    headers: {
      ...(as ? bearer(tokens.get(as) ?? '') : {}),
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
    payload: body as object,
  })
}

const testIdsOf = (response: LightMyRequestResponse) =>
  v.parse(MetricResultsResponseSchema, response.json()).data.results.map((point) => point.testId)

/** A download result written behind the server's back (no data version bump). */
async function sneakIn(unitId: number): Promise<string> {
  const testId = randomUUID()
  await t.db.execute(sql`
    INSERT INTO measurements (unit_id, metric_key, dtime, value, status, bytes, test_id)
    VALUES (${unitId}, 'httpgetmt', ${new Date(now - 5 * 60_000).toISOString()}::timestamptz,
            123.45, 'OK', 1000, ${testId}::uuid)`)
  return testId
}

/** The unit passes every instant-test check (this file's own database). */
function makeReady(unitId: number): Promise<void> {
  return makeInstantTestReady(t.db, unitId)
}

/** Runs an instant test the way the websocket does (service start → simulated run → stored). */
async function runInstantTest(account: DemoAccount, unitId: number): Promise<string> {
  await makeReady(unitId)
  const service = createInstantTestService(t.db, t.app.log, { speedFactor: 1000 })
  const finished = new Promise<ServerMessage>((resolve) => {
    void service.start(
      userIds.get(account) ?? 0,
      { type: 'start', unitId, origin: 'web_app' },
      (message) => {
        if (message.type === 'result' || message.type === 'error') resolve(message)
      },
    )
  })
  const message = await finished
  if (message.type !== 'result') throw new Error(`instant test ended with ${message.type}`)
  return message.testId
}

describe('POST metric_results answer cache', () => {
  it('answers a repeated request from the cache with the same bytes and headers', async () => {
    const body = dayOfDownload(1)
    const miss = await post(CONSUMER_UNIT, body, 'consumer')
    expect(miss.statusCode).toBe(200)
    const sneaked = await sneakIn(CONSUMER_UNIT)
    const hit = await post(CONSUMER_UNIT, body, 'consumer')
    expect(hit.statusCode).toBe(200)
    expect(hit.body).toBe(miss.body)
    expect(hit.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(hit.headers['content-type']).toBe(miss.headers['content-type'])
    expect(hit.headers['cache-control']).toBe(miss.headers['cache-control'])
    // The probe is there for an answer that is computed: the hit above was the cache's.
    const computed = await post(CONSUMER_UNIT, dayOfDownload(2), 'consumer')
    expect(testIdsOf(computed)).toContain(sneaked)
    expect(testIdsOf(hit)).not.toContain(sneaked)
  })

  it.each([
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
  ] as const)(
    'answers a browser asking %j in %s, the same JSON as sent plain',
    async (acceptEncoding, encoding, decode) => {
      const body = { ...dayOfDownload(10), aggregation: 'hourly' as const }
      const plain = await post(CONSUMER_UNIT, body, 'consumer')
      const encoded = await post(CONSUMER_UNIT, body, 'consumer', acceptEncoding)
      expect(encoded.statusCode).toBe(200)
      expect(encoded.headers['content-encoding']).toBe(encoding)
      expect(encoded.headers.vary).toMatch(/accept-encoding/i)
      expect(plain.headers.vary).toMatch(/accept-encoding/i)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(encoded.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 3)
      expect(decode(encoded.rawPayload).toString()).toBe(plain.body)
    },
  )

  it('refuses a caller without the grant before any encoded answer is sent', async () => {
    const body = { ...dayOfDownload(11), aggregation: 'hourly' as const }
    expect((await post(OTHER_UNIT, body, 'staff', 'br')).statusCode).toBe(200)
    const refused = await post(OTHER_UNIT, body, 'consumer', 'br')
    expect(refused.statusCode).toBe(403)
    expect(refused.headers['content-encoding']).toBeUndefined()
  })

  it('serves the answer another reader cached (the key is the request, not the caller)', async () => {
    const body = dayOfDownload(3)
    const consumer = await post(CONSUMER_UNIT, body, 'consumer')
    const sneaked = await sneakIn(CONSUMER_UNIT)
    const staff = await post(CONSUMER_UNIT, body, 'staff')
    expect(staff.statusCode).toBe(200)
    expect(staff.body).toBe(consumer.body)
    expect(testIdsOf(staff)).not.toContain(sneaked)
  })

  it.each([
    { who: 'a signed-in caller without a grant on the unit', as: 'engineer', status: 403 },
    { who: 'an anonymous caller', as: null, status: 401 },
  ] as const)('refuses $who ($status) although the answer is cached', async ({ as, status }) => {
    const body = dayOfDownload(4)
    expect((await post(CONSUMER_UNIT, body, 'consumer')).statusCode).toBe(200)
    const refused = await post(CONSUMER_UNIT, body, as)
    expect(refused.statusCode).toBe(status)
    expect(refused.body).not.toContain('"results"')
    expect(errorBody(refused).code).toBe(status === 403 ? 'FORBIDDEN' : 'UNAUTHENTICATED')
  })

  it("shows an instant test's results in the next answer (the store bumps the unit)", async () => {
    const body = dayOfDownload(10)
    const before = await post(CONSUMER_UNIT, body, 'consumer')
    const sneaked = await sneakIn(CONSUMER_UNIT)
    const testId = await runInstantTest('consumer', CONSUMER_UNIT)
    const after = await post(CONSUMER_UNIT, body, 'consumer')
    expect(after.statusCode).toBe(200)
    expect(testIdsOf(before)).not.toContain(testId)
    expect(testIdsOf(after)).toContain(testId)
    // Recomputed from the database, not patched: the probe written meanwhile shows too.
    expect(testIdsOf(after)).toContain(sneaked)
  })

  it("keeps a unit's cached answers when another unit stores results", async () => {
    const body = dayOfDownload(20)
    const before = await post(CONSUMER_UNIT, body, 'consumer')
    const sneaked = await sneakIn(CONSUMER_UNIT)
    const otherTest = await runInstantTest('staff', OTHER_UNIT)
    const after = await post(CONSUMER_UNIT, body, 'consumer')
    expect(after.body).toBe(before.body)
    expect(testIdsOf(after)).not.toContain(sneaked)
    // The other unit's own answer does show its new result.
    const other = await post(OTHER_UNIT, body, 'staff')
    expect(testIdsOf(other)).toContain(otherTest)
  })
})
