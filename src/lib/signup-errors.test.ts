import { i18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { SignupCodes } from '#contracts/signup.ts'
import {
  isKnownSignupCode,
  resolveSignupErrors,
  SAUDI_FIELD_STEP,
  SAUDI_FIELDS,
  saudiStepOfErrors,
  signupErrorMessage,
  signupFieldOf,
  STANDARD_FIELDS,
  type SignupErrorResolution,
  type SignupField,
  type SignupFieldCodes,
  type SignupForm,
} from './signup-errors'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

const text = (code: string, field = 'first name', name?: SignupField) => {
  const message = signupErrorMessage(code, field, name)
  return message === null ? null : i18n._(message)
}

describe('signupErrorMessage (seeds 8.3)', () => {
  it.each([
    { code: SignupCodes.FIRST_NAME_TOO_LONG, expected: 'Cannot be more than 50 characters long.' },
    { code: SignupCodes.LAST_NAME_TOO_LONG, expected: 'Cannot be more than 50 characters long.' },
    {
      code: SignupCodes.EMAIL_IN_USE,
      expected: 'You have already signed up with this email address, try another.',
    },
    { code: SignupCodes.EMAIL_INVALID, expected: 'Please enter a valid email address.' },
    { code: SignupCodes.POSTCODE_TOO_LONG, expected: 'Cannot be more than 100 characters long.' },
    {
      code: SignupCodes.ISP_INVALID,
      expected: "Not a valid service provider, contact us if you're having a problem.",
    },
    {
      code: SignupCodes.ISP_OTHER_TOO_LONG,
      expected:
        'Cannot be more than 50 characters long, contact us if you think this is incorrect.',
    },
    {
      code: SignupCodes.PACKAGE_OTHER_TOO_LONG,
      expected:
        'Cannot be more than 50 characters long, contact us if you think this is incorrect.',
    },
    { code: SignupCodes.PACKAGE_INVALID, expected: 'Not a valid product.' },
    { code: 'MISSING', expected: 'Please provide your first name.' },
    { code: 'INVALID', expected: 'This first name is invalid.' },
    { code: 'EXISTS', expected: 'This first name is already in use.' },
    {
      code: 'INVALID_PASSWORD_FORMAT',
      expected:
        'Use at least 10 characters with three of: lower case, upper case, digits and symbols.',
    },
    { code: 'SOMETHING_NEW', expected: null },
    { code: SignupCodes.SIGNUP_SHIPPING, expected: null },
  ])('$code → $expected', ({ code, expected }) => {
    expect(text(code)).toBe(expected)
    expect(isKnownSignupCode(code)).toBe(expected !== null)
  })

  it('asks for the agreement in its own words', () => {
    expect(text('MISSING', 'agreement', 'tos')).toBe(
      'Please tick the box to agree to the terms and conditions.',
    )
  })
})

describe('signupFieldOf', () => {
  it.each<{ form: SignupForm; name: string; expected: SignupField | null }>([
    { form: 'standard', name: 'first_name', expected: 'first_name' },
    { form: 'standard', name: 'post_code', expected: 'post_code' },
    { form: 'standard', name: 'postcode', expected: 'post_code' },
    { form: 'standard', name: 'ispOther', expected: 'isp_other' },
    { form: 'standard', name: 'packageOther', expected: 'package_other' },
    { form: 'standard', name: 'mobile', expected: 'mobile_number' },
    { form: 'standard', name: 'installation_city', expected: null },
    { form: 'standard', name: 'owner', expected: null },
    { form: 'saudi', name: 'mobile', expected: 'mobile' },
    { form: 'saudi', name: 'mobile_number', expected: 'mobile' },
    { form: 'saudi', name: 'isp', expected: 'ispId' },
    { form: 'saudi', name: 'package', expected: 'productId' },
    { form: 'saudi', name: 'package_other', expected: 'productOther' },
    { form: 'saudi', name: 'delivery_postcode', expected: 'delivery_postcode' },
    { form: 'saudi', name: 'installation_country', expected: null },
    { form: 'saudi', name: 'password', expected: null },
  ])('$form: $name → $expected', ({ form, name, expected }) => {
    expect(signupFieldOf(form, name)).toBe(expected)
  })
})

describe('resolveSignupErrors (seeds 5: first field present, else generic)', () => {
  const all = [...STANDARD_FIELDS]
  it.each<{
    case: string
    form: SignupForm
    errors: Record<string, string | string[]> | undefined
    present: readonly SignupField[]
    expected: SignupErrorResolution
  }>([
    {
      case: 'no errors',
      form: 'standard',
      errors: undefined,
      present: all,
      expected: { kind: 'generic' },
    },
    {
      case: 'an empty map',
      form: 'standard',
      errors: {},
      present: all,
      expected: { kind: 'generic' },
    },
    {
      case: 'an unknown code only',
      form: 'standard',
      errors: { email: 'WHATEVER' },
      present: all,
      expected: { kind: 'generic' },
    },
    {
      case: 'a field the form does not show',
      form: 'standard',
      errors: { region: 'MISSING' },
      present: ['first_name', 'email'],
      expected: { kind: 'generic' },
    },
    {
      case: 'several fields: the first in form order',
      form: 'standard',
      errors: { isp: [SignupCodes.ISP_INVALID], email: SignupCodes.EMAIL_IN_USE, nonsense: 'X' },
      present: all,
      expected: {
        kind: 'fields',
        codes: { isp: SignupCodes.ISP_INVALID, email: SignupCodes.EMAIL_IN_USE },
        first: 'email',
      },
    },
    {
      case: 'a list: the first known code',
      form: 'standard',
      errors: { post_code: ['NEW_CODE', SignupCodes.POSTCODE_TOO_LONG] },
      present: all,
      expected: {
        kind: 'fields',
        codes: { post_code: SignupCodes.POSTCODE_TOO_LONG },
        first: 'post_code',
      },
    },
    {
      case: 'Saudi names',
      form: 'saudi',
      errors: { productId: SignupCodes.PACKAGE_INVALID, email: SignupCodes.EMAIL_IN_USE },
      present: SAUDI_FIELDS,
      expected: {
        kind: 'fields',
        codes: { productId: SignupCodes.PACKAGE_INVALID, email: SignupCodes.EMAIL_IN_USE },
        first: 'email',
      },
    },
  ])('$case', ({ form, errors, present, expected }) => {
    expect(resolveSignupErrors(form, errors, present)).toEqual(expected)
  })
})

describe('Saudi field → step', () => {
  it('puts every Saudi field on step 2, 3 or 4', () => {
    for (const field of SAUDI_FIELDS) expect([2, 3, 4]).toContain(SAUDI_FIELD_STEP[field])
  })

  it.each<{ codes: SignupFieldCodes; expected: number }>([
    { codes: {}, expected: 4 },
    { codes: { tos: 'MISSING' }, expected: 4 },
    { codes: { email: SignupCodes.EMAIL_IN_USE }, expected: 2 },
    { codes: { mobile: 'INVALID', productId: SignupCodes.PACKAGE_INVALID }, expected: 2 },
    { codes: { delivery_postcode: SignupCodes.POSTCODE_TOO_LONG, ispId: 'MISSING' }, expected: 3 },
    { codes: { installation_address_1: 'MISSING' }, expected: 3 },
  ])('$codes → step $expected', ({ codes, expected }) => {
    expect(saudiStepOfErrors(codes)).toBe(expected)
  })
})
