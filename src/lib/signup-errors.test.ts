import { describe, expect, it } from 'vitest'
import { SignupCodes } from '#contracts/signup.ts'
import {
  SAUDI_FIELD_STEP,
  SAUDI_FIELDS,
  saudiStepOfErrors,
  signupFieldIn,
  signupFieldOf,
  STANDARD_FIELDS,
  type SignupField,
  type SignupFieldCodes,
  type SignupForm,
} from './signup-errors'

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

describe('signupFieldIn (only the fields the form shows)', () => {
  it.each<{
    form: SignupForm
    name: string
    present: readonly SignupField[]
    expected: SignupField | null
  }>([
    { form: 'standard', name: 'postcode', present: STANDARD_FIELDS, expected: 'post_code' },
    { form: 'standard', name: 'region', present: ['first_name', 'email'], expected: null },
    { form: 'standard', name: 'nonsense', present: STANDARD_FIELDS, expected: null },
    { form: 'saudi', name: 'package', present: SAUDI_FIELDS, expected: 'productId' },
    { form: 'saudi', name: 'delivery_city', present: ['installation_city'], expected: null },
  ])('$form: $name → $expected', ({ form, name, present, expected }) => {
    expect(signupFieldIn(form, present)(name)).toBe(expected)
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
