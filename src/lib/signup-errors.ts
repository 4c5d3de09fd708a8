import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { SAUDI_SIGNUP_ERROR_FIELDS, SignupCodes } from '#contracts/signup.ts'

/**
 * Seeds 5 and 8.3: the sign-up forms' field errors. A server 422 carries a map of field name to code;
 * each known code shows under its field with its translated message, focus goes to the first field in
 * error, and when nothing maps to a field of the form the generic alert shows instead.
 */

/** The standard form's fields, named as the server's error map names them (seeds 5). */
export const STANDARD_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'password',
  'country',
  'region',
  'city',
  'post_code',
  'fibre_availability',
  'mobile_number',
  'isp',
  'isp_other',
  'package',
  'package_other',
  'tos',
] as const
export type StandardField = (typeof STANDARD_FIELDS)[number]

/** Saudi error fields that are not on the form: the countries are fixed, the language is the app's. */
const SAUDI_FIXED_FIELDS = [
  'installation_country',
  'delivery_country',
  'language_preference',
] as const
export type SaudiField = Exclude<
  (typeof SAUDI_SIGNUP_ERROR_FIELDS)[number],
  (typeof SAUDI_FIXED_FIELDS)[number]
>

/** The Saudi form's fields in the order of its four steps, named as its payload names them. */
export const SAUDI_FIELDS: readonly SaudiField[] = SAUDI_SIGNUP_ERROR_FIELDS.filter(
  (field): field is SaudiField => !(SAUDI_FIXED_FIELDS as readonly string[]).includes(field),
)

export type SignupForm = 'standard' | 'saudi'
export type SignupField = StandardField | SaudiField

/** Field name → the code shown under it. */
export type SignupFieldCodes = Partial<Record<SignupField, string>>

/** Seeds 4.4: the Saudi form's four views. */
export const SAUDI_STEPS = [1, 2, 3, 4] as const
export type SaudiStep = (typeof SAUDI_STEPS)[number]

/** The Saudi step that holds each field (the server sends the user back there, seeds 5). */
export const SAUDI_FIELD_STEP: Record<SaudiField, SaudiStep> = {
  first_name: 2,
  last_name: 2,
  email: 2,
  mobile: 2,
  installation_address_1: 3,
  installation_address_2: 3,
  installation_address_3: 3,
  installation_city: 3,
  installation_postcode: 3,
  installation_phone: 3,
  delivery_address_1: 3,
  delivery_address_2: 3,
  delivery_address_3: 3,
  delivery_city: 3,
  delivery_postcode: 3,
  delivery_phone: 3,
  ispId: 4,
  ispOther: 4,
  productId: 4,
  productOther: 4,
  tos: 4,
}

// Other spellings a service may use for the same field (the payload's names, the generic ones).
const STANDARD_ALIASES: Record<string, StandardField> = {
  postcode: 'post_code',
  ispOther: 'isp_other',
  packageOther: 'package_other',
  mobile: 'mobile_number',
}
const SAUDI_ALIASES: Record<string, SaudiField> = {
  isp: 'ispId',
  isp_other: 'ispOther',
  service_provider: 'ispOther',
  package: 'productId',
  package_other: 'productOther',
  mobile_number: 'mobile',
}

/** The form field a server error name refers to, or null when the form has no such field. */
export function signupFieldOf(form: SignupForm, serverName: string): SignupField | null {
  if (form === 'standard') {
    const name = STANDARD_ALIASES[serverName] ?? serverName
    return (STANDARD_FIELDS as readonly string[]).includes(name) ? (name as StandardField) : null
  }
  const name = SAUDI_ALIASES[serverName] ?? serverName
  return (SAUDI_FIELDS as readonly string[]).includes(name) ? (name as SaudiField) : null
}

// Codes with a message of their own; the rest are unknown (seeds 8.3: the generic alert).
const TOO_LONG_50 = msg`Cannot be more than 50 characters long.`
const OTHER_TOO_LONG = msg`Cannot be more than 50 characters long, contact us if you think this is incorrect.`
const FIXED_MESSAGES: Record<string, MessageDescriptor> = {
  [SignupCodes.FIRST_NAME_TOO_LONG]: TOO_LONG_50,
  [SignupCodes.LAST_NAME_TOO_LONG]: TOO_LONG_50,
  [SignupCodes.EMAIL_IN_USE]: msg`You have already signed up with this email address, try another.`,
  [SignupCodes.EMAIL_INVALID]: msg`Please enter a valid email address.`,
  [SignupCodes.POSTCODE_TOO_LONG]: msg`Cannot be more than 100 characters long.`,
  [SignupCodes.ISP_INVALID]: msg`Not a valid service provider, contact us if you're having a problem.`,
  [SignupCodes.ISP_OTHER_TOO_LONG]: OTHER_TOO_LONG,
  [SignupCodes.PACKAGE_OTHER_TOO_LONG]: OTHER_TOO_LONG,
  [SignupCodes.PACKAGE_INVALID]: msg`Not a valid product.`,
  INVALID_PASSWORD_FORMAT: msg`Use at least 10 characters with three of: lower case, upper case, digits and symbols.`,
}

