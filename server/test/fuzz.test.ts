/**
 * Malformed requests against every route (issue 20): no input may make the server answer 5xx.
 *
 * The routes are enumerated from the built app (Fastify's onRoute hook), so a route added later is
 * fuzzed without touching this file; per-route contract schemas below only aim the inputs better
 * (a route without a hint gets the generic inputs: near-valid values of any contract schema,
 * hostile JSON, malformed bodies, hostile query strings and path parameters). Each route gets the
 * same number of requests, anonymous and with the access tokens of two demo users (a consumer and
 * a global-access staff member, so authenticated handlers are reached), all generated from one
 * seed: FUZZ_SEED=<n> replays a run, FUZZ_REQUESTS=<n> changes the total, FUZZ_REPORT=<file>
 * writes every failure as JSON.
 */
import { readdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { PersonalInformationUpdateSchema, PreferencesSchema } from '../../contracts/accounts.ts'
import { ChartFormSchema } from '../../contracts/analytics.ts'
import {
  DashboardCreateSchema,
  DashboardListQuerySchema,
  DashboardUpdateSchema,
} from '../../contracts/dashboards.ts'
import {
  LoginRequestSchema,
  PasswordResetTokenRequestSchema,
  RenewRequestSchema,
  ResetPasswordRequestSchema,
  SendPasswordResetEmailRequestSchema,
} from '../../contracts/auth.ts'
import {
  FeatureUpdatePageQuerySchema,
  FeatureUpdateReadBodySchema,
  FeatureUpdateUnreadQuerySchema,
} from '../../contracts/feature-updates.ts'
import { HcRequestSchema } from '../../contracts/help-centre.ts'
import { IngestBatchSchema } from '../../contracts/ingestion.ts'
import { InstantTestHistoryQuerySchema } from '../../contracts/instant-test.ts'
import { PresetCreateSchema, PresetUpdateSchema } from '../../contracts/presets.ts'
import {
  EmailPreferencesSchema,
  EmailUpdateSchema,
  IspsQuerySchema,
  PackagesQuerySchema,
  PasswordUpdateSchema,
  SupportRequestCreateSchema,
  UnitPackageUpdateSchema,
} from '../../contracts/settings.ts'
import {
  SaudiSignupSchema,
  SignupProfileUpdateSchema,
  StandardSignupSchema,
} from '../../contracts/signup.ts'
import {
  ConsumerConfigUpdateSchema,
  MetricResultsRequestSchema,
  RangeQuerySchema,
  ScheduledTestsDailyQuerySchema,
} from '../../contracts/unit-analytics.ts'
import { UnitLocationUpdateSchema } from '../../contracts/units.ts'
import { app as appPlugin, serverOptions } from '../app.ts'
import { createDb, createPool } from '../db/client.ts'
import { units, users } from '../db/schema.ts'
import {
  bodyFor,
  hostileFor,
  paramFor,
  queryFor,
  toJsonText,
  type Body,
  type Known,
  type UrlPart,
} from './fuzz-inputs.ts'
import { bearer, cloneTemplate, signIn, testEnv } from './helpers.ts'
import { databaseUrl } from './settings.ts'

const SEED = Number(process.env.FUZZ_SEED ?? 20_2004)
const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 30_000)
/** Requests in flight at once (the app's pool has 4 connections). */
const CONCURRENCY = 8

