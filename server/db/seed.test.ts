import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LoginCodes } from '../../contracts/auth.ts'
import { createTestApp, errorBody, login, type TestApp } from '../test/helpers.ts'
import { countries, dashboards, organisations, panels, presets, units, users } from './schema.ts'
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts.ts'
import { FLEET_CUSTOMERS, isEmpty, seedDemoData, truncateAll } from './seed.ts'
import { DEMO_DASHBOARDS, DELETED_DEMO_PRESET } from './seed-dashboards.ts'
import { graphsOf } from '../../contracts/dashboards.ts'
import { ENTERPRISE_TEST } from './seed-enterprise.ts'
import { scryptParams } from '../lib/passwords.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const expectedLogin: Record<DemoAccount, { status: number; code: string }> = {
  consumer: { status: 200, code: 'OK' },
  volunteer: { status: 200, code: 'OK' },
  engineer: { status: 200, code: 'OK' },
  analyst: { status: 200, code: 'OK' },
  admin: { status: 200, code: 'OK' },
  staff: { status: 200, code: 'OK' },
  multi: { status: 200, code: 'OK' },
  locked: { status: 423, code: LoginCodes.LOCKED_STATE_ACCOUNT },
  expired: { status: 403, code: LoginCodes.PASSWORD_EXPIRED_ACCOUNT },
  disabled: { status: 403, code: LoginCodes.DISABLED_ACCOUNT },
  migrated: { status: 403, code: LoginCodes.USER_MIGRATED },
  superadmin: { status: 200, code: 'OK' },
}

describe('demo data', () => {
  it.each(DEMO_ACCOUNTS.map((account) => ({ account, ...expectedLogin[account] })))(
    '$account@example.com signs in with the demo password: $status $code',
    async ({ account, status, code }) => {
      const response = await login(t.app, account)
      expect(response.statusCode).toBe(status)
      expect(
        status === 200 ? response.json<{ code: string }>().code : errorBody(response).code,
      ).toBe(code)
    },
  )

  it('holds the reference rows other features rely on', async () => {
    const ids = async (query: Promise<{ id: number }[]>) => (await query).map((row) => row.id)
    expect(await ids(t.db.select({ id: organisations.id }).from(organisations))).toContain(123)
    expect(await ids(t.db.select({ id: panels.pid }).from(panels))).toContain(3)
    expect(await ids(t.db.select({ id: countries.id }).from(countries))).toEqual(
      expect.arrayContaining([235, 195, 169, 158, 14]),
    )
    const [consumerUnit] = await t.db
      .select()
      .from(units)
      .where(sql`${units.id} = 1`)
    expect(consumerUnit).toMatchObject({ isTtCompatible: true, mac: 'D8:4F:B8:10:00:01' })
  })

  it('gives the analyst two warboards (one the organisation’s, public) and a report', async () => {
    const rows = await t.db
      .select({
        name: dashboards.name,
        type: dashboards.type,
        public: dashboards.public,
        ownerId: dashboards.ownerId,
        contents: dashboards.contents,
        creator: users.email,
      })
      .from(dashboards)
      .leftJoin(users, eq(users.id, dashboards.createdBy))
      .orderBy(dashboards.id)
    expect(
      rows.map(({ name, type, public: shared, ownerId, creator }) => ({
        name,
        type,
        shared,
        ownerId,
        creator,
      })),
    ).toEqual(
      DEMO_DASHBOARDS.map((seed) => ({
        name: seed.name,
        type: seed.type,
        shared: seed.organisation ?? false,
        // The analyst's organisation's owner (2), else their own (8).
        ownerId: seed.organisation ? 2 : 8,
        creator: 'analyst@example.com',
      })),
    )
    // Every graph names a preset of the analyst's; one of them deleted (its meta: NOT_FOUND).
    const metaIds = rows.flatMap((row) => graphsOf(row.contents).map((graph) => graph.metaId))
    const named = await t.db
      .select({ id: presets.id, name: presets.name, deletedAt: presets.deletedAt })
      .from(presets)
      .where(inArray(presets.id, metaIds))
    expect(new Set(named.map((row) => row.id))).toEqual(new Set(metaIds))
    expect(named.filter((row) => row.deletedAt !== null).map((row) => row.name)).toEqual([
      DELETED_DEMO_PRESET,
    ])
  })

  it('keeps emails unique whatever their case', async () => {
    await expect(
      t.db.insert(users).values({
        email: 'CONSUMER@example.com',
        firstName: 'x',
        lastName: 'y',
        passwordHash: 'scrypt$1$1$1$a$b',
      }),
    ).rejects.toThrow()
  })

  it('re-creates the same data (same ids and subs) after truncation', async () => {
    const before = await t.db
      .select({ id: users.id, sub: users.sub, email: users.email })
      .from(users)
      .orderBy(users.id)
    await truncateAll(t.db)
    expect(await isEmpty(t.db)).toBe(true)
    await seedDemoData(t.db, {
      scrypt: scryptParams(1024),
      passwordExpiryDays: 90,
      lockoutsBeforePermanent: 3,
      enterprise: ENTERPRISE_TEST,
    })
    expect(await isEmpty(t.db)).toBe(false)
    const after = await t.db
      .select({ id: users.id, sub: users.sub, email: users.email })
      .from(users)
      .orderBy(users.id)
    expect(after).toEqual(before)
    // Sequences continue after the seeded ids.
    const [next] = await t.db
      .insert(users)
      .values({ email: 'new@example.com', firstName: 'N', lastName: 'U', passwordHash: 'x' })
      .returning({ id: users.id })
    expect(next?.id).toBe(DEMO_ACCOUNTS.length + FLEET_CUSTOMERS.length + 1)
    expect((await login(t.app, 'consumer')).statusCode).toBe(200)
    // The whole demo seed again: ~9 s alone, more beside the rest of the suite on two cores.
  }, 60_000)
})