const FIELD_CODES = ['MISSING', 'INVALID', 'EXISTS'] as const

/** Whether a code has a message of its own under a field. */
export function isKnownSignupCode(code: string): boolean {
  return code in FIXED_MESSAGES || (FIELD_CODES as readonly string[]).includes(code)
}

/**
 * The message under a field for a code; `field` is the field's translated name in lower case
 * ("first name"). The agreement has its own wording. Null for an unknown code.
 */
export function signupErrorMessage(
  code: string,
  field: string,
  name?: SignupField,
): MessageDescriptor | null {
  const fixed = FIXED_MESSAGES[code]
  if (fixed) return fixed
  switch (code) {
    case 'MISSING':
      return name === 'tos'
        ? msg`Please tick the box to agree to the terms and conditions.`
        : msg`Please provide your ${field}.`
    case 'INVALID':
      return msg`This ${field} is invalid.`
    case 'EXISTS':
      return msg`This ${field} is already in use.`
    default:
      return null
  }
}

/** A 422's field errors as the form shows them, or `generic` when none maps to one (seeds 8.3). */
export type SignupErrorResolution =
  { kind: 'fields'; codes: SignupFieldCodes; first: SignupField } | { kind: 'generic' }

/**
 * Maps a server's error map onto the form: only fields present on the form (`present`) with a known
 * code count; `first` is the earliest of them in the form's order (where focus goes).
 */
export function resolveSignupErrors(
  form: SignupForm,
  errors: Record<string, string | readonly string[]> | undefined,
  present: readonly SignupField[],
): SignupErrorResolution {
  const codes: SignupFieldCodes = {}
  for (const [serverName, value] of Object.entries(errors ?? {})) {
    const field = signupFieldOf(form, serverName)
    const code = [value].flat().find(isKnownSignupCode)
    if (field === null || code === undefined || !present.includes(field)) continue
    codes[field] ??= code
  }
  const first = present.find((field) => codes[field] !== undefined)
  return first === undefined ? { kind: 'generic' } : { kind: 'fields', codes, first }
}

/** The Saudi step holding the earliest of these fields (step 4 when there are none). */
export function saudiStepOfErrors(codes: SignupFieldCodes): SaudiStep {
  let step: SaudiStep = 4
  for (const field of SAUDI_FIELDS) {
    if (codes[field] !== undefined && SAUDI_FIELD_STEP[field] < step) step = SAUDI_FIELD_STEP[field]
  }
  return step
}

/** Each field's name as the required and invalid messages use it ("Please provide your …"). */
export const SIGNUP_FIELD_NAMES: Record<SignupField, MessageDescriptor> = {
  first_name: msg`first name`,
  last_name: msg`last name`,
  email: msg`email address`,
  password: msg`password`,
  country: msg`country`,
  region: msg`region`,
  city: msg`city`,
  post_code: msg`postcode`,
  fibre_availability: msg`answer about fibre availability`,
  mobile_number: msg`phone number`,
  mobile: msg`mobile number`,
  isp: msg`service provider`,
  isp_other: msg`service provider's name`,
  package: msg`internet package`,
  package_other: msg`package's name`,
  installation_address_1: msg`installation address`,
  installation_address_2: msg`address line`,
  installation_address_3: msg`address line`,
  installation_city: msg`city`,
  installation_postcode: msg`postcode`,
  installation_phone: msg`phone number`,
  delivery_address_1: msg`delivery address`,
  delivery_address_2: msg`address line`,
  delivery_address_3: msg`address line`,
  delivery_city: msg`city`,
  delivery_postcode: msg`postcode`,
  delivery_phone: msg`phone number`,
  ispId: msg`service provider`,
  ispOther: msg`service provider's name`,
  productId: msg`product`,
  productOther: msg`product's name`,
  tos: msg`agreement`,
}
