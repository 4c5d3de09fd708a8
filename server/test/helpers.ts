import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import * as v from 'valibot'
import { inject } from 'vitest'
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

/** Signs a demo account in and returns its token pair (fails the test otherwise). */
export async function signIn(
  app: FastifyInstance,
  account: DemoAccount,
): Promise<TokenPairResponse> {
  const response = await login(app, account)
  if (response.statusCode !== 200) {
    throw new Error(`login of ${account} answered ${response.statusCode} ${response.body}`)
  }
  return v.parse(TokenPairResponseSchema, response.json())
}

/** The Authorization header for an access token. */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` }
}

/** The error body of a response, checked against the shared error schema. */
export function errorBody(response: LightMyRequestResponse): ApiErrorBody {
  return v.parse(ApiErrorBodySchema, response.json())
}
