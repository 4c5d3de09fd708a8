import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { MyAccessiblesResponseSchema, TokenPairResponseSchema } from '../../../contracts/auth.ts'
import {
  CountryDataResponseSchema,
  SignupAcceptedResponseSchema,
  SignupMetadataResponseSchema,
  SignupProfileResponseSchema,
  type StandardSignup,
} from '../../../contracts/signup.ts'
import { countries, users, volunteerSignups } from '../../db/schema.ts'
import { dbFixtures, type RefusalCase } from '../../test/fixtures.ts'
import {
  bearer,
  clientAddresses,
  createTestApp,
  errorBody,
  expectValidationFail,
  getAs,
  login,
  signIn,
  useTestApp,
} from '../../test/helpers.ts'
import { TEST_SCRYPT_COST } from '../../test/settings.ts'
import { SIGNUP_BODY_LIMIT } from './routes.ts'

const t = useTestApp()

const PASSWORD = 'Volunteer-pass-1'
const nextIp = clientAddresses()
const { ispId, packageId, userByEmail, signupOf, mailsTo } = dbFixtures(() => t.db)

function post(payload: unknown, ip = nextIp()): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/zeus/signups',
    remoteAddress: ip,
    payload: payload as object,
  })
}

const freshEmail = (prefix = 'applicant') => `${prefix}-${randomUUID().slice(0, 8)}@example.org`

/** A complete, valid New Zealand application. */
async function nzApplication(overrides: Partial<StandardSignup> = {}): Promise<StandardSignup> {
  return {
    owner: 'nz',
    first_name: 'Mere',
    last_name: 'Tawhiri',
    email: freshEmail(),
    password: PASSWORD,
    country: 158,
    region: 'NZ-WGN',
    city: 'Wellington',
    postcode: '6011',
    isp: await ispId('Spark'),
    package: await packageId('Spark', 'Fibre 300'),
    ispOther: null,
    packageOther: null,
    other: null,
    tos: true,
    locale: 'en_GB',
    mobile_number: '+64 21 555 0100',
    fibre_availability: null,
    ...overrides,
  }
}

describe('GET /api/zeus/signups/metadata', () => {
  it('describes the five programmes without auth, cacheable for an hour', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/zeus/signups/metadata' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=3600')
    const { programmes } = v.parse(SignupMetadataResponseSchema, response.json()).data
    expect(
      programmes.map((p) => [p.owner, p.default_country_id, p.variant, p.form, p.branding.logo]),
    ).toEqual([
      ['nz', 158, 'general', 'standard', '/signup-logos/nz.svg'],
      ['au', 14, 'general', 'standard', '/signup-logos/au.svg'],
      ['om', 169, 'general', 'standard', '/signup-logos/om.svg'],
      ['sa', 195, 'fixed_line_fibre', 'saudi', '/signup-logos/sa.svg'],
      ['internal', 235, 'general', 'standard', '/signup-logos/internal.svg'],
    ])
    const oman = programmes.find((p) => p.owner === 'om')
    expect(oman?.regions).toHaveLength(11)
    expect(oman?.asks).toEqual({ postcode: false, phone: true, fibre_availability: true })
    for (const programme of programmes) {
      expect(programme.links.faq).toBe('/hc')
      expect(programme.links.contact).toMatch(/^mailto:/)
    }
  })

  it('only names countries that exist', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/zeus/signups/metadata' })
    const { programmes } = v.parse(SignupMetadataResponseSchema, response.json()).data
    const known = new Set(
      (await t.db.select({ id: countries.id }).from(countries)).map((c) => c.id),
    )
    for (const id of programmes.flatMap((p) => p.country_ids)) expect(known.has(id)).toBe(true)
  })
})

