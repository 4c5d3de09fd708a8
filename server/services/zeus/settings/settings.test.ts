import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { TokenPairResponseSchema, type TokenPairResponse } from '../../../../contracts/auth.ts'
import {
  CountriesResponseSchema,
  EmailPreferencesResponseSchema,
  IspsResponseSchema,
  PackagesResponseSchema,
  ReportCardsResponseSchema,
  SUPPORT_EMAIL,
  UnitLocationResponseSchema,
  UnitPackageResponseSchema,
} from '../../../../contracts/settings.ts'
import { DEMO_PASSWORD, type DemoAccount } from '../../../db/demo-accounts.ts'
import {
  emailPreferences,
  grants,
  measurements,
  supportRequests,
  unitPackageChanges,
  units,
  userUnits,
  users,
} from '../../../db/schema.ts'
import { dbFixtures } from '../../../test/fixtures.ts'
import {
  bearer,
  createTestApp,
  errorBody,
  login,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts'
import { unitDataVersion } from '../../../lib/unit-data-version.ts'
import { grantsChanged } from '../../../plugins/auth.ts'
import { CREDENTIAL_CHANGES_PER_MINUTE } from './credentials.routes.ts'

let t: TestApp
const pairs = new Map<DemoAccount, TokenPairResponse>()
const ids = new Map<DemoAccount, { id: number; sub: string }>()
const ACCOUNTS = [
  'consumer',
  'multi',
  'engineer',
  'staff',
  'analyst',
  'admin',
  'volunteer',
] as const

beforeAll(async () => {
  t = await createTestApp()
  for (const account of ACCOUNTS) {
    pairs.set(account, await signIn(t.app, account))
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

const tokenOf = (account: DemoAccount) => pairs.get(account)?.accessToken.token ?? ''
const idOf = (account: DemoAccount) => ids.get(account)?.id ?? 0
const subOf = (account: DemoAccount) => ids.get(account)?.sub ?? ''
const { ispId, packageId, latestMailTo } = dbFixtures(() => t.db)

function call(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  as: DemoAccount | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api/zeus${url}`,
    headers: as ? bearer(tokenOf(as)) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

/** A refusal: the status, the body in the shared error shape, and never a 5xx. */
function expectRefusal(response: LightMyRequestResponse, status: number, body: unknown) {
  expect(response.statusCode).toBe(status)
  expect(errorBody(response)).toEqual(body)
}

/** A unit of `account` (with Agent unit_manage on it) for tests that change unit columns. */
async function extraUnit(account: DemoAccount, values: Partial<typeof units.$inferInsert> = {}) {
  const random = randomUUID()
  const [row] = await t.db
    .insert(units)
    .values({
      mac: `02:00:00:${random.slice(0, 8).replace(/(..)(..)(..).*/, '$1:$2:$3')}`,
      serialNumber: `TEST${random.slice(0, 8)}`,
      label: 'Test unit',
      panelId: 1,
      ownerUserId: idOf(account),
      ...values,
    })
    .returning({ id: units.id })
  if (!row) throw new Error('unit insert')
  await t.db.insert(userUnits).values({ userId: idOf(account), unitId: row.id })
  await t.db.insert(grants).values({
    userId: idOf(account),
    resource: 'Agent',
    permission: 'unit_manage',
    scope: { unit: row.id },
  })
  grantsChanged()
  return row.id
}

const dateOnly = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const DAY = 86_400_000

describe('reference data (countries, isps, packages)', () => {
  it('lists the countries by name, signed in only', async () => {
    const response = await call('GET', '/countries', 'consumer')
    expect(response.statusCode).toBe(200)
    const { data } = v.parse(CountriesResponseSchema, response.json())
    expect(data).toContainEqual({ id: 195, name: 'Saudi Arabia', code: 'SA' })
    expect(data.map((c) => c.name)).toEqual([...data.map((c) => c.name)].sort())
    expectRefusal(await call('GET', '/countries', null), 401, { code: 'UNAUTHENTICATED' })
  })

  it('lists the ISPs of a country with pagination', async () => {
    const all = v.parse(
      IspsResponseSchema,
      (await call('GET', '/isps?country_id=158&per_page=10000', 'consumer')).json(),
    )
    expect(all.data.map((i) => i.name)).toEqual(['2degrees', 'One NZ', 'Spark'])
    expect(all.data.every((i) => i.country_id === 158)).toBe(true)
    expect(all.meta.pagination).toMatchObject({ total: 3, current_page: 1, total_pages: 1 })

    const second = v.parse(
      IspsResponseSchema,
      (await call('GET', '/isps?country_id=158&per_page=2&page=2', 'consumer')).json(),
    )
    expect(second.data.map((i) => i.name)).toEqual(['Spark'])
    expect(second.meta.pagination).toEqual({
      total: 3,
      count: 1,
      per_page: 2,
      current_page: 2,
      total_pages: 2,
    })
  })

  it.each([
    { query: 'per_page=10001', errors: { per_page: ['INVALID'] } },
    { query: 'per_page=0', errors: { per_page: ['INVALID'] } },
    { query: 'country_id=abc', errors: { country_id: ['INVALID'] } },
    { query: 'page=-1', errors: { page: ['INVALID'] } },
  ])('refuses isps?$query with VALIDATION_FAIL', async ({ query, errors }) => {
    expectRefusal(await call('GET', `/isps?${query}`, 'consumer'), 400, {
      code: 'VALIDATION_FAIL',
      errors,
    })
  })

  it('lists an ISP’s packages 250 a page at most, paginated', async () => {
    const spark = await ispId('Spark')
    const page = v.parse(
      PackagesResponseSchema,
      (await call('GET', `/isps/${spark}/packages?per_page=250`, 'consumer')).json(),
    )
    expect(page.data.map((p) => [p.name, p.download_kbps, p.upload_kbps])).toEqual([
      ['Fibre 300', 300_000, 100_000],
      ['Fibre Max', 900_000, 500_000],
      // The enterprise fleet's fixed-wireless package (seed-enterprise.ts).
      ['Wireless Broadband', 50_000, 10_000],
    ])
    const second = v.parse(
      PackagesResponseSchema,
      (await call('GET', `/isps/${spark}/packages?per_page=1&page=2`, 'consumer')).json(),
    )
    expect(second.data.map((p) => p.name)).toEqual(['Fibre Max'])
    expect(second.meta.pagination).toMatchObject({ current_page: 2, total_pages: 3 })

    expectRefusal(await call('GET', `/isps/${spark}/packages?per_page=251`, 'consumer'), 400, {
      code: 'VALIDATION_FAIL',
      errors: { per_page: ['INVALID'] },
    })
    expectRefusal(await call('GET', '/isps/99999/packages', 'consumer'), 404, {
      code: 'NOT_FOUND',
    })
    expectRefusal(await call('GET', '/isps/x/packages', 'consumer'), 400, {
      code: 'VALIDATION_FAIL',
      errors: { id: ['INVALID'] },
    })
    expectRefusal(await call('GET', `/isps/${spark}/packages`, null), 401, {
      code: 'UNAUTHENTICATED',
    })
  })
})

describe('users/{sub}/accessible-units/{unitId}/package', () => {
  const url = (account: DemoAccount, unitId: number | string) =>
    `/users/${subOf(account)}/accessible-units/${unitId}/package`

  it('reads the own unit’s ISP and package', async () => {
    const response = await call('GET', url('consumer', 1), 'consumer')
    expect(response.statusCode).toBe(200)
    const { data } = v.parse(UnitPackageResponseSchema, response.json())
    expect(data).toMatchObject({
      unit_id: 1,
      country_id: 158,
      isp: { name: 'Spark' },
      package: { name: 'Fibre 300', download_kbps: 300_000 },
    })
  })

  it('changes the package and records the change', async () => {
    const isp = await ispId('One NZ')
    const pkg = await packageId('One NZ', 'Fibre Max')
    const changedAt = dateOnly(Date.now() - 3 * DAY)
    const version = unitDataVersion(1)
    const response = await call('PUT', url('consumer', 1), 'consumer', {
      isp_id: isp,
      package_id: pkg,
      changed_at: changedAt,
    })
    expect(response.statusCode).toBe(200)
    // Cached unit analytics answers (breaches compare with the package) are not served any more.
    expect(unitDataVersion(1)).toBeGreaterThan(version)
    expect(v.parse(UnitPackageResponseSchema, response.json()).data).toMatchObject({
      isp: { id: isp, name: 'One NZ' },
      package: { id: pkg, name: 'Fibre Max' },
      changed_at: changedAt,
    })
    const [unit] = await t.db.select().from(units).where(eq(units.id, 1))
    expect(unit?.ispId).toBe(isp)
    expect(unit?.packageId).toBe(pkg)
    expect(unit?.packageChangedAt?.toISOString()).toBe(`${changedAt}T00:00:00.000Z`)
    const [change] = await t.db
      .select()
      .from(unitPackageChanges)
      .where(eq(unitPackageChanges.unitId, 1))
      .orderBy(desc(unitPackageChanges.id))
      .limit(1)
    expect(change).toMatchObject({ ispId: isp, packageId: pkg, changedBy: idOf('consumer') })
  })

  it('refuses a package of another ISP, an ISP of another country and a future date', async () => {
    const spark = await ispId('Spark')
    const response = await call('PUT', url('consumer', 1), 'consumer', {
      isp_id: spark,
      package_id: await packageId('BT', 'Full Fibre 150'),
      changed_at: dateOnly(Date.now() + 5 * DAY),
    })
    expectRefusal(response, 400, {
      code: 'VALIDATION_FAIL',
      errors: { package_id: ['INVALID'], changed_at: ['INVALID'] },
    })
    const otherCountry = await call('PUT', url('consumer', 1), 'consumer', {
      isp_id: await ispId('BT'),
      package_id: await packageId('BT', 'Full Fibre 150'),
      changed_at: dateOnly(Date.now()),
    })
    expectRefusal(otherCountry, 400, { code: 'VALIDATION_FAIL', errors: { isp_id: ['INVALID'] } })
  })

  it.each([
    { body: {}, errors: { isp_id: ['MISSING'], package_id: ['MISSING'], changed_at: ['MISSING'] } },
    {
      body: { isp_id: 'one', package_id: 1.5, changed_at: '15/01/2026' },
      errors: { isp_id: ['INVALID'], package_id: ['INVALID'], changed_at: ['INVALID'] },
    },
    {
      body: { isp_id: 1, package_id: 1, changed_at: '2026-02-30' },
      errors: { changed_at: ['INVALID'] },
    },
  ])('refuses the body $body with VALIDATION_FAIL', async ({ body, errors }) => {
    expectRefusal(await call('PUT', url('consumer', 1), 'consumer', body), 400, {
      code: 'VALIDATION_FAIL',
      errors,
    })
  })

  it('answers UNIT_HAS_NO_COUNTRY for a unit with neither address nor ISP', async () => {
    const unitId = await extraUnit('consumer')
    const response = await call('PUT', url('consumer', unitId), 'consumer', {
      isp_id: await ispId('Spark'),
      package_id: await packageId('Spark', 'Fibre 300'),
      changed_at: dateOnly(Date.now()),
    })
    expectRefusal(response, 400, { code: 'UNIT_HAS_NO_COUNTRY' })
    const read = v.parse(
      UnitPackageResponseSchema,
      (await call('GET', url('consumer', unitId), 'consumer')).json(),
    )
    expect(read.data).toEqual({
      unit_id: unitId,
      country_id: null,
      isp: null,
      package: null,
      changed_at: null,
    })
  })

  it.each<{
    case: string
    as: DemoAccount | null
    owner: DemoAccount
    unit: number
    status: number
  }>([
    { case: 'no token', as: null, owner: 'consumer', unit: 1, status: 401 },
    { case: "another user's sub", as: 'consumer', owner: 'multi', unit: 2, status: 403 },
    { case: 'a unit that is not theirs', as: 'consumer', owner: 'consumer', unit: 2, status: 403 },
    { case: 'no Agent unit_manage', as: 'engineer', owner: 'engineer', unit: 1, status: 403 },
    { case: 'an unknown unit', as: 'consumer', owner: 'consumer', unit: 99999, status: 403 },
    {
      case: 'global access, unknown unit',
      as: 'staff',
      owner: 'consumer',
      unit: 99999,
      status: 404,
    },
  ])('refuses $case ($status) on GET and PUT', async ({ as, owner, unit, status }) => {
    const body = {
      isp_id: await ispId('Spark'),
      package_id: await packageId('Spark', 'Fibre 300'),
      changed_at: dateOnly(Date.now()),
    }
    for (const method of ['GET', 'PUT'] as const) {
      const response = await call(method, url(owner, unit), as, method === 'PUT' ? body : undefined)
      expect(response.statusCode).toBe(status)
    }
  })

  it('lets global access change any unit, and refuses a malformed unit id', async () => {
    const response = await call('PUT', url('consumer', 3), 'staff', {
      isp_id: await ispId('Spark'),
      package_id: await packageId('Spark', 'Fibre Max'),
      changed_at: dateOnly(Date.now()),
    })
    expect(response.statusCode).toBe(200)
    expectRefusal(await call('GET', url('consumer', 'abc'), 'consumer'), 400, {
      code: 'VALIDATION_FAIL',
      errors: { unitId: ['INVALID'] },
    })
  })
})

describe('users/{sub}/accessible-units/{unitId}/location', () => {
  const url = (account: DemoAccount, unitId: number) =>
    `/users/${subOf(account)}/accessible-units/${unitId}/location`
  const address = {
    line1: ' 12 Karaka Street ',
    line2: 'Flat 3',
    line3: null,
    city: 'Wellington',
    postcode: '6011',
    country_id: 158,
  }

  it('stores the installation address of the own unit and reads it back', async () => {
    const version = unitDataVersion(1)
    const response = await call('PUT', url('consumer', 1), 'consumer', {
      address,
      timezone: 'Pacific/Auckland',
    })
    expect(response.statusCode).toBe(200)
    // The time zone buckets the unit's results: cached answers are not served any more.
    expect(unitDataVersion(1)).toBeGreaterThan(version)
    const expected = { ...address, line1: '12 Karaka Street' }
    expect(v.parse(UnitLocationResponseSchema, response.json()).data).toMatchObject({
      unit_id: 1,
      address: expected,
      timezone: 'Pacific/Auckland',
    })
    const [unit] = await t.db.select().from(units).where(eq(units.id, 1))
    expect(unit?.address).toEqual(expected)
    const read = await call('GET', url('consumer', 1), 'consumer')
    expect(v.parse(UnitLocationResponseSchema, read.json()).data.address).toEqual(expected)
  })

  it.each([
    {
      case: 'an empty first line',
      body: { address: { ...address, line1: '  ' } },
      errors: { 'address.line1': ['LENGTH_MIN'] },
      values: { 'address.line1': { LENGTH_MIN: 1 } },
    },
    {
      case: 'an unknown country',
      body: { address: { ...address, country_id: 9999 } },
      errors: { 'address.country_id': ['INVALID'] },
    },
    {
      case: 'an unknown time zone',
      body: { address, timezone: 'Mars/Olympus_Mons' },
      errors: { timezone: ['INVALID'] },
    },
    { case: 'no address', body: {}, errors: { address: ['MISSING'] } },
  ])('refuses $case with VALIDATION_FAIL', async ({ body, errors, values }) => {
    expectRefusal(await call('PUT', url('consumer', 1), 'consumer', body), 400, {
      code: 'VALIDATION_FAIL',
      errors,
      ...(values && { values }),
    })
  })

  it('refuses another unit (403), another sub (403) and no token (401)', async () => {
    expect((await call('PUT', url('consumer', 2), 'consumer', { address })).statusCode).toBe(403)
    expect((await call('PUT', url('multi', 2), 'consumer', { address })).statusCode).toBe(403)
    expect((await call('GET', url('consumer', 2), 'consumer')).statusCode).toBe(403)
    expect((await call('PUT', url('consumer', 1), null, { address })).statusCode).toBe(401)
  })
})

describe('users/{sub}/personal_information names', () => {
  const url = () => `/users/${subOf('multi')}/personal_information`

  it('changes first and last name and keeps the locale', async () => {
    const put = await call('PUT', url(), 'multi', { first_name: ' Noah ', last_name: 'Tane-Smith' })
    expect(put.statusCode).toBe(200)
    expect(put.json()).toEqual({
      data: {
        first_name: 'Noah',
        last_name: 'Tane-Smith',
        email: 'multi@example.com',
        default_locale: 'en_GB',
      },
    })
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, idOf('multi')))
    expect([row?.firstName, row?.lastName]).toEqual(['Noah', 'Tane-Smith'])
  })

  it.each([
    { body: { first_name: 'x'.repeat(51) }, errors: { first_name: ['INVALID'] } },
    {
      body: { last_name: '   ' },
      errors: { last_name: ['LENGTH_MIN'] },
      values: { last_name: { LENGTH_MIN: 1 } },
    },
    { body: {}, errors: { default_locale: ['MISSING'] } },
  ])('refuses $body with VALIDATION_FAIL', async ({ body, errors, values }) => {
    expectRefusal(await call('PUT', url(), 'multi', body), 400, {
      code: 'VALIDATION_FAIL',
      errors,
      ...(values && { values }),
    })
  })
})

describe('users/{sub}/email', () => {
  const url = (account: DemoAccount) => `/users/${subOf(account)}/email`

  it.each([
    {
      case: 'a confirmation that differs',
      body: { email: 'new@example.com', email_confirmation: 'neu@example.com' },
      errors: { email_confirmation: ['DOES_NOT_MATCH_EMAIL'] },
    },
    {
      case: 'an email in use',
      body: { email: 'ANALYST@example.com', email_confirmation: 'analyst@example.com' },
      errors: { email: ['EXISTS'] },
    },
    {
      case: 'a wrong password (and no hint about the email)',
      body: {
        email: 'analyst@example.com',
        email_confirmation: 'analyst@example.com',
        current_password: 'wrong-password',
      },
      errors: { current_password: ['INVALID'] },
    },
    {
      case: 'an invalid email',
      body: { email: 'not-an-email', email_confirmation: 'not-an-email' },
      errors: { email: ['INVALID'] },
    },
  ])('refuses $case', async ({ body, errors }) => {
    const response = await call('PUT', url('engineer'), 'engineer', {
      current_password: DEMO_PASSWORD,
      ...body,
    })
    expectRefusal(response, 400, { code: 'VALIDATION_FAIL', errors })
  })

  it('changes the email, tells the old address, and the new one signs in', async () => {
    const response = await call('PUT', url('volunteer'), 'volunteer', {
      email: 'liam.parata@example.com',
      email_confirmation: 'Liam.Parata@example.com',
      current_password: DEMO_PASSWORD,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: { email: 'liam.parata@example.com' } })
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, idOf('volunteer')))
    expect(row?.email).toBe('liam.parata@example.com')
    const mail = await latestMailTo('volunteer@example.com')
    expect(mail?.subject).toBe('Your Whitebox email address was changed')
    expect(mail?.text).toContain('liam.parata@example.com')
    expect((await login(t.app, 'liam.parata@example.com')).statusCode).toBe(200)
    expect((await login(t.app, 'volunteer@example.com')).statusCode).toBe(401)
  })

  it('refuses another user’s sub (403) and no token (401)', async () => {
    const body = {
      email: 'x@example.com',
      email_confirmation: 'x@example.com',
      current_password: DEMO_PASSWORD,
    }
    expectRefusal(await call('PUT', url('analyst'), 'engineer', body), 403, { code: 'FORBIDDEN' })
    expectRefusal(await call('PUT', url('engineer'), null, body), 401, {
      code: 'UNAUTHENTICATED',
    })
  })

  it(`limits an account to ${CREDENTIAL_CHANGES_PER_MINUTE} attempts a minute`, async () => {
    const body = {
      email: 'a@example.com',
      email_confirmation: 'b@example.com',
      current_password: 'x',
    }
    const statuses: number[] = []
    for (let i = 0; i <= CREDENTIAL_CHANGES_PER_MINUTE; i += 1) {
      statuses.push((await call('PUT', url('analyst'), 'analyst', body)).statusCode)
    }
    expect(statuses.slice(0, CREDENTIAL_CHANGES_PER_MINUTE).every((s) => s === 400)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })
})

describe('users/{sub}/password', () => {
  const url = (account: DemoAccount) => `/users/${subOf(account)}/password`
  const NEW_PASSWORD = 'Another-pass-42'

  it.each([
    {
      case: 'a wrong current password',
      body: {
        current_password: 'nope',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
      errors: { current_password: ['INVALID'] },
    },
    {
      case: 'a password of the wrong format',
      body: { current_password: DEMO_PASSWORD, password: 'short', password_confirmation: 'short' },
      errors: { password: ['INVALID_PASSWORD_FORMAT'] },
    },
    {
      case: 'a confirmation that differs',
      body: {
        current_password: DEMO_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: `${NEW_PASSWORD}x`,
      },
      errors: { password_confirmation: ['DOES_NOT_MATCH_PASSWORD'] },
    },
    {
      case: 'the current password again',
      body: {
        current_password: DEMO_PASSWORD,
        password: DEMO_PASSWORD,
        password_confirmation: DEMO_PASSWORD,
      },
      errors: { password: ['PASSWORD_UNCHANGED'] },
    },
    {
      case: 'an empty body',
      body: {},
      errors: {
        current_password: ['MISSING'],
        password: ['MISSING'],
        password_confirmation: ['MISSING'],
      },
    },
  ])('refuses $case', async ({ body, errors }) => {
    expectRefusal(await call('PUT', url('engineer'), 'engineer', body), 400, {
      code: 'VALIDATION_FAIL',
      errors,
    })
  })

  it('sets the new password, keeps this login and signs the others out', async () => {
    const other = await signIn(t.app, 'admin')
    const current = pairs.get('admin')
    if (!current) throw new Error('admin pair')
    const response = await call('PUT', url('admin'), 'admin', {
      current_password: DEMO_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      refresh_token: current.refreshToken.token,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 'OK', data: { signed_out_sessions: 1 } })

    const renew = (pair: TokenPairResponse) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/renew',
        headers: bearer(pair.accessToken.token),
        payload: { refreshToken: pair.refreshToken.token },
      })
    expectRefusal(await renew(other), 401, { code: 'INVALID_REFRESH_TOKEN' })
    const kept = await renew(current)
    expect(kept.statusCode).toBe(200)
    v.parse(TokenPairResponseSchema, kept.json())

    expect((await login(t.app, 'admin', DEMO_PASSWORD)).statusCode).toBe(401)
    expect((await login(t.app, 'admin', NEW_PASSWORD)).statusCode).toBe(200)
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, idOf('admin')))
    expect(Date.now() - (row?.passwordChangedAt.getTime() ?? 0)).toBeLessThan(60_000)
  })

  it('refuses another user’s sub (403) and no token (401)', async () => {
    const body = {
      current_password: DEMO_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    }
    expectRefusal(await call('PUT', url('analyst'), 'engineer', body), 403, { code: 'FORBIDDEN' })
    expectRefusal(await call('PUT', url('engineer'), null, body), 401, {
      code: 'UNAUTHENTICATED',
    })
  })
})

describe('users/{sub}/email_preferences', () => {
  const url = (account: DemoAccount) => `/users/${subOf(account)}/email_preferences`
  const preferences = {
    disconnection_alerts: true,
    performance_alerts: false,
    report_cards: true,
    product_news: true,
    alerts_paused_until: null,
  }

  it('answers the defaults when nothing was saved', async () => {
    const response = await call('GET', url('engineer'), 'engineer')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      data: {
        disconnection_alerts: true,
        performance_alerts: true,
        report_cards: true,
        product_news: false,
        alerts_paused_until: null,
      },
    })
  })

  it('stores the preferences with a pause and reads them back', async () => {
    const until = new Date(Date.now() + 7 * DAY).toISOString()
    const put = await call('PUT', url('consumer'), 'consumer', {
      ...preferences,
      alerts_paused_until: until,
    })
    expect(put.statusCode).toBe(200)
    const expected = { data: { ...preferences, alerts_paused_until: until } }
    expect(put.json()).toEqual(expected)
    expect(
      v.parse(
        EmailPreferencesResponseSchema,
        (await call('GET', url('consumer'), 'consumer')).json(),
      ),
    ).toEqual(expected)
    const [row] = await t.db
      .select()
      .from(emailPreferences)
      .where(eq(emailPreferences.userId, idOf('consumer')))
    expect(row).toMatchObject({ performanceAlerts: false, productNews: true })
    expect(row?.alertsPausedUntil?.toISOString()).toBe(until)
  })

  it('reads a pause that has run out as none', async () => {
    await t.db
      .update(emailPreferences)
      .set({ alertsPausedUntil: new Date(Date.now() - 1000) })
      .where(eq(emailPreferences.userId, idOf('consumer')))
    const read = await call('GET', url('consumer'), 'consumer')
    expect(read.json()).toMatchObject({ data: { alerts_paused_until: null } })
  })

  it.each([
    { case: 'a pause in the past', until: new Date(Date.now() - DAY).toISOString() },
    { case: 'a pause over 90 days', until: new Date(Date.now() + 91 * DAY).toISOString() },
    { case: 'a pause that is not a time', until: 'next week' },
  ])('refuses $case', async ({ until }) => {
    expectRefusal(
      await call('PUT', url('consumer'), 'consumer', {
        ...preferences,
        alerts_paused_until: until,
      }),
      400,
      { code: 'VALIDATION_FAIL', errors: { alerts_paused_until: ['INVALID'] } },
    )
  })

  it('refuses a missing field, another sub and no token', async () => {
    const partial: Record<string, unknown> = { ...preferences }
    delete partial.product_news
    expectRefusal(await call('PUT', url('consumer'), 'consumer', partial), 400, {
      code: 'VALIDATION_FAIL',
      errors: { product_news: ['MISSING'] },
    })
    expectRefusal(await call('GET', url('multi'), 'consumer'), 403, { code: 'FORBIDDEN' })
    expectRefusal(await call('PUT', url('multi'), 'consumer', preferences), 403, {
      code: 'FORBIDDEN',
    })
    expectRefusal(await call('GET', url('consumer'), null), 401, { code: 'UNAUTHENTICATED' })
  })
})

describe('users/{sub}/support_requests', () => {
  const url = (account: DemoAccount) => `/users/${subOf(account)}/support_requests`

  it('stores the request with the requester and mails support', async () => {
    const response = await call('POST', url('consumer'), 'consumer', {
      topic: 'connection',
      subject: '  Slow in the evenings ',
      body: 'My speeds drop after 8pm every day.',
    })
    expect(response.statusCode).toBe(201)
    const { data } = response.json<{ data: { id: number; created_at: string } }>()
    const [row] = await t.db.select().from(supportRequests).where(eq(supportRequests.id, data.id))
    expect(row).toMatchObject({
      userId: idOf('consumer'),
      requesterName: 'Aroha Wilson',
      requesterEmail: 'consumer@example.com',
      subject: 'Slow in the evenings',
      priority: 'low',
      tags: ['settings-contact', 'connection'],
    })
    const mail = await latestMailTo(SUPPORT_EMAIL)
    expect(mail?.subject).toBe(`[Whitebox support #${data.id}] Slow in the evenings`)
    expect(mail?.text).toContain('My speeds drop after 8pm every day.')
  })

  it.each([
    { body: { topic: 'billing', subject: 's', body: 'b' }, errors: { topic: ['INVALID'] } },
    {
      body: { topic: 'other', subject: ' ', body: 'b' },
      errors: { subject: ['LENGTH_MIN'] },
      values: { subject: { LENGTH_MIN: 1 } },
    },
    {
      body: { topic: 'other', subject: 's', body: 'x'.repeat(5001) },
      errors: { body: ['INVALID'] },
    },
    { body: { subject: 's' }, errors: { topic: ['MISSING'], body: ['MISSING'] } },
  ])('refuses $body with VALIDATION_FAIL', async ({ body, errors, values }) => {
    expectRefusal(await call('POST', url('consumer'), 'consumer', body), 400, {
      code: 'VALIDATION_FAIL',
      errors,
      ...(values && { values }),
    })
  })

  it('refuses another sub and no token', async () => {
    const body = { topic: 'other', subject: 's', body: 'b' }
    expectRefusal(await call('POST', url('multi'), 'consumer', body), 403, { code: 'FORBIDDEN' })
    expectRefusal(await call('POST', url('consumer'), null, body), 401, {
      code: 'UNAUTHENTICATED',
    })
  })
})

describe('users/{sub}/report_cards', () => {
  const url = (account: DemoAccount) => `/users/${subOf(account)}/report_cards`

  it('gives medians per month of the last three months against the package', async () => {
    const unitId = await extraUnit('staff', {
      timezone: 'UTC',
      ispId: await ispId('Spark'),
      packageId: await packageId('Spark', 'Fibre 300'),
    })
    const now = new Date()
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)
    // Inside the current month whatever the day: half way between its start and now.
    const thisMonth = new Date(monthStart + (now.getTime() - monthStart) / 2)
    const lastMonth = new Date(monthStart - DAY)
    const tooOld = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 15))
    const row = (metricKey: string, value: number | null, dtime: Date, status = 'OK' as const) => ({
      unitId,
      metricKey,
      value,
      dtime,
      status: value === null ? ('ERROR' as const) : status,
      testId: randomUUID(),
    })
    await t.db
      .insert(measurements)
      .values([
        row('httpgetmt', 100, thisMonth),
        row('httpgetmt', 300, thisMonth),
        row('httpgetmt', 200, thisMonth),
        row('httpgetmt', null, thisMonth),
        row('httppostmt', 50, thisMonth),
        row('httppostmt', 70, thisMonth),
        row('udpLatency', 10, thisMonth),
        row('udpLatency', 20, thisMonth),
        row('udpLatency', 30, thisMonth),
        row('udpLatency', 41, thisMonth),
        row('udpPacketLoss', 5, thisMonth),
        row('httpgetmt', 250, lastMonth),
        row('httpgetmt', 999, tooOld),
      ])
    const response = await call('GET', url('staff'), 'staff')
    expect(response.statusCode).toBe(200)
    const { data } = v.parse(ReportCardsResponseSchema, response.json())
    const card = data.find((c) => c.unit_id === unitId)
    const month = (ms: number) => new Date(ms).toISOString().slice(0, 7)
    expect(card).toEqual({
      unit_id: unitId,
      label: 'Test unit',
      package: { name: 'Fibre 300', isp_name: 'Spark', download_mbps: 300, upload_mbps: 100 },
      months: [
        {
          month: month(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)),
          download_mbps: null,
          upload_mbps: null,
          latency_ms: null,
          tests: 0,
        },
        {
          month: month(lastMonth.getTime()),
          download_mbps: 250,
          upload_mbps: null,
          latency_ms: null,
          tests: 1,
        },
        {
          month: month(monthStart),
          download_mbps: 200,
          upload_mbps: 60,
          latency_ms: 25,
          tests: 3,
        },
      ],
    })
  })

  it('covers every unit of the consumer, and refuses others', async () => {
    const response = await call('GET', url('consumer'), 'consumer')
    expect(response.statusCode).toBe(200)
    const { data } = v.parse(ReportCardsResponseSchema, response.json())
    expect(data.map((c) => c.unit_id)).toContain(1)
    expect(data.every((c) => c.months.length === 3)).toBe(true)
    expectRefusal(await call('GET', url('multi'), 'consumer'), 403, { code: 'FORBIDDEN' })
    expectRefusal(await call('GET', url('consumer'), null), 401, { code: 'UNAUTHENTICATED' })
    expect((await call('GET', url('consumer'), 'staff')).statusCode).toBe(200)
    const unknown = await call(
      'GET',
      '/users/00000000-0000-4000-8000-000000000000/report_cards',
      'staff',
    )
    expectRefusal(unknown, 404, { code: 'NOT_FOUND' })
  })
})
