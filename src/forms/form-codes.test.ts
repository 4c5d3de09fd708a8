import { describe, expect, it } from 'vitest'
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { SignupCodes } from '#contracts/signup.ts'
import { ApiError, NetworkError } from '../api/http'
import {
  fieldCodesOf,
  fieldIn,
  fieldsInError,
  formCodeMessage,
  isKnownFormCode,
  refusalOf,
  type FieldCode,
  type Refusal,
} from './form-codes'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

const text = (code: FieldCode, field = 'first name') => i18n._(formCodeMessage(code, field))

describe('formCodeMessage (seeds 5, 8.2, 8.3)', () => {
  it.each<{ code: FieldCode; expected: string }>([
    { code: 'MISSING', expected: 'Please provide your first name.' },
    { code: 'INVALID', expected: 'This first name is invalid.' },
    { code: 'EXISTS', expected: 'This first name is already in use.' },
    { code: 'NOT_FOUND', expected: 'This first name could not be found.' },
    { code: 'LENGTH_MIN', expected: 'Please provide your first name.' },
    {
      code: { code: 'LENGTH_MIN', value: 10 },
      expected: 'Your first name must be at least 10 characters long.',
    },
    {
      // At least one character: a required field left blank.
      code: { code: 'LENGTH_MIN', value: 1 },
      expected: 'Please provide your first name.',
    },
    {
      code: { code: 'LENGTH_MIN', value: 8 },
      expected: 'Your first name must be at least 8 characters long.',
    },
    {
      code: { code: 'LENGTH_EXACT', value: 1 },
      expected: 'Your first name must be exactly 1 character long.',
    },
    { code: 'LENGTH_EXACT', expected: 'This first name is invalid.' },
    {
      code: { code: 'LENGTH_MAX', value: 100 },
      expected: 'Your first name can be at most 100 characters long.',
    },
    { code: 'LENGTH_MAX', expected: 'This first name is too long.' },
    {
      code: { code: 'LENGTH_EXACT', value: 5 },
      expected: 'Your first name must be exactly 5 characters long.',
    },
    {
      code: 'PASSWORD_UNCHANGED',
      expected: 'The new password must be different from your current password.',
    },
    {
      code: 'INVALID_PASSWORD_FORMAT',
      expected:
        'Use at least 10 characters with three of: lower case, upper case, digits and symbols.',
    },
    { code: 'DOES_NOT_MATCH_PASSWORD', expected: 'Passwords do not match.' },
    { code: 'DOES_NOT_MATCH_EMAIL', expected: 'Emails do not match.' },
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
    { code: 'SOMETHING_NEW', expected: 'This first name is invalid.' },
  ])('$code → $expected', ({ code, expected }) => {
    expect(text(code)).toBe(expected)
  })

  it('lets a field ask for a missing answer in its own words', () => {
    const missing = msg`Please tick the box to agree to the terms and conditions.`
    expect(i18n._(formCodeMessage('MISSING', 'agreement', { missing }))).toBe(
      'Please tick the box to agree to the terms and conditions.',
    )
  })
})

describe('isKnownFormCode', () => {
  it.each([
    { code: 'MISSING', known: true },
    { code: 'LENGTH_EXACT', known: true },
    { code: 'NOT_FOUND', known: true },
    { code: SignupCodes.EMAIL_IN_USE, known: true },
    { code: 'DOES_NOT_MATCH_EMAIL', known: true },
    { code: SignupCodes.SIGNUP_SHIPPING, known: false },
    { code: 'SOMETHING_NEW', known: false },
  ])('$code → $known', ({ code, known }) => {
    expect(isKnownFormCode(code)).toBe(known)
  })
})

describe('fieldCodesOf', () => {
  const addressField = (name: string) =>
    name.startsWith('address.') ? name.slice('address.'.length) : null
  it.each<{
    case: string
    errors: Record<string, string | string[]> | undefined
    values?: Record<string, Record<string, number>>
    expected: Record<string, FieldCode>
  }>([
    { case: 'no errors', errors: undefined, expected: {} },
    {
      case: 'the value the server gave a length code',
      errors: { 'address.line1': ['LENGTH_MIN'], 'address.postcode': ['LENGTH_EXACT'] },
      values: { 'address.line1': { LENGTH_MIN: 3 }, 'address.postcode': { LENGTH_EXACT: 5 } },
      expected: {
        line1: { code: 'LENGTH_MIN', value: 3 },
        postcode: { code: 'LENGTH_EXACT', value: 5 },
      },
    },
    {
      case: 'a value for a code that carries none is ignored',
      errors: { 'address.city': ['INVALID'] },
      values: { 'address.city': { INVALID: 4 } },
      expected: { city: 'INVALID' },
    },
    {
      case: 'first known code per field, mapped names',
      errors: { 'address.line1': ['NEW_CODE', 'LENGTH_MIN', 'INVALID'], 'address.city': 'MISSING' },
      expected: { line1: 'LENGTH_MIN', city: 'MISSING' },
    },
    { case: 'fields the form does not have', errors: { timezone: ['INVALID'] }, expected: {} },
    { case: 'unknown codes only', errors: { 'address.city': 'WHATEVER' }, expected: {} },
  ])('$case', ({ errors, values, expected }) => {
    expect(fieldCodesOf(errors, addressField, values)).toEqual(expected)
  })
})

describe('refusalOf', () => {
  const refusal = (
    errors?: Record<string, string | string[]>,
    status = 400,
    code = 'VALIDATION_FAIL',
  ) => new ApiError(status, code, errors ? { errors } : {})
  const fieldOf = fieldIn(['email', 'name'])

  it.each<{ case: string; error: unknown; expected: Refusal }>([
    { case: 'a lost connection', error: new NetworkError(), expected: { kind: 'offline' } },
    { case: 'a thrown bug', error: new TypeError('x'), expected: { kind: 'other' } },
    {
      case: 'field errors',
      error: refusal({ email: ['EXISTS'], other: 'MISSING' }),
      expected: { kind: 'fields', codes: { email: 'EXISTS' } },
    },
    {
      case: 'a length code with its value (seeds 8.2 LENGTH_MIN)',
      error: new ApiError(400, 'VALIDATION_FAIL', {
        errors: { name: ['LENGTH_MIN'] },
        values: { name: { LENGTH_MIN: 10 } },
      }),
      expected: { kind: 'fields', codes: { name: { code: 'LENGTH_MIN', value: 10 } } },
    },
    {
      case: 'errors that map to no field',
      error: refusal({ timezone: ['INVALID'] }),
      expected: { kind: 'other', code: 'VALIDATION_FAIL' },
    },
    {
      case: 'a coded refusal without fields',
      error: refusal(undefined, 409, 'SIGNUP_SHIPPING'),
      expected: { kind: 'other', code: 'SIGNUP_SHIPPING' },
    },
    {
      case: 'a server error (its code is not for the user)',
      error: refusal(undefined, 500, 'INTERNAL'),
      expected: { kind: 'other' },
    },
  ])('$case', ({ error, expected }) => {
    expect(refusalOf(error, fieldOf)).toEqual(expected)
  })
})

describe('fieldsInError', () => {
  it('lists the fields with a code in form order', () => {
    expect(fieldsInError({ c: 'MISSING', a: 'INVALID' }, ['a', 'b', 'c'])).toEqual(['a', 'c'])
  })
})
