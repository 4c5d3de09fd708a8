import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { MyAccessiblesResponseSchema } from '../../../contracts/auth.ts'
import { SignupProfileResponseSchema, type SaudiSignup } from '../../../contracts/signup.ts'
import { outbox, passwordResetTokens, users, volunteerSignups } from '../../db/schema.ts'
import { dbFixtures, type RefusalCase } from '../../test/fixtures.ts'
import {
  clientAddresses,
  createTestApp,
  errorBody,
  expectValidationFail,
  getAs,
  login,
  signIn,
  useTestApp,
} from '../../test/helpers.ts'
import { PASSWORD_LINK_DAYS, SAUDI_SIGNUP_BODY_LIMIT } from './routes.ts'

const t = useTestApp()

const nextIp = clientAddresses()
const { ispId, packageId, userByEmail, signupOf, mailsTo } = dbFixtures(() => t.db)

function post(payload: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/signup-sa/signup',
    remoteAddress: nextIp(),
    payload: payload as object,
  })
}

/** A complete, valid Saudi application (delivery to the installation address, as by default). */
async function saudiApplication(overrides: Partial<SaudiSignup> = {}): Promise<SaudiSignup> {
  const address = {
    address_1: '2451 King Fahd Road',
    address_2: 'Al Olaya',
    address_3: null,
    city: 'Riyadh',
    postcode: '12211',
    country: 195,
    phone: null,
  } as const
  return {
    first_name: 'نورة',
    last_name: 'القحطاني',
    email: `noura-${randomUUID().slice(0, 8)}@example.org`,
    mobile: '+966 50 123 4567',
    installation_address_1: address.address_1,
    installation_address_2: address.address_2,
    installation_address_3: address.address_3,
    installation_city: address.city,
    installation_postcode: address.postcode,
    installation_country: 195,
    installation_phone: address.phone,
    delivery_address_1: address.address_1,
    delivery_address_2: address.address_2,
    delivery_address_3: address.address_3,
    delivery_city: address.city,
    delivery_postcode: address.postcode,
    delivery_country: 195,
    delivery_phone: address.phone,
    language_preference: 'ar_SA',
    ispId: await ispId('stc'),
    ispOther: null,
    service_provider: 'stc',
    productId: await packageId('stc', 'Fiber 500'),
    productOther: null,
    package: 'Fiber 500',
    other: null,
    tos: true,
    ...overrides,
  }
}

/** A copy of a payload without some keys (absent, not null). */
function without(payload: object, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(payload).filter(([key]) => !keys.includes(key)))
}

