import { and, eq } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import type pg from 'pg'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import {
  InstantTestHistoryResponseSchema,
  ServerMessageSchema,
  type ServerMessage,
} from '../../../contracts/instant-test.ts'
import { serverOptions } from '../../app.ts'
import { createDb, createPool, type Db } from '../../db/client.ts'
import type { DemoAccount } from '../../db/demo-accounts.ts'
import {
  consumerConfigs,
  disconnections,
  instantTests,
  measurements,
  packages,
  units,
  users,
} from '../../db/schema.ts'
import { installErrorHandler } from '../../errors.ts'
import { access } from '../../plugins/access.ts'
import { auth, createAccessTokens } from '../../plugins/auth.ts'
import { database } from '../../plugins/db.ts'
import {
  bearer,
  cloneTemplate,
  createTestApp,
  errorBody,
  signIn,
  testEnv,
  type TestApp,
} from '../../test/helpers.ts'
import { makeInstantTestReady } from '../../test/fixtures.ts'
import { databaseUrl } from '../../test/settings.ts'
import { triggerTestingRoutes, type TriggerTestingOptions } from './routes.ts'

const CONSUMER_UNIT = 1
const MULTI_UNIT = 2
/** The first unit of panel 3 (the engineer's panel): personal 6 + panel 1's 12 + panel 2's 16 + 1. */
const PANEL3_UNIT = 35
const MISSING_UNIT = 999_999
const MAX_RUNNING = 3

type Instance = { app: FastifyInstance; url: string }

/** The trigger-testing service as app.ts composes it, listening, with test options. */
async function startInstance(db: Db, options: TriggerTestingOptions): Promise<Instance> {
  const env = testEnv()
  const app = Fastify(serverOptions(env, false))
  installErrorHandler(app)
  await app.register(database, { db })
  await app.register(auth, {
    jwtSecret: env.JWT_SECRET ?? '',
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
  })
  await app.register(access)
  await app.register(triggerTestingRoutes, { prefix: '/api/trigger-testing', ...options })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, url: `${address.replace('http', 'ws')}/api/trigger-testing/ws` }
}

let pool: pg.Pool
let db: Db
let main: Instance
const ids = new Map<DemoAccount, { id: number; sub: string }>()

beforeAll(async () => {
  const name = await cloneTemplate()
  pool = createPool(databaseUrl(inject('adminDatabaseUrl'), name), 6)
  db = createDb(pool)
  main = await startInstance(db, { speedFactor: 40, maxRunning: MAX_RUNNING, authTimeoutMs: 300 })
  for (const account of ['consumer', 'engineer', 'analyst', 'staff', 'multi'] as const) {
    const [row] = await db
      .select({ id: users.id, sub: users.sub })
      .from(users)
      .where(eq(users.email, `${account}@example.com`))
    if (row) ids.set(account, row)
  }
})
afterAll(async () => {
  await main.app.close()
  await pool.end()
})

/** A unit that passes every check: fresh, fibre, compatible, no ongoing disconnection or test. */
function makeReady(unitId: number): Promise<void> {
  return makeInstantTestReady(db, unitId, { hardware: 'Whitebox 8', connection: 'fibre' })
}

beforeEach(async () => {
  // Every test starts with no test running anywhere and the units it uses ready.
  await db.delete(instantTests)
  for (const unitId of [CONSUMER_UNIT, MULTI_UNIT, PANEL3_UNIT]) await makeReady(unitId)
})

async function tokenFor(account: DemoAccount, ttlSeconds = 900): Promise<string> {
  const user = ids.get(account)
  if (!user) throw new Error(`no demo user ${account}`)
  const tokens = createAccessTokens(testEnv().JWT_SECRET ?? '', ttlSeconds)
  const { token } = await tokens.sign({
    sub: user.sub,
    user_id: user.id,
    organisation_id: null,
    organisation_owner_id: null,
    owner_id: null,
    preferred_locale: null,
  })
  return token
}