describe('GET /api/zeus/signups/countries/{countryId}', () => {
  it('lists the real ISPs with their packages, then other (0) and unknown (-1)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/zeus/signups/countries/195' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=3600')
    const { countryData } = v.parse(CountryDataResponseSchema, response.json()).data
    expect(countryData.id).toBe(195)
    expect(countryData.name).toBe('Saudi Arabia')
    expect(countryData.isps.map((isp) => [isp.id > 0 ? 'real' : isp.id, isp.name])).toEqual([
      ['real', 'Mobily'],
      ['real', 'stc'],
      ['real', 'Zain KSA'],
      [0, 'Other'],
      [-1, 'Unknown'],
    ])
    const stc = countryData.isps.find((isp) => isp.name === 'stc')
    expect(stc?.packages.map((p) => p.name)).toEqual([
      'Fiber 100',
      '5G Home',
      'Fiber 500',
      'Other',
      'Unknown',
    ])
    for (const isp of countryData.isps) {
      expect(isp.packages.slice(-2)).toEqual([
        { id: 0, name: 'Other' },
        { id: -1, name: 'Unknown' },
      ])
    }
  })

  it.each([
    { url: '/api/zeus/signups/countries/999', status: 404, code: 'NOT_FOUND' },
    { url: '/api/zeus/signups/countries/abc', status: 400, code: 'VALIDATION_FAIL' },
    { url: '/api/zeus/signups/countries/99999999999', status: 400, code: 'VALIDATION_FAIL' },
  ])('$url → $status', async ({ url, status, code }) => {
    const response = await t.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(status)
    expect(errorBody(response).code).toBe(code)
  })
})

