import { describe, expect, it } from 'vitest'
import { SignupCodes } from '#contracts/signup.ts'
import type { SaudiStep, SignupFieldCodes } from './signup-errors'
import {
  allowedSaudiStep,
  firstIncompleteSaudiStep,
  isPlausibleEmail,
  saudiRequirementsMet,
  saudiStepCodes,
  standardSignupCodes,
  type SaudiSignupValues,
  type StandardSignupAsks,
  type StandardSignupValues,
} from './signup-validation'

const STANDARD: StandardSignupValues = {
  first_name: 'Aroha',
  last_name: 'Wilson',
  email: 'aroha@example.com',
  password: 'Kia-ora-2026',
  country: '158',
  region: 'wellington',
  city: 'Wellington',
  post_code: '6011',
  fibre_availability: 'yes',
  mobile_number: '',
  isp: '3',
  isp_other: '',
  package: '12',
  package_other: '',
  tos: true,
}
const ASKS_ALL: StandardSignupAsks = { region: true, city: true, postcode: true, fibre: true }
const ASKS_NONE: StandardSignupAsks = { region: false, city: false, postcode: false, fibre: false }
const long = (n: number) => 'x'.repeat(n)

describe('isPlausibleEmail', () => {
  it.each([
    { email: 'a@example.com', expected: true },
    { email: '  a.b+c@sub.example.co.nz ', expected: true },
    { email: 'a@example', expected: false },
    { email: 'a example@x.com', expected: false },
    { email: '@example.com', expected: false },
    { email: 'a@@example.com', expected: false },
    { email: 'a@example.', expected: false },
  ])('$email → $expected', ({ email, expected }) => {
    expect(isPlausibleEmail(email)).toBe(expected)
  })
})

describe('standardSignupCodes (seeds 5)', () => {
  it.each<{
    case: string
    change: Partial<StandardSignupValues>
    asks?: StandardSignupAsks
    expected: SignupFieldCodes
  }>([
    { case: 'a complete form', change: {}, expected: {} },
    {
      case: 'everything blank',
      change: {
        first_name: ' ',
        last_name: '',
        email: '',
        password: '',
        country: '',
        region: '',
        city: '',
        post_code: '',
        fibre_availability: '',
        isp: '',
        package: '',
        tos: false,
      },
      expected: {
        first_name: 'MISSING',
        last_name: 'MISSING',
        email: 'MISSING',
        password: 'MISSING',
        country: 'MISSING',
        region: 'MISSING',
        city: 'MISSING',
        post_code: 'MISSING',
        fibre_availability: 'MISSING',
        isp: 'MISSING',
        package: 'MISSING',
        tos: 'MISSING',
      },
    },
    {
      case: 'blank answers the programme does not ask for',
      change: { region: '', city: '', post_code: '', fibre_availability: '' },
      asks: ASKS_NONE,
      expected: {},
    },
    { case: 'phone is optional', change: { mobile_number: '' }, expected: {} },
    { case: 'a phone number', change: { mobile_number: '+64 21 123 4567' }, expected: {} },
    {
      case: 'not a phone number',
      change: { mobile_number: 'call me' },
      expected: { mobile_number: 'INVALID' },
    },
    {
      case: 'names of exactly 50',
      change: { first_name: long(50), last_name: long(50) },
      expected: {},
    },
    {
      case: 'names over 50',
      change: { first_name: long(51), last_name: long(51) },
      expected: {
        first_name: SignupCodes.FIRST_NAME_TOO_LONG,
        last_name: SignupCodes.LAST_NAME_TOO_LONG,
      },
    },
    { case: 'postcode of 100', change: { post_code: long(100) }, expected: {} },
    {
      case: 'postcode over 100',
      change: { post_code: long(101) },
      expected: { post_code: SignupCodes.POSTCODE_TOO_LONG },
    },
    {
      case: 'an invalid email',
      change: { email: 'aroha@' },
      expected: { email: SignupCodes.EMAIL_INVALID },
    },
    {
      case: 'a weak password',
      change: { password: 'password' },
      expected: { password: 'INVALID_PASSWORD_FORMAT' },
    },
    {
      case: 'other ISP and package without their text',
      change: { isp: '0', package: '0' },
      expected: { isp_other: 'MISSING', package_other: 'MISSING' },
    },
    {
      case: 'other ISP and package with text over 50',
      change: { isp: '0', isp_other: long(51), package: '0', package_other: long(51) },
      expected: {
        isp_other: SignupCodes.ISP_OTHER_TOO_LONG,
        package_other: SignupCodes.PACKAGE_OTHER_TOO_LONG,
      },
    },
    {
      case: 'other with text of 50',
      change: { isp: '0', isp_other: long(50), package: '0', package_other: 'Fibre 300' },
      expected: {},
    },
    {
      case: 'unknown ISP and package are answers',
      change: { isp: '-1', package: '-1' },
      expected: {},
    },
    { case: 'the agreement not ticked', change: { tos: false }, expected: { tos: 'MISSING' } },
  ])('$case', ({ change, asks, expected }) => {
    expect(standardSignupCodes({ ...STANDARD, ...change }, asks ?? ASKS_ALL)).toEqual(expected)
  })
})

