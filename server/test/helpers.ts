import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import * as v from 'valibot'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { TokenPairResponseSchema, type TokenPairResponse } from '../../contracts/auth.ts'
import { ApiErrorBodySchema, type ApiErrorBody } from '../../contracts/errors.ts'
import { buildApp } from '../app.ts'
import { createDb, createPool, type Db } from '../db/client.ts'
import { DEMO_PASSWORD, type DemoAccount } from '../db/demo-accounts.ts'
import { parseEnv, type Env } from '../env.ts'
import { databaseUrl, TEST_SETTINGS } from './settings.ts'

export type TestApp = {
  app: FastifyInstance
  db: Db
  env: Env
  close: () => Promise<void>
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** A fresh database cloned from the seeded template; returns its name. */
export async function cloneTemplate(): Promise<string> {
  const name = `${inject('databasePrefix')}${randomBytes(6).toString('hex')}`
  await withAdmin(async (client) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(
          `CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(inject('templateDatabase'))} STRATEGY FILE_COPY`,
        )
        return
      } catch (error) {
        // 55006: the template is briefly in use by another clone; try again.
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error
        await sleep(50 + attempt * 25)
      }
    }
  })
  return name
}

/** The test environment with `overrides`, parsed like the server parses its own. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({ ...TEST_SETTINGS, STATIC_DIR: inject('staticDir'), ...overrides })
}

/** The whole app on its own copy of the demo database; `close` drops the copy. */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const name = await cloneTemplate()
  const pool = createPool(databaseUrl(inject('adminDatabaseUrl'), name), 4)
  const env = testEnv(overrides)
  const db = createDb(pool)
  const app = await buildApp({ env, jwtSecret: env.JWT_SECRET ?? '', db })
  return {
    app,
    db,
    env,
    close: async () => {
      await app.close()
      await pool.end()
      await withAdmin((client) =>
        client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
      )
    },
  }
}

/**
 * The whole app on its own copy of the demo database for the tests of one file: started in
 * `beforeAll`, closed in `afterAll`. The handle reads the running app, so use it inside tests and
 * hooks only.
 */
export function useTestApp(overrides: Record<string, string> = {}): TestApp {
  let current: TestApp | undefined
  beforeAll(async () => {
    current = await createTestApp(overrides)
  })
  afterAll(async () => {
    await current?.close()
  })
  const running = (): TestApp => {
    if (!current) throw new Error('the test app starts in beforeAll: use it in tests and hooks')
    return current
  }
  return {
    get app() {
      return running().app
    },
    get db() {
      return running().db
    },
    get env() {
      return running().env
    },
    close: () => running().close(),
  }
}

/** POST /api/auth/login for a demo account name or any email. */
export function login(
  app: FastifyInstance,
  account: string,
  password = DEMO_PASSWORD,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const email = account.includes('@') ? account : `${account}@example.com`
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { email, password, device: 'test-device' },
  })
}

/**
 * Signs a demo account (or any email with its password) in and returns its token pair (fails the
 * test otherwise).
 */
export async function signIn(
  app: FastifyInstance,
  account: DemoAccount | (string & {}),
  password = DEMO_PASSWORD,
): Promise<TokenPairResponse> {
  const response = await login(app, account, password)
  if (response.statusCode !== 200) {
    throw new Error(`login of ${account} answered ${response.statusCode} ${response.body}`)
  }
  return v.parse(TokenPairResponseSchema, response.json())
}

/** The Authorization header for an access token. */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` }
}

/** GET a path of the app as the holder of an access token. */
export function getAs(
  app: FastifyInstance,
  token: string,
  url: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: bearer(token) })
}

/** The error body of a response, checked against the shared error schema. */
export function errorBody(response: LightMyRequestResponse): ApiErrorBody {
  return v.parse(ApiErrorBodySchema, response.json())
}

/** A 422 VALIDATION_FAIL with exactly these field errors. */
export function expectValidationFail(
  response: LightMyRequestResponse,
  errors: Record<string, string[]>,
): void {
  expect(response.statusCode).toBe(422)
  expect(errorBody(response)).toEqual({ code: 'VALIDATION_FAIL', errors })
}

/**
 * A source of client addresses (TEST-NET-2), a fresh one per call, so that per-IP rate limits of
 * one test never refuse another's requests (the rate limit is tested on its own).
 */
export function clientAddresses(): () => string {
  let counter = 0
  return () => `198.51.100.${(counter++ % 250) + 1}`
}