describe('POST /api/zeus/signups', () => {
  it('creates a volunteer who signs in to /profile, with a confirmation mail', async () => {
    const application = await nzApplication({ email: freshEmail('Mere.Tawhiri') })
    const response = await post(application)
    expect(response.statusCode).toBe(201)
    expect(v.parse(SignupAcceptedResponseSchema, response.json())).toEqual({
      data: { status: 'signup' },
    })

    const user = await userByEmail(application.email)
    expect(user).toMatchObject({
      email: application.email,
      firstName: 'Mere',
      lastName: 'Tawhiri',
      defaultLocale: 'en_GB',
      organisationId: null,
      status: 'enabled',
    })
    expect(user?.passwordHash).toMatch(new RegExp(`^scrypt\\$${TEST_SCRYPT_COST}\\$`))
    const record = user ? await signupOf(user.id) : null
    expect(record).toMatchObject({
      owner: 'nz',
      status: 'signup',
      countryId: 158,
      region: 'NZ-WGN',
      city: 'Wellington',
      postcode: '6011',
      mobileNumber: '+64 21 555 0100',
      ispId: application.isp,
      ispOther: null,
      packageId: application.package,
      packageOther: null,
      locale: 'en_GB',
      installationAddress: null,
    })

    const mails = await mailsTo(application.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Thank you for applying to Measuring Broadband New Zealand')
    expect(mails[0]?.text).toContain('If you are selected, we email you to confirm the address')
    // The sign-in link opens the app in the applicant's language.
    expect(mails[0]?.text).toContain('http://whitebox.test/login?lang=en-GB')
    expect(mails[0]?.text).toContain('mbnz@whitebox.example')
    expect(mails[0]?.links).toEqual([
      'http://whitebox.test/login?lang=en-GB',
      'http://whitebox.test/hc/en-gb',
    ])

    // The new account is a volunteer: a volunteer accessible, no panels, no units (seeds 6).
    const token = (await signIn(t.app, application.email, PASSWORD)).accessToken.token
    const accessibles = await getAs(t.app, token, '/api/auth/myAccessibles')
    expect(v.parse(MyAccessiblesResponseSchema, accessibles.json()).data).toEqual({
      apollo: [],
      units: [],
      volunteer: { signupId: record?.id, owner: 'nz' },
      administration: null,
    })
    const profile = await getAs(t.app, token, `/api/zeus/users/${user?.id}/signup`)
    expect(profile.statusCode).toBe(200)
    expect(v.parse(SignupProfileResponseSchema, profile.json()).data).toMatchObject({
      owner: 'nz',
      status: 'signup',
      editable: true,
      email: application.email,
      region: 'NZ-WGN',
      city: 'Wellington',
      isp: { id: application.isp, name: 'Spark' },
      package: { id: application.package, name: 'Fibre 300' },
    })
  })

  it.each([
    {
      locale: 'ar_SA',
      subject: 'شكرًا لتقديمك طلب المشاركة في Measuring Broadband New Zealand',
      faq: '/hc/ar',
      login: '/login?lang=ar-SA',
    },
    {
      locale: 'fr_CA',
      subject: 'Merci de votre candidature : Measuring Broadband New Zealand',
      faq: '/hc/fr-ca',
      login: '/login?lang=fr-CA',
    },
  ] as const)('mails in $locale and remembers it as the account language', async (c) => {
    const application = await nzApplication({ locale: c.locale })
    expect((await post(application)).statusCode).toBe(201)
    const [mail] = await mailsTo(application.email)
    expect(mail?.subject).toBe(c.subject)
    expect(mail?.text).toContain(`http://whitebox.test${c.faq}`)
    expect(mail?.text).toContain(`http://whitebox.test${c.login}`)
    expect((await userByEmail(application.email))?.defaultLocale).toBe(c.locale)
  })

  it('records other (0) with its text and unknown (null or -1) as nulls', async () => {
    const other = await nzApplication({ isp: 0, ispOther: '  Village Wireless  ', package: -1 })
    expect((await post(other)).statusCode).toBe(201)
    const otherUser = await userByEmail(other.email)
    expect(otherUser && (await signupOf(otherUser.id))).toMatchObject({
      ispId: null,
      ispOther: 'Village Wireless',
      packageId: null,
      packageOther: null,
    })

    const unknown = await nzApplication({
      isp: null,
      package: 0,
      packageOther: 'Fibre 50 (old plan)',
    })
    expect((await post(unknown)).statusCode).toBe(201)
    const unknownUser = await userByEmail(unknown.email)
    expect(unknownUser && (await signupOf(unknownUser.id))).toMatchObject({
      ispId: null,
      ispOther: null,
      packageId: null,
      packageOther: 'Fibre 50 (old plan)',
    })
  })

  it('accepts names of exactly 50 characters and stores canonical region/city spellings', async () => {
    const application = await nzApplication({
      first_name: 'a'.repeat(50),
      last_name: 'b'.repeat(50),
      region: 'nz-wko',
      city: 'taupo',
      mobile_number: '٠٢١ ٥٥٥ ٠١٤٢',
    })
    expect((await post(application)).statusCode).toBe(201)
    const user = await userByEmail(application.email)
    expect(user && (await signupOf(user.id))).toMatchObject({
      region: 'NZ-WKO',
      city: 'Taupō',
      mobileNumber: '021 555 0142',
    })
  })

  it('asks Oman for fibre availability and Australia for a postcode, per programme', async () => {
    const oman = await nzApplication({
      owner: 'om',
      country: 169,
      region: 'OM-MA',
      city: 'Muscat',
      postcode: null,
      isp: await ispId('Omantel'),
      package: await packageId('Omantel', 'Home Fibre 100'),
      fibre_availability: false,
    })
    expect((await post(oman)).statusCode).toBe(201)
    const omanUser = await userByEmail(oman.email)
    expect(omanUser && (await signupOf(omanUser.id))).toMatchObject({
      owner: 'om',
      fibreAvailability: false,
      postcode: null,
    })

    const australia = await nzApplication({
      owner: 'au',
      country: 14,
      region: 'AU-VIC',
      city: 'Geelong',
      postcode: '3220',
      isp: await ispId('Telstra'),
      package: null,
      // Australia does not ask for a phone: an answer is not kept.
      mobile_number: '+61 400 000 000',
    })
    expect((await post(australia)).statusCode).toBe(201)
    const auUser = await userByEmail(australia.email)
    expect(auUser && (await signupOf(auUser.id))).toMatchObject({
      owner: 'au',
      postcode: '3220',
      mobileNumber: null,
    })

    const internal = await nzApplication({
      owner: 'internal',
      country: 235,
      region: null,
      city: null,
      postcode: 'EC1A 1BB',
      isp: await ispId('BT'),
      package: await packageId('BT', 'Full Fibre 500'),
    })
    expect((await post(internal)).statusCode).toBe(201)
  })

  it.each([
    {
      name: 'first name over 50',
      set: { first_name: 'a'.repeat(51) },
      errors: { first_name: ['FIRST_NAME_TOO_LONG'] },
    },
    {
      name: 'last name over 50',
      set: { last_name: 'b'.repeat(51) },
      errors: { last_name: ['LAST_NAME_TOO_LONG'] },
    },
    { name: 'blank first name', set: { first_name: '   ' }, errors: { first_name: ['MISSING'] } },
    { name: 'invalid email', set: { email: 'not-an-email' }, errors: { email: ['EMAIL_INVALID'] } },
    {
      name: 'postcode over 100',
      set: { postcode: '6'.repeat(101) },
      errors: { post_code: ['POSTCODE_TOO_LONG'] },
    },
    {
      name: 'null postcode where asked',
      set: { postcode: null },
      errors: { post_code: ['MISSING'] },
    },
    {
      name: 'weak password',
      set: { password: 'password' },
      errors: { password: ['INVALID_PASSWORD_FORMAT'] },
    },
    { name: 'empty password', set: { password: '' }, errors: { password: ['MISSING'] } },
    { name: 'agreement unticked', set: { tos: false }, errors: { tos: ['MISSING'] } },
    { name: 'unknown region', set: { region: 'NZ-XYZ' }, errors: { region: ['INVALID'] } },
    { name: 'no region', set: { region: null }, errors: { region: ['MISSING'] } },
    { name: 'city of another region', set: { city: 'Auckland' }, errors: { city: ['INVALID'] } },
    { name: 'no city', set: { city: '' }, errors: { city: ['MISSING'] } },
    {
      name: 'not a phone number',
      set: { mobile_number: 'call me' },
      errors: { mobile_number: ['INVALID'] },
    },
    {
      name: 'country outside the programme',
      set: { country: 14 },
      errors: { country: ['INVALID'] },
    },
    { name: 'the Saudi owner', set: { owner: 'sa' }, errors: { owner: ['INVALID'] } },
    { name: 'an unknown owner', set: { owner: 'xx' }, errors: { owner: ['INVALID'] } },
    { name: 'an unknown locale', set: { locale: 'de_DE' }, errors: { locale: ['INVALID'] } },
    { name: 'a string isp', set: { isp: 'Spark' }, errors: { isp: ['INVALID'] } },
    {
      name: 'other ISP without text',
      set: { isp: 0, package: null },
      errors: { isp_other: ['MISSING'] },
    },
    {
      name: 'other ISP text over 50',
      set: { isp: 0, ispOther: 'x'.repeat(51), package: null },
      errors: { isp_other: ['ISP_OTHER_TOO_LONG'] },
    },
    {
      name: 'other package without text',
      set: { package: 0 },
      errors: { package_other: ['MISSING'] },
    },
    {
      name: 'other package text over 50',
      set: { package: 0, packageOther: 'y'.repeat(51) },
      errors: { package_other: ['PACKAGE_OTHER_TOO_LONG'] },
    },
    {
      name: 'a negative ISP id',
      set: { isp: -4, package: null },
      errors: { isp: ['ISP_INVALID'] },
    },
    {
      name: 'an ISP that does not exist',
      set: { isp: 99_999, package: null },
      errors: { isp: ['ISP_INVALID'] },
    },
    {
      name: 'a package that does not exist',
      set: { package: 99_999 },
      errors: { package: ['PACKAGE_INVALID'] },
    },
  ] as RefusalCase[])('refuses $name', async ({ set, errors }) => {
    const application = { ...(await nzApplication()), ...set }
    const response = await post(application)
    expectValidationFail(response, errors)
    expect(await userByEmail(application.email)).toBeNull()
  })

  it('refuses an ISP of another country (ISP_INVALID) and a package of another ISP (PACKAGE_INVALID)', async () => {
    expectValidationFail(
      await post(await nzApplication({ isp: await ispId('Telstra'), package: null })),
      { isp: ['ISP_INVALID'] },
    )
    expectValidationFail(
      await post(await nzApplication({ package: await packageId('One NZ', 'Fibre 300') })),
      { package: ['PACKAGE_INVALID'] },
    )
    // A real package needs a real provider: not "other", not "I don't know".
    expectValidationFail(
      await post(
        await nzApplication({ isp: null, package: await packageId('Spark', 'Fibre Max') }),
      ),
      { package: ['PACKAGE_INVALID'] },
    )
  })

  it('asks Oman for the fibre answer', async () => {
    const application = await nzApplication({
      owner: 'om',
      country: 169,
      region: 'OM-ZU',
      city: 'Salalah',
      isp: null,
      package: null,
      fibre_availability: null,
    })
    expectValidationFail(await post(application), { fibre_availability: ['MISSING'] })
  })

  it.each([
    { key: 'owner', field: 'owner' },
    { key: 'first_name', field: 'first_name' },
    { key: 'last_name', field: 'last_name' },
    { key: 'email', field: 'email' },
    { key: 'password', field: 'password' },
    { key: 'country', field: 'country' },
    { key: 'region', field: 'region' },
    { key: 'city', field: 'city' },
    { key: 'postcode', field: 'post_code' },
    { key: 'isp', field: 'isp' },
    { key: 'package', field: 'package' },
    { key: 'tos', field: 'tos' },
  ])('answers MISSING under $field when $key is absent', async ({ key, field }) => {
    const application = Object.fromEntries(
      Object.entries(await nzApplication()).filter(([name]) => name !== key),
    )
    expectValidationFail(await post(application), { [field]: ['MISSING'] })
  })

  it('reports every refused field at once', async () => {
    const response = await post(
      await nzApplication({
        first_name: 'a'.repeat(51),
        email: 'nope',
        postcode: '1'.repeat(101),
        isp: 0,
        ispOther: null,
        package: 0,
        packageOther: 'p'.repeat(51),
        tos: false,
      }),
    )
    expectValidationFail(response, {
      first_name: ['FIRST_NAME_TOO_LONG'],
      email: ['EMAIL_INVALID'],
      post_code: ['POSTCODE_TOO_LONG'],
      isp_other: ['MISSING'],
      package_other: ['PACKAGE_OTHER_TOO_LONG'],
      tos: ['MISSING'],
    })
  })

  it.each(['consumer@example.com', 'CONSUMER@Example.COM', '  Volunteer@EXAMPLE.com  '])(
    'refuses the registered email %s (EMAIL_IN_USE, whatever its case)',
    async (email) => {
      expectValidationFail(await post(await nzApplication({ email })), { email: ['EMAIL_IN_USE'] })
    },
  )

  it('lets one of two simultaneous applications with one email through, the other EMAIL_IN_USE', async () => {
    const email = freshEmail('race')
    const [a, b] = await Promise.all([
      post(await nzApplication({ email })),
      post(await nzApplication({ email: email.toUpperCase() })),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422])
    const refused = a.statusCode === 422 ? a : b
    expect(errorBody(refused)).toEqual({
      code: 'VALIDATION_FAIL',
      errors: { email: ['EMAIL_IN_USE'] },
    })
    const [{ count } = { count: -1 }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
    expect(count).toBe(1)
  })

  it.each([
    { other: 'https://spam.example' },
    { other: { url: 'x' } },
    { other: 1, first_name: 'x'.repeat(200), email: 'bad' },
  ])(
    'ignores a filled honeypot silently: 201, no account, no record, no mail ($other)',
    async (set) => {
      const usersBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(users)
      const signupsBefore = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(volunteerSignups)
      const application = { ...(await nzApplication()), ...set }
      const response = await post(application)
      expect(response.statusCode).toBe(201)
      expect(response.json()).toEqual({ data: { status: 'signup' } })
      expect(await userByEmail(application.email)).toBeNull()
      expect(await mailsTo(application.email)).toHaveLength(0)
      const usersAfter = await t.db.select({ n: sql<number>`count(*)::int` }).from(users)
      const signupsAfter = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(volunteerSignups)
      expect(usersAfter).toEqual(usersBefore)
      expect(signupsAfter).toEqual(signupsBefore)
    },
  )

  it.each([
    { name: 'malformed JSON', payload: '{"owner": "nz",', type: 'application/json', status: 400 },
    { name: 'a JSON array', payload: '[1,2]', type: 'application/json', status: 400 },
    { name: 'a JSON string', payload: '"nz"', type: 'application/json', status: 400 },
    { name: 'null', payload: 'null', type: 'application/json', status: 400 },
    { name: 'plain text', payload: 'owner=nz', type: 'text/plain', status: 400 },
    { name: 'XML', payload: '<owner>nz</owner>', type: 'application/xml', status: 415 },
    {
      name: 'a huge body',
      payload: JSON.stringify({ owner: 'nz', first_name: 'x'.repeat(SIGNUP_BODY_LIMIT) }),
      type: 'application/json',
      status: 413,
    },
  ])('answers $status, never 500, to $name', async ({ payload, type, status }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/zeus/signups',
      remoteAddress: nextIp(),
      headers: { 'content-type': type },
      payload,
    })
    expect(response.statusCode).toBe(status)
    expect(typeof errorBody(response).code).toBe('string')
  })
})

