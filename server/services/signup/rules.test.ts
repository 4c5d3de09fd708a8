import { describe, expect, it } from 'vitest'
import {
  isPhoneNumber,
  isSaudiPostcode,
  normaliseDigits,
  SIGNUP_OWNERS,
  SignupProgrammeSchema,
} from '../../../contracts/signup.ts'
import * as v from 'valibot'
import {
  findCity,
  findRegion,
  programmeOf,
  saudiRegionOfCity,
  SIGNUP_PROGRAMMES,
} from './programmes.ts'
import {
  emailCode,
  isHoneypotFilled,
  nameCode,
  parseFields,
  passwordCode,
  phoneCode,
  postcodeCode,
  readChoice,
  type FieldErrors,
} from './rules.ts'

describe('contract helpers', () => {
  it.each([
    { input: '٠١٢٣٤٥٦٧٨٩', expected: '0123456789' },
    { input: '۰۱۲۳۴۵۶۷۸۹', expected: '0123456789' },
    { input: '+966 ٥٠ ١٢٣ ٤٥٦٧', expected: '+966 50 123 4567' },
    { input: 'abc 12', expected: 'abc 12' },
  ])('normaliseDigits($input) → $expected', ({ input, expected }) => {
    expect(normaliseDigits(input)).toBe(expected)
  })

  it.each([
    { phone: '+64 21 555 0142', valid: true },
    { phone: '021-555-0142', valid: true },
    { phone: '(09) 555 0142', valid: true },
    { phone: '+966 ٥٠ ١٢٣ ٤٥٦٧', valid: true },
    { phone: '12345', valid: false },
    { phone: '+1234567890123456', valid: false },
    { phone: 'call me', valid: false },
    { phone: '555 0142 ext 3', valid: false },
    { phone: `+64 ${'1 '.repeat(14)}`, valid: false },
  ])('isPhoneNumber($phone) → $valid', ({ phone, valid }) => {
    expect(isPhoneNumber(phone)).toBe(valid)
  })

  it.each([
    { postcode: '12211', valid: true },
    { postcode: '12211-3412', valid: true },
    { postcode: '122113412', valid: true },
    { postcode: '١٢٢١١', valid: true },
    { postcode: '1221', valid: false },
    { postcode: 'SA 12211', valid: false },
  ])('isSaudiPostcode($postcode) → $valid', ({ postcode, valid }) => {
    expect(isSaudiPostcode(postcode)).toBe(valid)
  })
})

describe('field rules', () => {
  it.each([
    { name: '', expected: 'MISSING' },
    { name: 'a'.repeat(50), expected: null },
    { name: 'a'.repeat(51), expected: 'FIRST_NAME_TOO_LONG' },
    { name: 'عبدالرحمن', expected: null },
  ])('nameCode(length $name.length) → $expected', ({ name, expected }) => {
    expect(nameCode(name, 'FIRST_NAME_TOO_LONG')).toBe(expected)
  })

  it.each([
    { email: '', expected: 'MISSING' },
    { email: 'volunteer@example.org', expected: null },
    { email: 'no-at-sign', expected: 'EMAIL_INVALID' },
    { email: 'two@@example.org', expected: 'EMAIL_INVALID' },
    { email: 'space in@example.org', expected: 'EMAIL_INVALID' },
    { email: `${'a'.repeat(250)}@example.org`, expected: 'EMAIL_INVALID' },
  ])('emailCode($email) → $expected', ({ email, expected }) => {
    expect(emailCode(email)).toBe(expected)
  })

  it.each([
    { password: '', expected: 'MISSING' },
    { password: 'short', expected: 'INVALID_PASSWORD_FORMAT' },
    { password: 'alllowercaseletters', expected: 'INVALID_PASSWORD_FORMAT' },
    { password: 'Volunteer-pass-1', expected: null },
  ])('passwordCode($password) → $expected', ({ password, expected }) => {
    expect(passwordCode(password)).toBe(expected)
  })

  it.each([
    { postcode: null, required: true, expected: 'MISSING' },
    { postcode: '', required: true, expected: 'MISSING' },
    { postcode: null, required: false, expected: null },
    { postcode: '6011', required: true, expected: null },
    { postcode: 'x'.repeat(100), required: true, expected: null },
    { postcode: 'x'.repeat(101), required: false, expected: 'POSTCODE_TOO_LONG' },
  ])(
    'postcodeCode($postcode, required $required) → $expected',
    ({ postcode, required, expected }) => {
      expect(postcodeCode(postcode, required)).toBe(expected)
    },
  )

  it.each([
    { phone: null, expected: null },
    { phone: '', expected: null },
    { phone: '+64 21 555 0142', expected: null },
    { phone: 'not a phone', expected: 'INVALID' },
  ])('phoneCode($phone) → $expected', ({ phone, expected }) => {
    expect(phoneCode(phone)).toBe(expected)
  })

  it.each([
    { value: null, filled: false },
    { value: undefined, filled: false },
    { value: '', filled: false },
    { value: '   ', filled: false },
    { value: 'http://spam.example', filled: true },
    { value: 0, filled: true },
    { value: false, filled: true },
    { value: {}, filled: true },
  ])('isHoneypotFilled($value) → $filled', ({ value, filled }) => {
    expect(isHoneypotFilled(value)).toBe(filled)
  })
})