const SAUDI: SaudiSignupValues = {
  has_fixed_connection: true,
  has_space: true,
  has_spare_power: true,
  first_name: 'Noura',
  last_name: 'Alharbi',
  email: 'noura@example.com',
  mobile: '',
  installation_address_1: '12 King Fahd Road',
  installation_address_2: '',
  installation_address_3: '',
  installation_city: 'Riyadh',
  installation_postcode: '12211',
  installation_phone: '',
  same_address: true,
  delivery_address_1: '',
  delivery_address_2: '',
  delivery_address_3: '',
  delivery_city: '',
  delivery_postcode: '',
  delivery_phone: '',
  ispId: '1',
  ispOther: '',
  productId: '2',
  productOther: '',
  tos: true,
}

describe('Saudi steps (seeds 4.4, 5)', () => {
  it.each<{ change: Partial<SaudiSignupValues>; expected: boolean }>([
    { change: {}, expected: true },
    { change: { has_fixed_connection: false }, expected: false },
    { change: { has_space: false }, expected: false },
    { change: { has_spare_power: false }, expected: false },
  ])('requirements met with $change → $expected', ({ change, expected }) => {
    expect(saudiRequirementsMet({ ...SAUDI, ...change })).toBe(expected)
  })

  it.each<{
    case: string
    step: SaudiStep
    change: Partial<SaudiSignupValues>
    expected: SignupFieldCodes
  }>([
    { case: 'step 1 has no field codes', step: 1, change: { has_space: false }, expected: {} },
    {
      case: 'step 2 blank names and email',
      step: 2,
      change: { first_name: '', last_name: '', email: '' },
      expected: { first_name: 'MISSING', last_name: 'MISSING', email: 'MISSING' },
    },
    { case: 'step 2 mobile optional', step: 2, change: { mobile: '' }, expected: {} },
    { case: 'step 2 Arabic digits', step: 2, change: { mobile: '٠٥٥١٢٣٤٥٦٧' }, expected: {} },
    {
      case: 'step 2 bad mobile',
      step: 2,
      change: { mobile: '12' },
      expected: { mobile: 'INVALID' },
    },
    {
      case: 'step 3 Saudi postcodes: 5 digits, with extension, Arabic digits',
      step: 3,
      change: {
        same_address: false,
        installation_postcode: '12211-1234',
        delivery_address_1: 'PO Box 5',
        delivery_city: 'Jeddah',
        delivery_postcode: '٢١٥٧٧',
      },
      expected: {},
    },
    {
      case: 'step 3 not a Saudi postcode, a line over 100, a bad phone',
      step: 3,
      change: {
        installation_postcode: '1234',
        installation_address_2: long(101),
        installation_phone: 'home',
      },
      expected: {
        installation_postcode: 'INVALID',
        installation_address_2: 'INVALID',
        installation_phone: 'INVALID',
      },
    },
    {
      case: 'step 3 same address: only installation required',
      step: 3,
      change: { installation_address_1: '', installation_city: '', installation_postcode: '' },
      expected: {
        installation_address_1: 'MISSING',
        installation_city: 'MISSING',
        installation_postcode: 'MISSING',
      },
    },
    {
      case: 'step 3 separate delivery address required',
      step: 3,
      change: { same_address: false },
      expected: {
        delivery_address_1: 'MISSING',
        delivery_city: 'MISSING',
        delivery_postcode: 'MISSING',
      },
    },
    {
      case: 'step 3 lines 2 and 3 optional, postcode over 100',
      step: 3,
      change: { installation_postcode: long(101) },
      expected: { installation_postcode: SignupCodes.POSTCODE_TOO_LONG },
    },
    {
      case: 'step 4 nothing chosen, not agreed',
      step: 4,
      change: { ispId: '', productId: '', tos: false },
      expected: { ispId: 'MISSING', productId: 'MISSING', tos: 'MISSING' },
    },
    {
      case: 'step 4 other without text',
      step: 4,
      change: { ispId: '0', productId: '0' },
      expected: { ispOther: 'MISSING', productOther: 'MISSING' },
    },
  ])('$case', ({ step, change, expected }) => {
    expect(saudiStepCodes(step, { ...SAUDI, ...change })).toEqual(expected)
  })

  it.each<{ change: Partial<SaudiSignupValues>; expected: SaudiStep }>([
    { change: {}, expected: 4 },
    { change: { has_spare_power: false, first_name: '' }, expected: 1 },
    { change: { email: 'nope' }, expected: 2 },
    { change: { installation_city: '' }, expected: 3 },
    { change: { tos: false }, expected: 4 },
  ])('first incomplete step with $change → $expected', ({ change, expected }) => {
    expect(firstIncompleteSaudiStep({ ...SAUDI, ...change })).toBe(expected)
  })

  it.each<{
    requested: number | undefined
    change: Partial<SaudiSignupValues>
    expected: SaudiStep
  }>([
    { requested: undefined, change: {}, expected: 1 },
    { requested: 3, change: {}, expected: 3 },
    { requested: 4, change: {}, expected: 4 },
    { requested: 9, change: {}, expected: 4 },
    { requested: 0, change: {}, expected: 1 },
    { requested: Number.NaN, change: {}, expected: 1 },
    { requested: 4, change: { has_space: false }, expected: 1 },
    { requested: 4, change: { last_name: '' }, expected: 2 },
    { requested: 2, change: { last_name: '' }, expected: 2 },
    { requested: 4, change: { same_address: false }, expected: 3 },
  ])('requested $requested with $change → $expected', ({ requested, change, expected }) => {
    expect(allowedSaudiStep(requested, { ...SAUDI, ...change })).toBe(expected)
  })
})