describe('sign-up rate limit', () => {
  it('refuses a client over the per-IP limit with 429 RATE_LIMITED, others still pass', async () => {
    const limit = 3
    const limited = await createTestApp({ RATE_LIMIT_LOGIN_PER_MINUTE: String(limit) })
    try {
      const send = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/zeus/signups',
          remoteAddress: ip,
          payload: { owner: 'nz' },
        })
      for (let i = 0; i < limit; i += 1) expect((await send('203.0.113.9')).statusCode).toBe(422)
      const refused = await send('203.0.113.9')
      expect(refused.statusCode).toBe(429)
      expect(errorBody(refused).code).toBe('RATE_LIMITED')
      expect((await send('203.0.113.10')).statusCode).toBe(422)
    } finally {
      await limited.close()
    }
  })
})

describe('GET/PUT /api/zeus/users/{userId}/signup', () => {
  const tokens = new Map<string, string>()
  const idOf = async (account: string) => (await userByEmail(`${account}@example.com`))?.id ?? 0
  beforeAll(async () => {
    for (const account of ['volunteer', 'consumer', 'staff'] as const) {
      tokens.set(account, (await signIn(t.app, account)).accessToken.token)
    }
  })

  function call(
    method: 'GET' | 'PUT',
    url: string,
    as: string | null,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method,
      url: `/api/zeus${url}`,
      headers: as ? bearer(tokens.get(as) ?? '') : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  }

  /** A new volunteer (signed in) with a record in `status`, for tests that change it. */
  async function newVolunteer(status: 'signup' | 'waiting_list' | 'selected' | 'shipping') {
    const application = await nzApplication()
    expect((await post(application)).statusCode).toBe(201)
    const user = await userByEmail(application.email)
    if (!user) throw new Error('no user')
    await t.db.update(volunteerSignups).set({ status }).where(eq(volunteerSignups.userId, user.id))
    const record = await signupOf(user.id)
    const pair = v.parse(
      TokenPairResponseSchema,
      (await login(t.app, application.email, PASSWORD)).json(),
    )
    tokens.set(application.email, pair.accessToken.token)
    return { userId: user.id, signupId: record?.id ?? 0, as: application.email }
  }

  it('shows the demo volunteer their seeded record', async () => {
    const response = await call('GET', `/users/${await idOf('volunteer')}/signup`, 'volunteer')
    expect(response.statusCode).toBe(200)
    const profile = v.parse(SignupProfileResponseSchema, response.json()).data
    expect(profile).toMatchObject({
      id: 1,
      owner: 'nz',
      status: 'waiting_list',
      editable: true,
      first_name: 'Liam',
      last_name: 'Parata',
      email: 'volunteer@example.com',
      country: { id: 158, name: 'New Zealand', code: 'NZ' },
      region: 'NZ-WGN',
      city: 'Wellington',
      postcode: '6011',
      mobile_number: '+64 21 555 0142',
      isp: { name: 'Spark' },
      package: { name: 'Fibre 300' },
      installation_address: null,
    })
    expect(Date.parse(profile.agreed_at)).toBeLessThan(Date.now())
  })

  it.each([
    { name: 'another user', as: 'consumer', status: 403, code: 'FORBIDDEN' },
    { name: 'nobody signed in', as: null, status: 401, code: 'UNAUTHENTICATED' },
  ])('refuses $name ($status) on GET and PUT', async ({ as, status, code }) => {
    const id = await idOf('volunteer')
    const get = await call('GET', `/users/${id}/signup`, as)
    expect(get.statusCode).toBe(status)
    expect(errorBody(get).code).toBe(code)
    const put = await call('PUT', `/users/${id}/signup/1`, as, { postcode: '6012' })
    expect(put.statusCode).toBe(status)
    expect(errorBody(put).code).toBe(code)
  })

  it('refuses before looking: 403 for a user id that does not exist', async () => {
    const response = await call('GET', '/users/999999/signup', 'consumer')
    expect(response.statusCode).toBe(403)
  })

  it('lets global access read any record, and answers 404 where there is none', async () => {
    const volunteer = await call('GET', `/users/${await idOf('volunteer')}/signup`, 'staff')
    expect(volunteer.statusCode).toBe(200)
    expect((await call('GET', '/users/999999/signup', 'staff')).statusCode).toBe(404)
    // A consumer is not a volunteer: no record.
    const own = await call('GET', `/users/${await idOf('consumer')}/signup`, 'consumer')
    expect(own.statusCode).toBe(404)
    expect(errorBody(own).code).toBe('NOT_FOUND')
  })

  it('updates the fields a volunteer may change and returns the profile', async () => {
    const { userId, signupId, as } = await newVolunteer('selected')
    const onePlus = await packageId('One NZ', 'Fibre Max')
    const response = await call('PUT', `/users/${userId}/signup/${signupId}`, as, {
      mobile_number: '+64 27 123 4567',
      region: 'NZ-CAN',
      city: 'christchurch',
      postcode: '8011',
      isp: await ispId('One NZ'),
      package: onePlus,
    })
    expect(response.statusCode).toBe(200)
    const profile = v.parse(SignupProfileResponseSchema, response.json()).data
    expect(profile).toMatchObject({
      status: 'selected',
      editable: true,
      mobile_number: '+64 27 123 4567',
      region: 'NZ-CAN',
      city: 'Christchurch',
      postcode: '8011',
      isp: { name: 'One NZ' },
      package: { id: onePlus, name: 'Fibre Max' },
      isp_other: null,
    })
    expect(Date.parse(profile.updated_at)).toBeGreaterThanOrEqual(Date.parse(profile.created_at))

    const other = await call('PUT', `/users/${userId}/signup/${signupId}`, as, {
      isp: 0,
      ispOther: 'Rural Link',
      package: -1,
    })
    expect(other.statusCode).toBe(200)
    expect(v.parse(SignupProfileResponseSchema, other.json()).data).toMatchObject({
      isp: null,
      isp_other: 'Rural Link',
      package: null,
      package_other: null,
      // Untouched fields keep their values.
      city: 'Christchurch',
    })
  })

  it.each([
    {
      name: 'postcode over 100',
      body: { postcode: '9'.repeat(101) },
      errors: { post_code: ['POSTCODE_TOO_LONG'] },
    },
    {
      name: 'blank postcode where asked',
      body: { postcode: '' },
      errors: { post_code: ['MISSING'] },
    },
    {
      name: 'bad phone',
      body: { mobile_number: 'ring me' },
      errors: { mobile_number: ['INVALID'] },
    },
    { name: 'city of another region', body: { city: 'Dunedin' }, errors: { city: ['INVALID'] } },
    { name: 'unknown region', body: { region: 'AU-NSW' }, errors: { region: ['INVALID'] } },
    {
      name: 'other ISP without text',
      body: { isp: 0, package: null },
      errors: { isp_other: ['MISSING'] },
    },
    {
      name: 'other package text over 50',
      body: { package: 0, packageOther: 'z'.repeat(51) },
      errors: { package_other: ['PACKAGE_OTHER_TOO_LONG'] },
    },
    { name: 'a string package', body: { package: 'fast' }, errors: { package: ['INVALID'] } },
  ] as { name: string; body: Record<string, unknown>; errors: Record<string, string[]> }[])(
    'refuses $name (422)',
    async ({ body, errors }) => {
      const id = await idOf('volunteer')
      expectValidationFail(await call('PUT', `/users/${id}/signup/1`, 'volunteer', body), errors)
    },
  )

  it('checks ISPs and packages against the record country and the chosen ISP', async () => {
    const id = await idOf('volunteer')
    const url = `/users/${id}/signup/1`
    expectValidationFail(
      await call('PUT', url, 'volunteer', { isp: await ispId('stc'), package: null }),
      { isp: ['ISP_INVALID'] },
    )
    // A new ISP with the old package (Spark's): the package no longer belongs.
    expectValidationFail(await call('PUT', url, 'volunteer', { isp: await ispId('2degrees') }), {
      package: ['PACKAGE_INVALID'],
    })
    expectValidationFail(
      await call('PUT', url, 'volunteer', { package: await packageId('Mobily', 'Fiber 200') }),
      { package: ['PACKAGE_INVALID'] },
    )
    const unchanged = await call('GET', `/users/${id}/signup`, 'volunteer')
    expect(v.parse(SignupProfileResponseSchema, unchanged.json()).data.isp?.name).toBe('Spark')
  })

  it('refuses every change once shipping (409 SIGNUP_SHIPPING) and says it is not editable', async () => {
    const { userId, signupId, as } = await newVolunteer('shipping')
    const response = await call('PUT', `/users/${userId}/signup/${signupId}`, as, {
      mobile_number: '+64 27 000 0000',
    })
    expect(response.statusCode).toBe(409)
    expect(errorBody(response)).toEqual({ code: 'SIGNUP_SHIPPING' })
    // Even global access cannot edit a shipped record.
    const staff = await call('PUT', `/users/${userId}/signup/${signupId}`, 'staff', {
      postcode: '6011',
    })
    expect(staff.statusCode).toBe(409)
    const profile = await call('GET', `/users/${userId}/signup`, as)
    expect(v.parse(SignupProfileResponseSchema, profile.json()).data).toMatchObject({
      status: 'shipping',
      editable: false,
      mobile_number: '+64 21 555 0100',
    })
  })

  it('answers 404 for a record of someone else, or none', async () => {
    const { userId, as } = await newVolunteer('signup')
    // Record 1 is the demo volunteer's, not this user's.
    expect((await call('PUT', `/users/${userId}/signup/1`, as, { postcode: '1' })).statusCode).toBe(
      404,
    )
    expect((await call('PUT', `/users/${userId}/signup/999999`, as, {})).statusCode).toBe(404)
  })

  it.each([
    { name: 'malformed JSON', payload: '{"postcode":', status: 400 },
    { name: 'an array', payload: '[]', status: 400 },
    {
      name: 'a huge body',
      payload: JSON.stringify({ postcode: 'x'.repeat(SIGNUP_BODY_LIMIT) }),
      status: 413,
    },
  ])('answers $status, never 500, to $name', async ({ payload, status }) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/zeus/users/${await idOf('volunteer')}/signup/1`,
      headers: { ...bearer(tokens.get('volunteer') ?? ''), 'content-type': 'application/json' },
      payload,
    })
    expect(response.statusCode).toBe(status)
  })
})