type Closed = { code: number; reason: string }

/** A websocket client that records every message and how the socket closed. */
class Client {
  readonly messages: ServerMessage[] = []
  readonly closed: Promise<Closed>
  private readonly socket: WebSocket
  private waiters: (() => void)[] = []

  private constructor(socket: WebSocket) {
    this.socket = socket
    this.closed = new Promise((resolve) => {
      socket.addEventListener('close', (event) => {
        resolve({ code: event.code, reason: event.reason })
        this.wake()
      })
    })
    socket.addEventListener('message', (event) => {
      this.messages.push(v.parse(ServerMessageSchema, JSON.parse(String(event.data))))
      this.wake()
    })
  }

  static open(url: string, headers?: Record<string, string>): Promise<Client> {
    // Node's WebSocket (undici) takes request headers in its init object, as browsers do not.
    const socket = headers ? new WebSocket(url, { headers }) : new WebSocket(url)
    return new Promise((resolve, reject) => {
      socket.addEventListener('open', () => {
        resolve(new Client(socket))
      })
      socket.addEventListener('error', () => {
        reject(new Error('websocket did not open'))
      })
    })
  }

  /** Opens a socket and authenticates as `account`. */
  static async as(account: DemoAccount, url = main.url): Promise<Client> {
    const client = await Client.open(url)
    client.send({ type: 'auth', token: await tokenFor(account) })
    await client.until((m) => m.type === 'authenticated')
    return client
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  start(unitId: number): void {
    this.send({ type: 'start', unitId, origin: 'web_app' })
  }

  close(): void {
    this.socket.close()
  }

  private wake(): void {
    const waiters = this.waiters
    this.waiters = []
    for (const waiter of waiters) waiter()
  }

  /** The first message (counting from `from`) that matches, within `timeoutMs`. */
  async until(
    match: (message: ServerMessage) => boolean,
    from = 0,
    timeoutMs = 5_000,
  ): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.messages.slice(from).find(match)
      if (found) return found
      if (this.socket.readyState === WebSocket.CLOSED) throw new Error('socket closed')
      if (Date.now() > deadline) throw new Error('no matching message in time')
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve)
        setTimeout(resolve, 50)
      })
    }
  }

  /** The code of the next error or the test id of the next start, after `from`. */
  async outcome(from = 0): Promise<string> {
    const message = await this.until((m) => m.type === 'error' || m.type === 'started', from)
    if (message.type === 'error') return message.code
    if (message.type === 'started') return 'STARTED'
    return message.type
  }

  /** The result of the test started after message `from` (an error fails the test). */
  async result(from = 0): Promise<Extract<ServerMessage, { type: 'result' }>> {
    const message = await this.until((m) => m.type === 'result' || m.type === 'error', from)
    if (message.type !== 'result') throw new Error(`test failed: ${JSON.stringify(message)}`)
    return message
  }
}

/** Starts a test on `unitId` as `account` and returns the code (or STARTED). */
async function trigger(account: DemoAccount, unitId: number): Promise<string> {
  const client = await Client.as(account)
  try {
    client.start(unitId)
    return await client.outcome()
  } finally {
    client.close()
  }
}