/** Contract schemas of routes whose handlers parse them: sharper inputs, not a route list. */
const HINTS: Record<string, { body?: v.GenericSchema; query?: v.GenericSchema }> = {
  'POST /api/auth/login': { body: LoginRequestSchema },
  'POST /api/auth/renew': { body: RenewRequestSchema },
  'POST /api/auth/logout': { body: RenewRequestSchema },
  'POST /api/auth/sendPasswordResetEmail': { body: SendPasswordResetEmailRequestSchema },
  'POST /api/auth/isPasswordResetTokenValid': { body: PasswordResetTokenRequestSchema },
  'POST /api/auth/resetPassword': { body: ResetPasswordRequestSchema },
  'PUT /api/zeus/users/:userId/preferences': { body: PreferencesSchema },
  'PUT /api/zeus/users/:sub/personal_information': { body: PersonalInformationUpdateSchema },
  'GET /api/zeus/isps': { query: IspsQuerySchema },
  'GET /api/zeus/isps/:id/packages': { query: PackagesQuerySchema },
  'PUT /api/zeus/users/:sub/accessible-units/:unitId/package': { body: UnitPackageUpdateSchema },
  'PUT /api/zeus/users/:sub/accessible-units/:unitId/location': { body: UnitLocationUpdateSchema },
  'PUT /api/zeus/users/:sub/email': { body: EmailUpdateSchema },
  'PUT /api/zeus/users/:sub/password': { body: PasswordUpdateSchema },
  'PUT /api/zeus/users/:sub/email_preferences': { body: EmailPreferencesSchema },
  'POST /api/zeus/users/:sub/support_requests': { body: SupportRequestCreateSchema },
  'GET /api/zeus/users/:userId/feature_updates/read': { query: FeatureUpdatePageQuerySchema },
  'GET /api/zeus/users/:sub/feature_updates': { query: FeatureUpdatePageQuerySchema },
  'GET /api/zeus/users/:userId/feature_updates/unread': { query: FeatureUpdateUnreadQuerySchema },
  'PUT /api/zeus/users/:userId/feature_updates/:updateId': { body: FeatureUpdateReadBodySchema },
  'POST /api/zeus/signups': { body: StandardSignupSchema },
  'PUT /api/zeus/users/:userId/signup/:id': { body: SignupProfileUpdateSchema },
  'POST /api/signup-sa/signup': { body: SaudiSignupSchema },
  'POST /api/hc/requests': { body: HcRequestSchema },
  'POST /api/unit-analytics/:unitId/metric_results': { body: MetricResultsRequestSchema },
  'POST /api/unit-analytics/:unitId/consumer-config': { body: ConsumerConfigUpdateSchema },
  'GET /api/unit-analytics/:unitId/disconnections': { query: RangeQuerySchema },
  'GET /api/unit-analytics/:unitId/skipped_tests': { query: RangeQuerySchema },
  'GET /api/unit-analytics/:unitId/data_usage': { query: RangeQuerySchema },
  'GET /api/unit-analytics/units/:id/breaches': { query: RangeQuerySchema },
  'GET /api/unit-analytics/:unitId/scheduled_tests_daily': {
    query: ScheduledTestsDailyQuerySchema,
  },
  'GET /api/trigger-testing/units/:unitId/tests': { query: InstantTestHistoryQuerySchema },
  'POST /api/ingestion/units/:unitId/results': { body: IngestBatchSchema },
  'POST /api/analytics/panel/:pid/chart-data': { body: ChartFormSchema },
  'POST /api/analytics/presets': { body: PresetCreateSchema },
  'PUT /api/analytics/presets/:id': { body: PresetUpdateSchema },
  'GET /api/analytics/owners/:ownerId/dashboards': { query: DashboardListQuerySchema },
  'POST /api/analytics/dashboards': { body: DashboardCreateSchema },
  'PUT /api/analytics/dashboards/:id': { body: DashboardUpdateSchema },
}

type Route = { method: string; url: string }
type Identity = 'anonymous' | 'consumer' | 'staff'
type Case = { identity: Identity; params: Record<string, UrlPart>; query: string; body: Body }
type Failure = { route: string; identity: Identity; url: string; body: string; answer: string }

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Every exported object schema of contracts/*.ts (new contract files are picked up too). */
async function contractSchemas(): Promise<v.GenericSchema[]> {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '../../contracts')
  const files = readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.includes('.test.'))
  const schemas: v.GenericSchema[] = []
  for (const file of files) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>
    for (const value of Object.values(module)) {
      const node = value as { kind?: unknown; type?: unknown } | null
      if (node && typeof node === 'object' && node.kind === 'schema' && node.type === 'object') {
        schemas.push(value as v.GenericSchema)
      }
    }
  }
  return schemas
}

/** A stable number per route, so one route's inputs do not change when another is added. */
function hashOf(text: string): number {
  let hash = 2_166_136_261
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619)
  return hash >>> 0
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '')
}

function urlOf(route: Route, input: Case): string {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = input.params[name]?.raw ?? '1'
    return value === '' ? '%20' : value
  })
  return input.query === '' ? path : `${path}?${input.query}`
}

function payloadOf(body: Body): { payload?: string; contentType?: string } {
  switch (body.kind) {
    case 'none':
      return {}
    case 'json':
      return { payload: toJsonText(body.value), contentType: 'application/json' }
    case 'raw':
      return body.contentType === null
        ? { payload: body.payload }
        : { payload: body.payload, contentType: body.contentType }
  }
}

const excerpt = (text: string, max = 300) =>
  JSON.stringify(text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text)

let app: FastifyInstance
let pool: pg.Pool
let database = ''
const routes: Route[] = []
const tokens = new Map<Identity, string>()
let known: Known = { userIds: [], subs: [], unitIds: [] }
let anyContract: fc.Arbitrary<unknown>

beforeAll(async () => {
  database = await cloneTemplate()
  pool = createPool(databaseUrl(inject('adminDatabaseUrl'), database), 4)
  const env = testEnv()
  const db = createDb(pool)
  // Built like buildApp, with an onRoute hook first so that every route is seen.
  app = Fastify(serverOptions(env, false))
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const websocket = (route as { websocket?: boolean }).websocket === true
    // The websocket route has its own tests; `*` routes serve static files.
    if (websocket || route.url.includes('*')) return
    for (const method of methods) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url })
    }
  })
  await app.register(appPlugin, { env, jwtSecret: env.JWT_SECRET ?? '', db })
  await app.ready()

  for (const account of ['consumer', 'staff'] as const) {
    tokens.set(account, (await signIn(app, account)).accessToken.token)
  }
  const callers = await db
    .select({ id: users.id, sub: users.sub })
    .from(users)
    .where(eq(users.email, 'consumer@example.com'))
  const staff = await db
    .select({ id: users.id, sub: users.sub })
    .from(users)
    .where(eq(users.email, 'staff@example.com'))
  const all = [...callers, ...staff]
  const owned = await db
    .select({ id: units.id })
    .from(units)
    .where(eq(units.ownerUserId, callers[0]?.id ?? 0))
  known = {
    userIds: all.map((row) => row.id),
    subs: all.map((row) => row.sub),
    unitIds: owned.map((row) => row.id).slice(0, 3),
  }
  if (known.unitIds.length === 0) known.unitIds = [1]
  const schemas = await contractSchemas()
  anyContract = fc.oneof(...schemas.map((schema) => hostileFor(schema)))
}, 120_000)