describe('POST /api/signup-sa/signup', () => {
  it('records the application and mails a link to choose a password, then /profile works', async () => {
    const application = await saudiApplication({
      delivery_address_1: 'Building 7, Prince Sultan Street',
      delivery_address_2: null,
      delivery_city: 'Jeddah',
      delivery_postcode: '٢٣٤٣٢',
      delivery_phone: '+966 12 345 6789',
    })
    const response = await post(application)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ data: { status: 'signup' } })

    const user = await userByEmail(application.email)
    expect(user).toMatchObject({
      firstName: 'نورة',
      lastName: 'القحطاني',
      defaultLocale: 'ar_SA',
      status: 'enabled',
    })
    // No password yet: nothing signs in until the volunteer chooses one.
    expect(user?.passwordHash).not.toMatch(/^scrypt\$/)
    expect((await login(t.app, application.email, 'anything-At-all-1')).statusCode).toBe(401)

    const record = user ? await signupOf(user.id) : null
    expect(record).toMatchObject({
      owner: 'sa',
      status: 'signup',
      countryId: 195,
      region: 'SA-01',
      city: 'Riyadh',
      postcode: '12211',
      mobileNumber: '+966 50 123 4567',
      ispId: application.ispId,
      packageId: application.productId,
      locale: 'ar_SA',
      installationAddress: {
        line1: '2451 King Fahd Road',
        line2: 'Al Olaya',
        line3: null,
        city: 'Riyadh',
        postcode: '12211',
        country_id: 195,
        phone: null,
      },
      deliveryAddress: {
        line1: 'Building 7, Prince Sultan Street',
        line2: null,
        line3: null,
        city: 'Jeddah',
        postcode: '23432',
        country_id: 195,
        phone: '+966 12 345 6789',
      },
    })

    const [mail] = await mailsTo(application.email)
    // The study as it is known in Arabic.
    expect(mail?.subject).toBe(
      'شكرًا لتقديمك طلب المشاركة في دراسة هيئة الاتصالات والفضاء والتقنية للألياف الضوئية الثابتة',
    )
    expect(mail?.text).toContain(`${PASSWORD_LINK_DAYS} أيام`)
    const link = mail?.links[0] ?? ''
    // The link opens the app in the applicant's language (ar-SA), whatever the device's.
    const match = /^http:\/\/whitebox\.test\/reset-password\/(\d+)\/([^/?]+)\?lang=ar-SA$/.exec(
      link,
    )
    expect(match?.[1]).toBe(String(user?.id))
    expect(mail?.text).toContain(link)
    const [stored] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user?.id ?? 0))
    const days = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(PASSWORD_LINK_DAYS - 0.01)
    expect(days).toBeLessThanOrEqual(PASSWORD_LINK_DAYS)

    // The link works with the existing reset flow; then the volunteer signs in to /profile.
    const token = decodeURIComponent(match?.[2] ?? '')
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resetPassword',
      payload: { user_id: user?.id, token, password: 'Noura-chose-1' },
    })
    expect(reset.statusCode).toBe(200)
    const access = (await signIn(t.app, application.email, 'Noura-chose-1')).accessToken.token
    const accessibles = await getAs(t.app, access, '/api/auth/myAccessibles')
    expect(v.parse(MyAccessiblesResponseSchema, accessibles.json()).data).toMatchObject({
      apollo: [],
      units: [],
      volunteer: { signupId: record?.id, owner: 'sa' },
    })
    const profile = await getAs(t.app, access, `/api/zeus/users/${user?.id}/signup`)
    expect(v.parse(SignupProfileResponseSchema, profile.json()).data).toMatchObject({
      owner: 'sa',
      isp: { name: 'stc' },
      package: { name: 'Fiber 500' },
      delivery_address: { city: 'Jeddah' },
    })
  })

  it.each([
    {
      language: 'en_GB',
      subject: 'Thank you for applying to CST Saudi Arabia Fixed-Line Fibre Study',
    },
    {
      language: 'fr_CA',
      subject: 'Merci de votre candidature : Étude de la CST sur la fibre fixe en Arabie saoudite',
    },
  ] as const)('mails in $language', async ({ language, subject }) => {
    const application = await saudiApplication({ language_preference: language })
    expect((await post(application)).statusCode).toBe(201)
    const [mail] = await mailsTo(application.email)
    expect(mail?.subject).toBe(subject)
    const link = mail?.links[0] ?? ''
    expect(new URL(link).searchParams.get('lang')).toBe(language.replace('_', '-'))
    expect(mail?.text).toContain(link)
  })

  it('stores the resolved names as the other-text when the ids are 0, and unknown as nulls', async () => {
    const other = await saudiApplication({
      ispId: 0,
      ispOther: null,
      service_provider: 'Salam',
      productId: 0,
      productOther: 'Fiber 300 Home',
      package: 'ignored when productOther is given',
      installation_city: 'Somewhere New',
    })
    expect((await post(other)).statusCode).toBe(201)
    const otherUser = await userByEmail(other.email)
    expect(otherUser && (await signupOf(otherUser.id))).toMatchObject({
      ispId: null,
      ispOther: 'Salam',
      packageId: null,
      packageOther: 'Fiber 300 Home',
      region: null,
      city: 'Somewhere New',
    })

    const unknown = await saudiApplication({ ispId: null, productId: -1 })
    expect((await post(unknown)).statusCode).toBe(201)
    const unknownUser = await userByEmail(unknown.email)
    expect(unknownUser && (await signupOf(unknownUser.id))).toMatchObject({
      ispId: null,
      ispOther: null,
      packageId: null,
      packageOther: null,
    })
  })

  it.each([
    {
      name: 'first name over 50',
      set: { first_name: 'ن'.repeat(51) },
      errors: { first_name: ['FIRST_NAME_TOO_LONG'] },
    },
    {
      name: 'last name over 50',
      set: { last_name: 'ق'.repeat(51) },
      errors: { last_name: ['LAST_NAME_TOO_LONG'] },
    },
    {
      name: 'invalid email',
      set: { email: 'noura at example' },
      errors: { email: ['EMAIL_INVALID'] },
    },
    { name: 'bad mobile', set: { mobile: '05x' }, errors: { mobile: ['INVALID'] } },
    {
      name: 'blank address line 1',
      set: { installation_address_1: ' ' },
      errors: { installation_address_1: ['MISSING'] },
    },
    {
      name: 'address line over 100',
      set: { delivery_address_2: 'x'.repeat(101) },
      errors: { delivery_address_2: ['INVALID'] },
    },
    { name: 'blank city', set: { delivery_city: '' }, errors: { delivery_city: ['MISSING'] } },
    {
      name: 'blank postcode',
      set: { installation_postcode: '' },
      errors: { installation_postcode: ['MISSING'] },
    },
    {
      name: 'postcode over 100',
      set: { installation_postcode: '1'.repeat(101) },
      errors: { installation_postcode: ['POSTCODE_TOO_LONG'] },
    },
    {
      name: 'not a Saudi postcode',
      set: { delivery_postcode: 'SW1A 1AA' },
      errors: { delivery_postcode: ['INVALID'] },
    },
    {
      name: 'bad installation phone',
      set: { installation_phone: 'none' },
      errors: { installation_phone: ['INVALID'] },
    },
    {
      name: 'another installation country',
      set: { installation_country: 235 },
      errors: { installation_country: ['INVALID'] },
    },
    {
      name: 'a string delivery country',
      set: { delivery_country: '195' },
      errors: { delivery_country: ['INVALID'] },
    },
    {
      name: 'an unknown language',
      set: { language_preference: 'de_DE' },
      errors: { language_preference: ['INVALID'] },
    },
    { name: 'agreement unticked', set: { tos: false }, errors: { tos: ['MISSING'] } },
    {
      name: 'other ISP without a name',
      set: { ispId: 0, ispOther: null, service_provider: null, productId: null },
      errors: { ispOther: ['MISSING'] },
    },
    {
      name: 'other ISP over 50',
      set: { ispId: 0, ispOther: 'i'.repeat(51), productId: null },
      errors: { ispOther: ['ISP_OTHER_TOO_LONG'] },
    },
    {
      name: 'other product without a name',
      set: { productId: 0, productOther: null, package: '' },
      errors: { productOther: ['MISSING'] },
    },
    {
      name: 'other product over 50',
      set: { productId: 0, productOther: 'p'.repeat(51) },
      errors: { productOther: ['PACKAGE_OTHER_TOO_LONG'] },
    },
    {
      name: 'an ISP that does not exist',
      set: { ispId: 99_999, productId: null },
      errors: { ispId: ['ISP_INVALID'] },
    },
    {
      name: 'a product that does not exist',
      set: { productId: 99_999 },
      errors: { productId: ['PACKAGE_INVALID'] },
    },
  ] as RefusalCase[])('refuses $name', async ({ set, errors }) => {
    const application = { ...(await saudiApplication()), ...set }
    expectValidationFail(await post(application), errors)
    expect(await userByEmail(application.email)).toBeNull()
  })

  it('refuses an ISP of another country and a product of another ISP', async () => {
    expectValidationFail(
      await post(await saudiApplication({ ispId: await ispId('Spark'), productId: null })),
      {
        ispId: ['ISP_INVALID'],
      },
    )
    expectValidationFail(
      await post(await saudiApplication({ productId: await packageId('Mobily', 'Fiber 200') })),
      { productId: ['PACKAGE_INVALID'] },
    )
    expectValidationFail(
      await post(
        await saudiApplication({ ispId: null, productId: await packageId('stc', 'Fiber 100') }),
      ),
      { productId: ['PACKAGE_INVALID'] },
    )
  })

  it('refuses a package that is not fibre: the study is a fixed-line fibre one', async () => {
    const application = await saudiApplication({
      ispId: await ispId('stc'),
      productId: await packageId('stc', '5G Home'),
    })
    expectValidationFail(await post(application), { productId: ['PACKAGE_INVALID'] })
    expect(await userByEmail(application.email)).toBeNull()
  })

  it.each(['consumer@example.com', 'Consumer@EXAMPLE.com'])(
    'refuses the registered email %s (EMAIL_IN_USE)',
    async (email) => {
      expectValidationFail(await post(await saudiApplication({ email })), {
        email: ['EMAIL_IN_USE'],
      })
    },
  )

  it.each([
    'first_name',
    'last_name',
    'email',
    'installation_address_1',
    'installation_city',
    'installation_postcode',
    'installation_country',
    'delivery_address_1',
    'delivery_city',
    'delivery_postcode',
    'delivery_country',
    'language_preference',
    'ispId',
    'productId',
    'tos',
  ])('answers MISSING when %s is absent', async (key) => {
    expectValidationFail(await post(without(await saudiApplication(), [key])), {
      [key]: ['MISSING'],
    })
  })

  it('accepts the optional fields absent', async () => {
    const optional = [
      'mobile',
      'installation_address_2',
      'installation_address_3',
      'installation_phone',
      'delivery_address_2',
      'delivery_address_3',
      'delivery_phone',
      'ispOther',
      'service_provider',
      'productOther',
      'package',
      'other',
    ]
    expect((await post(without(await saudiApplication(), optional))).statusCode).toBe(201)
  })

  it('ignores a filled honeypot silently: 201, no account, no record, no mail', async () => {
    const count = async () => {
      const [u] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users)
      const [s] = await t.db.select({ n: sql<number>`count(*)::int` }).from(volunteerSignups)
      const [o] = await t.db.select({ n: sql<number>`count(*)::int` }).from(outbox)
      return [u?.n, s?.n, o?.n]
    }
    const before = await count()
    const application = await saudiApplication({ other: 'https://spam.example' })
    const response = await post(application)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ data: { status: 'signup' } })
    expect(await userByEmail(application.email)).toBeNull()
    expect(await count()).toEqual(before)
  })

  it.each([
    { name: 'malformed JSON', payload: '{"first_name":', status: 400 },
    { name: 'an array', payload: '[{}]', status: 400 },
    {
      name: 'a huge body',
      payload: JSON.stringify({ first_name: 'x'.repeat(SAUDI_SIGNUP_BODY_LIMIT) }),
      status: 413,
    },
  ])('answers $status, never 500, to $name', async ({ payload, status }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/signup-sa/signup',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
      payload,
    })
    expect(response.statusCode).toBe(status)
    expect(typeof errorBody(response).code).toBe('string')
  })

  it('is rate-limited per client address like login', async () => {
    const limited = await createTestApp({ RATE_LIMIT_LOGIN_PER_MINUTE: '2' })
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/signup-sa/signup',
          remoteAddress: '203.0.113.50',
          payload: {},
        })
      expect((await send()).statusCode).toBe(422)
      expect((await send()).statusCode).toBe(422)
      const refused = await send()
      expect(refused.statusCode).toBe(429)
      expect(errorBody(refused).code).toBe('RATE_LIMITED')
    } finally {
      await limited.close()
    }
  })
})