describe('readChoice (seeds 5 other / unknown)', () => {
  const fields = { choice: 'isp', other: 'isp_other' }
  const codes = { invalid: 'ISP_INVALID', tooLong: 'ISP_OTHER_TOO_LONG' }
  it.each([
    { present: false, id: null, other: null, choice: null, errors: { isp: ['MISSING'] } },
    { present: true, id: null, other: null, choice: { kind: 'unknown' }, errors: {} },
    { present: true, id: -1, other: 'ignored', choice: { kind: 'unknown' }, errors: {} },
    { present: true, id: 7, other: null, choice: { kind: 'known', id: 7 }, errors: {} },
    {
      present: true,
      id: 0,
      other: '  Village wireless  ',
      choice: { kind: 'other', text: 'Village wireless' },
      errors: {},
    },
    { present: true, id: 0, other: null, choice: null, errors: { isp_other: ['MISSING'] } },
    { present: true, id: 0, other: '   ', choice: null, errors: { isp_other: ['MISSING'] } },
    {
      present: true,
      id: 0,
      other: 'x'.repeat(51),
      choice: null,
      errors: { isp_other: ['ISP_OTHER_TOO_LONG'] },
    },
    { present: true, id: -7, other: null, choice: null, errors: { isp: ['ISP_INVALID'] } },
  ])('id $id, other $other → $choice', ({ present, id, other, choice, errors }) => {
    const filed: FieldErrors = {}
    expect(readChoice(filed, { present, id, other }, fields, codes)).toEqual(choice)
    expect(filed).toEqual(errors)
  })
})

describe('parseFields', () => {
  const schema = v.object({
    name: v.pipe(v.string(), v.trim()),
    age: v.nullish(v.number(), null),
    address: v.optional(v.object({ line1: v.pipe(v.string(), v.minLength(1)) })),
  })
  it.each([
    { raw: { name: 'Ana' }, errors: {} },
    { raw: {}, errors: { label: ['MISSING'] } },
    { raw: { name: null }, errors: { label: ['MISSING'] } },
    { raw: { name: 5, age: 'x' }, errors: { label: ['INVALID'], age: ['INVALID'] } },
    { raw: { name: 'Ana', address: { line1: '' } }, errors: { 'address.line1': ['MISSING'] } },
    { raw: { name: 'Ana', address: {} }, errors: { 'address.line1': ['MISSING'] } },
  ])('$raw → $errors', ({ raw, errors }) => {
    const result = parseFields(schema.entries, raw, (key) => (key === 'name' ? 'label' : key))
    expect(result.errors).toEqual(errors)
  })
})

describe('programmes', () => {
  it('describes the five owners in the contract order, each valid against the contract', () => {
    expect(SIGNUP_PROGRAMMES.map((p) => p.owner)).toEqual([...SIGNUP_OWNERS])
    for (const programme of SIGNUP_PROGRAMMES) {
      expect(v.safeParse(SignupProgrammeSchema, programme).success).toBe(true)
      expect(programme.country_ids).toContain(programme.default_country_id)
      expect(new Set(programme.regions.map((r) => r.id)).size).toBe(programme.regions.length)
    }
  })

  it.each([
    { owner: 'nz', regions: 16 },
    { owner: 'au', regions: 8 },
    { owner: 'om', regions: 11 },
    { owner: 'sa', regions: 13 },
    { owner: 'internal', regions: 0 },
  ] as const)('$owner has $regions regions', ({ owner, regions }) => {
    expect(programmeOf(owner).regions).toHaveLength(regions)
  })

  it.each([
    { owner: 'nz', region: 'nz-wgn', city: 'lower hutt', expected: 'Lower Hutt' },
    { owner: 'nz', region: 'NZ-WKO', city: 'Taupo', expected: 'Taupō' },
    { owner: 'om', region: 'OM-MA', city: 'as seeb', expected: 'As Seeb' },
    { owner: 'sa', region: 'SA-06', city: 'hail', expected: "Ha'il" },
    { owner: 'nz', region: 'NZ-WGN', city: 'Auckland', expected: null },
  ] as const)('$region: city "$city" → $expected', ({ owner, region, city, expected }) => {
    const found = findRegion(programmeOf(owner), region)
    expect(found).not.toBeNull()
    expect(found && findCity(found, city)).toBe(expected)
  })

  it.each([
    { city: 'Riyadh', expected: { region: 'SA-01', city: 'Riyadh' } },
    { city: 'jeddah', expected: { region: 'SA-02', city: 'Jeddah' } },
    { city: 'Al Khobar', expected: { region: 'SA-04', city: 'Al Khobar' } },
    { city: 'Somewhere new', expected: null },
  ])('saudiRegionOfCity($city) → $expected', ({ city, expected }) => {
    expect(saudiRegionOfCity(city)).toEqual(expected)
  })
})
