import { describe, expect, it } from 'vitest'
import { i18n } from '@lingui/core'
import { ApiError, NetworkError } from '../../api/http'
import { fieldErrorMessage, submitFailure, type SubmitFailure } from './form-errors'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

describe('fieldErrorMessage (seeds 5, 8.2)', () => {
  it.each([
    { code: 'MISSING', expected: 'Please provide your first name.' },
    { code: 'LENGTH_MIN', expected: 'Please provide your first name.' },
    { code: 'INVALID', expected: 'This first name is invalid.' },
    { code: 'SOMETHING_NEW', expected: 'This first name is invalid.' },
    { code: 'EXISTS', expected: 'This first name is already in use.' },
    { code: 'DOES_NOT_MATCH_EMAIL', expected: 'Emails do not match.' },
    { code: 'DOES_NOT_MATCH_PASSWORD', expected: 'Passwords do not match.' },
    {
      code: 'PASSWORD_UNCHANGED',
      expected: 'The new password must be different from your current password.',
    },
    { code: 'INVALID_PASSWORD_FORMAT', expected: 'This password does not meet the requirements.' },
  ])('$code → $expected', ({ code, expected }) => {
    expect(i18n._(fieldErrorMessage(code, 'first name'))).toBe(expected)
  })
})

describe('submitFailure', () => {
  const refusal = (
    errors?: Record<string, string | string[]>,
    status = 400,
    code = 'VALIDATION_FAIL',
  ) => new ApiError(status, code, errors ? { errors } : {})
  const addressField = (name: string) =>
    name.startsWith('address.') ? name.slice('address.'.length) : null

  it.each<{ case: string; error: unknown; expected: SubmitFailure }>([
    { case: 'a lost connection', error: new NetworkError(), expected: { kind: 'offline' } },
    { case: 'a thrown bug', error: new TypeError('x'), expected: { kind: 'other' } },
    {
      case: 'field errors (first code, mapped names)',
      error: refusal({ 'address.line1': ['LENGTH_MIN', 'INVALID'], 'address.city': 'MISSING' }),
      expected: { kind: 'fields', codes: { line1: 'LENGTH_MIN', city: 'MISSING' } },
    },
    {
      case: 'errors that map to no field',
      error: refusal({ timezone: ['INVALID'] }),
      expected: { kind: 'code', code: 'VALIDATION_FAIL' },
    },
    {
      case: 'a coded refusal without fields',
      error: refusal(undefined, 400, 'UNIT_HAS_NO_COUNTRY'),
      expected: { kind: 'code', code: 'UNIT_HAS_NO_COUNTRY' },
    },
    {
      case: 'a server error',
      error: refusal(undefined, 500, 'INTERNAL'),
      expected: { kind: 'other' },
    },
  ])('$case', ({ error, expected }) => {
    expect(submitFailure(error, addressField)).toEqual(expected)
  })
})