afterAll(async () => {
  await app.close()
  await pool.end()
  const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') })
  await admin.connect()
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(database)} WITH (FORCE)`)
  } finally {
    await admin.end()
  }
})

function casesFor(route: Route, count: number): Case[] {
  const hint = HINTS[`${route.method} ${route.url}`]
  const params: Record<string, fc.Arbitrary<UrlPart>> = {}
  for (const name of paramNames(route.url)) params[name] = paramFor(name, known)
  const body: fc.Arbitrary<Body> = METHODS_WITH_BODY.has(route.method)
    ? bodyFor(hint?.body, anyContract)
    : fc.constant({ kind: 'none' })
  const arbitrary = fc.record({
    identity: fc.constantFrom<Identity>('anonymous', 'consumer', 'consumer', 'staff', 'staff'),
    params: fc.record(params),
    query: queryFor(hint?.query),
    body,
  })
  return fc.sample(arbitrary, {
    seed: (SEED ^ hashOf(`${route.method} ${route.url}`)) | 0,
    numRuns: count,
  })
}

describe('malformed requests (fuzz)', () => {
  it('never answer 5xx', { timeout: 300_000 }, async () => {
    expect(routes.length).toBeGreaterThan(20)
    const perRoute = Math.ceil(TOTAL_REQUESTS / routes.length)
    const jobs = routes.flatMap((route) =>
      casesFor(route, perRoute).map((input) => ({ route, input })),
    )
    const failures: Failure[] = []
    const statuses = new Map<number, number>()
    let address = 0
    let next = 0
    const started = performance.now()

    async function worker(): Promise<void> {
      while (next < jobs.length) {
        const job = jobs[next]
        next += 1
        if (!job) continue
        const { route, input } = job
        const url = urlOf(route, input)
        const { payload, contentType } = payloadOf(input.body)
        const token = input.identity === 'anonymous' ? undefined : tokens.get(input.identity)
        const headers: Record<string, string> = {
          ...(token ? bearer(token) : {}),
          ...(contentType === undefined ? {} : { 'content-type': contentType }),
        }
        // A fresh client address per request: per-IP rate limits would otherwise answer most.
        address += 1
        const remoteAddress = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`
        let status: number
        let answer: string
        try {
          const response = await app.inject({
            method: route.method as 'GET',
            url,
            headers,
            remoteAddress,
            ...(payload === undefined ? {} : { payload }),
          })
          status = response.statusCode
          answer = response.body
        } catch (error) {
          status = 599
          answer = String(error)
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
        if (status >= 500) {
          failures.push({
            route: `${route.method} ${route.url}`,
            identity: input.identity,
            url,
            body:
              payload === undefined
                ? '(none)'
                : `${contentType ?? '(no type)'} ${excerpt(payload, 1000)}`,
            answer: `${status} ${excerpt(answer, 200)}`,
          })
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))

    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    const histogram = [...statuses.entries()].sort(([a], [b]) => a - b)
    console.info(
      `fuzz: ${jobs.length} requests, ${routes.length} routes, ${seconds} s, seed ${SEED}; ` +
        `statuses ${histogram.map(([status, count]) => `${status}×${count}`).join(' ')}; ` +
        `${failures.length} answered 5xx`,
    )
    // FUZZ_REPORT=<file>: every failure as JSON, for digging beyond the excerpts below.
    if (process.env.FUZZ_REPORT)
      writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(failures, null, 1))
    if (failures.length > 0) {
      const byRoute = new Map<string, Failure[]>()
      for (const failure of failures) {
        byRoute.set(failure.route, [...(byRoute.get(failure.route) ?? []), failure])
      }
      const report = [...byRoute.entries()].map(([route, list]) =>
        [
          `${route}: ${list.length} × 5xx, e.g.`,
          ...list
            .slice(0, 3)
            .map(
              (failure) =>
                `  as ${failure.identity}: ${failure.url.slice(0, 200)}\n    body ${failure.body}\n    answer ${failure.answer}`,
            ),
        ].join('\n'),
      )
      expect.fail(
        `${failures.length} of ${jobs.length} requests answered 5xx (replay with FUZZ_SEED=${SEED}):\n${report.join('\n')}`,
      )
    }
  })
})