async function insertRunning(unitId: number, startedAt = new Date()): Promise<void> {
  await db.insert(instantTests).values({ unitId, status: 'running', startedAt })
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('authentication', () => {
  it('closes a socket that never authenticates (4408 AUTH_TIMEOUT)', async () => {
    const client = await Client.open(main.url)
    expect(await client.closed).toEqual({ code: 4408, reason: 'AUTH_TIMEOUT' })
  })

  it.each([
    { name: 'a forged token', token: 'not-a-jwt', reason: 'UNAUTHENTICATED' },
    { name: 'an empty token', token: '', reason: 'BAD_MESSAGE' },
  ])('refuses $name', async ({ token, reason }) => {
    const client = await Client.open(main.url)
    client.send({ type: 'auth', token })
    const closed = await client.closed
    expect(closed.reason).toBe(reason)
    expect(closed.code).toBe(reason === 'BAD_MESSAGE' ? 4400 : 4401)
  })

  it('refuses an expired token with 4401 TOKEN_EXPIRED', async () => {
    const client = await Client.open(main.url)
    client.send({ type: 'auth', token: await tokenFor('consumer', -10) })
    expect(await client.closed).toEqual({ code: 4401, reason: 'TOKEN_EXPIRED' })
  })

  it('refuses a start before auth, without starting anything', async () => {
    const client = await Client.open(main.url)
    client.start(CONSUMER_UNIT)
    expect(await client.closed).toEqual({ code: 4401, reason: 'UNAUTHENTICATED' })
    expect(await db.select().from(instantTests)).toEqual([])
  })

  it.each([
    { name: 'not JSON', message: '{oops' },
    { name: 'an unknown type', message: { type: 'cancel' } },
    { name: 'a bad origin', message: { type: 'start', unitId: 1, origin: 'telnet' } },
    { name: 'a fractional unit id', message: { type: 'start', unitId: 1.5, origin: 'web_app' } },
  ])('closes on $name (4400 BAD_MESSAGE)', async ({ message }) => {
    const client = await Client.as('consumer')
    client.send(message)
    expect(await client.closed).toEqual({ code: 4400, reason: 'BAD_MESSAGE' })
  })
})

describe('the checks of seeds 8.4', () => {
  it.each<{
    name: string
    account: DemoAccount
    unitId: number
    setup?: () => Promise<void>
    expected: string
  }>([
    {
      name: "another user's unit",
      account: 'consumer',
      unitId: MULTI_UNIT,
      expected: 'ACCESS_DENIED',
    },
    {
      name: 'an unknown unit',
      account: 'consumer',
      unitId: MISSING_UNIT,
      expected: 'ACCESS_DENIED',
    },
    {
      name: 'an engineer outside their panel',
      account: 'engineer',
      unitId: CONSUMER_UNIT,
      expected: 'ACCESS_DENIED',
    },
    {
      name: 'an analyst without Agent trigger_testing',
      account: 'analyst',
      unitId: PANEL3_UNIT,
      expected: 'ACCESS_DENIED',
    },
    {
      name: 'outdated firmware',
      account: 'consumer',
      unitId: CONSUMER_UNIT,
      setup: () => setUnit(CONSUMER_UNIT, { isTtCompatible: false }),
      expected: 'NOT_TT_COMPATIBLE',
    },
    {
      name: 'a mobile unit',
      account: 'multi',
      unitId: MULTI_UNIT,
      setup: () => setUnit(MULTI_UNIT, { environment: { connection: 'mobile' } }),
      expected: 'INCOMPATIBLE',
    },
    {
      name: 'a unit last seen 31 minutes ago',
      account: 'consumer',
      unitId: CONSUMER_UNIT,
      setup: () => setUnit(CONSUMER_UNIT, { lastSeen: new Date(Date.now() - 31 * 60_000) }),
      expected: 'UNREACHABLE',
    },
    {
      name: 'a unit never seen',
      account: 'consumer',
      unitId: CONSUMER_UNIT,
      setup: () => setUnit(CONSUMER_UNIT, { lastSeen: null }),
      expected: 'UNREACHABLE',
    },
    {
      name: 'a disconnection in progress',
      account: 'consumer',
      unitId: CONSUMER_UNIT,
      setup: async () => {
        await db
          .insert(disconnections)
          .values({ unitId: CONSUMER_UNIT, startDtime: new Date(Date.now() - 5 * 60_000) })
      },
      expected: 'UNREACHABLE',
    },
    {
      name: 'a unit marked offline externally',
      account: 'consumer',
      unitId: CONSUMER_UNIT,
      setup: () => setUnit(CONSUMER_UNIT, { offlineExternally: true }),
      expected: 'UNREACHABLE',
    },
    {
      name: 'an engineer on an offline unit of their panel',
      account: 'engineer',
      unitId: PANEL3_UNIT,
      setup: () => setUnit(PANEL3_UNIT, { lastSeen: new Date(Date.now() - 45 * 60_000) }),
      expected: 'UNREACHABLE',
    },
    {
      name: 'an unreliable unit',
      account: 'consumer',
      unitId: CONSUMER_UNIT,
      setup: () => setUnit(CONSUMER_UNIT, { isUnreliable: true }),
      expected: 'NOT_READY',
    },
    {
      name: 'a test already running on the unit',
      account: 'consumer',
      unitId: CONSUMER_UNIT,
      setup: () => insertRunning(CONSUMER_UNIT),
      expected: 'IN_PROGRESS',
    },
    {
      name: 'instant tests disabled in the consumer config',
      account: 'consumer',
      unitId: CONSUMER_UNIT,
      setup: async () => {
        await db
          .insert(consumerConfigs)
          .values({ unitId: CONSUMER_UNIT, config: { instantTestsEnabled: false } })
      },
      expected: 'NO_AVAILABLE_TESTS',
    },
    {
      name: 'the servers at capacity',
      account: 'consumer',
      unitId: CONSUMER_UNIT,
      setup: async () => {
        for (const unitId of [10, 11, 12]) await insertRunning(unitId)
      },
      expected: 'TARGET_AT_CAPACITY',
    },
    {
      name: 'a global-access caller on a unit that does not exist',
      account: 'staff',
      unitId: MISSING_UNIT,
      expected: 'UNKNOWN',
    },
    {
      name: 'a stale running row (3 min old): it no longer blocks',
      account: 'consumer',
      unitId: CONSUMER_UNIT,
      setup: () => insertRunning(CONSUMER_UNIT, new Date(Date.now() - 3 * 60_000)),
      expected: 'STARTED',
    },
    {
      name: 'instant tests explicitly enabled',
      account: 'consumer',
      unitId: CONSUMER_UNIT,
      setup: async () => {
        await db
          .insert(consumerConfigs)
          .values({ unitId: CONSUMER_UNIT, config: { instantTestsEnabled: true } })
      },
      expected: 'STARTED',
    },
    {
      name: 'an engineer on a unit of their panel',
      account: 'engineer',
      unitId: PANEL3_UNIT,
      expected: 'STARTED',
    },
    { name: 'global access', account: 'staff', unitId: CONSUMER_UNIT, expected: 'STARTED' },
  ])('$name → $expected', async ({ account, unitId, setup, expected }) => {
    await setup?.()
    expect(await trigger(account, unitId)).toBe(expected)
    // A refusal leaves no running row behind for the unit.
    const running = await db
      .select()
      .from(instantTests)
      .where(and(eq(instantTests.unitId, unitId), eq(instantTests.status, 'running')))
    if (expected !== 'STARTED' && expected !== 'IN_PROGRESS') expect(running).toEqual([])
  })

  it('fails the stale row it replaced', async () => {
    await insertRunning(CONSUMER_UNIT, new Date(Date.now() - 3 * 60_000))
    expect(await trigger('consumer', CONSUMER_UNIT)).toBe('STARTED')
    const rows = await db.select().from(instantTests).where(eq(instantTests.unitId, CONSUMER_UNIT))
    expect(rows).toHaveLength(2)
    const stale = rows.find((row) => row.startedAt.getTime() < Date.now() - 2 * 60_000)
    expect(stale).toMatchObject({ status: 'failed', code: 'UNKNOWN' })
  })
})

async function setUnit(unitId: number, values: Partial<typeof units.$inferInsert>): Promise<void> {
  await db.update(units).set(values).where(eq(units.id, unitId))
}

describe('a test that runs', () => {
  it('reports progress latency → download → upload, then stores and sends the result', async () => {
    const before = new Date()
    await setUnit(CONSUMER_UNIT, { lastSeen: new Date(Date.now() - 10 * 60_000) })
    const client = await Client.as('consumer')
    client.send({ type: 'start', unitId: CONSUMER_UNIT, origin: 'android_app' })
    const result = await client.result()

    const started = client.messages.find((m) => m.type === 'started')
    expect(started?.type === 'started' && started.testId).toBe(result.testId)
    const progress = client.messages.flatMap((m) => (m.type === 'progress' ? [m] : []))
    const phases = progress.map((m) => m.phase)
    expect([...new Set(phases)]).toEqual(['latency', 'download', 'upload'])
    for (const phase of ['latency', 'download', 'upload'] as const) {
      const percents = progress.filter((m) => m.phase === phase).map((m) => m.percent)
      expect(percents[0]).toBe(0)
      expect(percents.at(-1)).toBe(100)
      expect(percents).toEqual([...percents].sort((a, b) => a - b))
    }
    // The result arrives after every progress message.
    expect(client.messages.at(-1)).toEqual(result)

    const [row] = await db.select().from(instantTests).where(eq(instantTests.id, result.testId))
    expect(row).toMatchObject({
      unitId: CONSUMER_UNIT,
      userId: ids.get('consumer')?.id,
      status: 'succeeded',
      origin: 'android_app',
      kind: 'instant_test',
      code: null,
    })
    expect(row?.finishedAt).toBeInstanceOf(Date)

    const stored = await db
      .select()
      .from(measurements)
      .where(eq(measurements.testId, result.testId))
      .orderBy(measurements.id)
    expect(stored.map((m) => m.metricKey)).toEqual([
      'udpLatency',
      'udpPacketLoss',
      'httpgetmt',
      'httppostmt',
    ])
    expect(result.results).toEqual(
      stored.map((m) => ({ metricKey: m.metricKey, metricValue: m.value })),
    )
    for (const m of stored) {
      expect(m).toMatchObject({
        unitId: CONSUMER_UNIT,
        kind: 'instant_test',
        origin: 'android_app',
      })
    }
    // Speeds are shaped by the unit's package: 85-98 % of what it is sold.
    const [line] = await db
      .select({ down: packages.downloadKbps, up: packages.uploadKbps })
      .from(units)
      .innerJoin(packages, eq(packages.id, units.packageId))
      .where(eq(units.id, CONSUMER_UNIT))
    const value = (key: string) => stored.find((m) => m.metricKey === key)?.value ?? -1
    expect(line).toBeDefined()
    if (line) {
      expect(value('httpgetmt')).toBeGreaterThanOrEqual((line.down / 1000) * 0.85 - 0.01)
      expect(value('httpgetmt')).toBeLessThanOrEqual((line.down / 1000) * 0.98 + 0.01)
      expect(value('httppostmt')).toBeGreaterThanOrEqual((line.up / 1000) * 0.85 - 0.01)
      expect(value('httppostmt')).toBeLessThanOrEqual((line.up / 1000) * 0.98 + 0.01)
    }
    // Bytes used: ten seconds of each transfer.
    const bytes = (key: string) => stored.find((m) => m.metricKey === key)?.bytes ?? -1
    expect(bytes('httpgetmt')).toBe(Math.round(((value('httpgetmt') * 1e6) / 8) * 10))
    expect(bytes('udpLatency')).toBeGreaterThan(0)
    // The unit delivered results, so it was seen just now.
    const [seen] = await db
      .select({ lastSeen: units.lastSeen })
      .from(units)
      .where(eq(units.id, CONSUMER_UNIT))
    expect(seen?.lastSeen?.getTime()).toBeGreaterThanOrEqual(before.getTime())
    client.close()
  })

  it('answers IN_PROGRESS to a second trigger on the same unit from another socket', async () => {
    const first = await Client.as('consumer')
    const second = await Client.as('consumer')
    first.start(CONSUMER_UNIT)
    expect(await first.outcome()).toBe('STARTED')
    second.start(CONSUMER_UNIT)
    expect(await second.outcome()).toBe('IN_PROGRESS')
    // The same socket asking again while its own test runs gets the same answer.
    const before = first.messages.length
    first.start(CONSUMER_UNIT)
    expect(await first.until((m) => m.type === 'error', before)).toEqual({
      type: 'error',
      code: 'IN_PROGRESS',
    })
    // Its own test is unaffected and finishes.
    await first.until((m) => m.type === 'result')
    // Once it finished, the unit is free again.
    const from = second.messages.length
    second.start(CONSUMER_UNIT)
    expect(await second.outcome(from)).toBe('STARTED')
    await second.result(from)
    first.close()
    second.close()
  })

  it('keeps one test per unit across server instances sharing the database', async () => {
    const other = await startInstance(db, { speedFactor: 40 })
    try {
      const here = await Client.as('consumer')
      const there = await Client.as('consumer', other.url)
      here.start(CONSUMER_UNIT)
      there.start(CONSUMER_UNIT)
      const outcomes = [await here.outcome(), await there.outcome()].sort()
      expect(outcomes).toEqual(['IN_PROGRESS', 'STARTED'])
      here.close()
      there.close()
    } finally {
      await other.app.close()
    }
  })

  it('finishes and stores a test whose socket closed mid-test', async () => {
    const client = await Client.as('consumer')
    client.start(CONSUMER_UNIT)
    const started = await client.until((m) => m.type === 'started')
    client.close()
    await client.closed
    const testId = started.type === 'started' ? started.testId : ''
    await waitFor(async () => {
      const [row] = await db.select().from(instantTests).where(eq(instantTests.id, testId))
      return row?.status === 'succeeded'
    })
    const stored = await db.select().from(measurements).where(eq(measurements.testId, testId))
    expect(stored).toHaveLength(4)
  })

  it('fails the tests still running when the server shuts down', async () => {
    const other = await startInstance(db, { speedFactor: 1 })
    const client = await Client.as('consumer', other.url)
    client.start(CONSUMER_UNIT)
    const started = await client.until((m) => m.type === 'started')
    await other.app.close()
    const testId = started.type === 'started' ? started.testId : ''
    const [row] = await db.select().from(instantTests).where(eq(instantTests.id, testId))
    expect(row).toMatchObject({ status: 'failed', code: 'UNKNOWN' })
    expect(await db.select().from(measurements).where(eq(measurements.testId, testId))).toEqual([])
  })
})

describe('GET /units/:unitId/tests (history)', () => {
  const history = async (account: DemoAccount | null, path: string) =>
    main.app.inject({
      method: 'GET',
      url: `/api/trigger-testing/units/${path}`,
      headers: account ? bearer(await tokenFor(account)) : {},
    })

  it("lists the unit's tests newest first with their results and bytes", async () => {
    const client = await Client.as('consumer')
    client.start(CONSUMER_UNIT)
    const first = await client.result()
    const from = client.messages.length
    client.start(CONSUMER_UNIT)
    await client.until((m) => m.type === 'result', from)
    client.close()
    await db.insert(instantTests).values({
      unitId: CONSUMER_UNIT,
      status: 'failed',
      code: 'UNREACHABLE',
      startedAt: new Date(Date.now() - 86_400_000),
      finishedAt: new Date(Date.now() - 86_400_000),
    })

    const response = await history('consumer', `${CONSUMER_UNIT}/tests?per_page=2`)
    expect(response.statusCode).toBe(200)
    const body = v.parse(InstantTestHistoryResponseSchema, response.json())
    expect(body.meta.pagination).toEqual({
      current_page: 1,
      total_pages: 2,
      per_page: 2,
      total: 3,
      count: 2,
    })
    expect(body.data).toHaveLength(2)
    const [newest, older] = body.data
    expect(older?.testId).toBe(first.testId)
    expect(older?.results).toEqual(first.results)
    expect(newest && older && newest.startedAt >= older.startedAt).toBe(true)
    expect(newest?.status).toBe('succeeded')
    expect(newest?.bytes).toBeGreaterThan(1_000_000)

    const page2 = v.parse(
      InstantTestHistoryResponseSchema,
      (await history('consumer', `${CONSUMER_UNIT}/tests?page=2&per_page=2`)).json(),
    )
    expect(page2.data.map((run) => [run.status, run.code, run.results])).toEqual([
      ['failed', 'UNREACHABLE', []],
    ])
  })

  it.each([
    {
      name: 'no token',
      account: null,
      path: `${CONSUMER_UNIT}/tests`,
      status: 401,
      code: 'UNAUTHENTICATED',
    },
    {
      name: "another user's unit",
      account: 'consumer',
      path: `${MULTI_UNIT}/tests`,
      status: 403,
      code: 'FORBIDDEN',
    },
    {
      name: 'an unknown unit',
      account: 'consumer',
      path: `${MISSING_UNIT}/tests`,
      status: 403,
      code: 'FORBIDDEN',
    },
    {
      name: 'an unknown unit, global access',
      account: 'staff',
      path: `${MISSING_UNIT}/tests`,
      status: 404,
      code: 'NOT_FOUND',
    },
    {
      name: 'a unit id that is not a number',
      account: 'consumer',
      path: 'abc/tests',
      status: 400,
      code: 'VALIDATION_FAIL',
    },
    {
      name: 'unit id 0',
      account: 'consumer',
      path: '0/tests',
      status: 400,
      code: 'VALIDATION_FAIL',
    },
    {
      name: 'per_page 0',
      account: 'consumer',
      path: `${CONSUMER_UNIT}/tests?per_page=0`,
      status: 400,
      code: 'VALIDATION_FAIL',
    },
    {
      name: 'per_page 101',
      account: 'consumer',
      path: `${CONSUMER_UNIT}/tests?per_page=101`,
      status: 400,
      code: 'VALIDATION_FAIL',
    },
    {
      name: 'page -1',
      account: 'consumer',
      path: `${CONSUMER_UNIT}/tests?page=-1`,
      status: 400,
      code: 'VALIDATION_FAIL',
    },
  ] as const)('refuses $name with $status $code', async ({ account, path, status, code }) => {
    const response = await history(account, path)
    expect(response.statusCode).toBe(status)
    expect(errorBody(response).code).toBe(code)
  })

  it('lets an engineer read the tests of a unit on their panel', async () => {
    const response = await history('engineer', `${PANEL3_UNIT}/tests`)
    expect(response.statusCode).toBe(200)
  })
})

describe('the service inside the whole app', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  it('serves the websocket at /api/trigger-testing/ws with a real login token', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const token = (await signIn(t.app, 'consumer')).accessToken.token
    const client = await Client.open(`${address.replace('http', 'ws')}/api/trigger-testing/ws`)
    client.send({ type: 'auth', token })
    await client.until((m) => m.type === 'authenticated')
    client.start(MULTI_UNIT)
    expect(await client.outcome()).toBe('ACCESS_DENIED')
    client.close()
  })

  it.each([
    { origin: 'http://evil.example', opens: false },
    { origin: 'http://localhost.evil.example:8080', opens: false },
    { origin: 'null', opens: false },
    { origin: 'http://localhost:5173', opens: true },
    { origin: 'http://whitebox.test', opens: true },
  ])('opens a websocket sent with Origin $origin: $opens', async ({ origin, opens }) => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {
      const bound = t.app.server.address()
      return typeof bound === 'object' && bound ? `http://127.0.0.1:${bound.port}` : ''
    })
    const url = `${address.replace('http', 'ws')}/api/trigger-testing/ws`
    const opened = Client.open(url, { origin }).then(
      (client) => {
        client.close()
        return true
      },
      () => false,
    )
    expect(await opened).toBe(opens)
  })

  it('answers a plain GET of the websocket path with 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/trigger-testing/ws' })
    expect(response.statusCode).toBe(404)
  })
})
