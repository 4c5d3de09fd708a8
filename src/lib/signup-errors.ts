import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { SAUDI_SIGNUP_ERROR_FIELDS } from '#contracts/signup.ts'

/**
 * Seeds 5 and 8.3: the sign-up forms' fields. A server 422 carries a map of field name to code; the
 * form layer (src/forms) shows each known code under its field, and the generic alert when nothing
 * maps to a field of the form.
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

/**
 * The form field of a server error name for a form showing `present` (in its order), or null: a
 * field the form does not show now cannot hold an error (seeds 5, 8.3: the generic alert then).
 */
export function signupFieldIn<F extends SignupField>(
  form: SignupForm,
  present: readonly F[],
): (serverName: string) => F | null {
  return (serverName) => {
    const field = signupFieldOf(form, serverName)
    return field !== null && (present as readonly SignupField[]).includes(field)
      ? (field as F)
      : null
  }
}

/** The Saudi step holding the earliest of these fields (step 4 when there are none). */
export function saudiStepOfErrors(codes: Partial<Record<SignupField, unknown>>): SaudiStep {
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
  // The Saudi national address's parts (the payload keeps lines 1–3 and postcode).
  installation_address_1: msg`building number and street`,
  installation_address_2: msg`district`,
  installation_address_3: msg`additional number`,
  installation_city: msg`city`,
  installation_postcode: msg`postal code`,
  installation_phone: msg`phone number`,
  // The Saudi national address's parts (the payload keeps lines 1–3 and postcode).
  delivery_address_1: msg`building number and street`,
  delivery_address_2: msg`district`,
  delivery_address_3: msg`additional number`,
  delivery_city: msg`city`,
  delivery_postcode: msg`postal code`,
  delivery_phone: msg`phone number`,
  ispId: msg`service provider`,
  ispOther: msg`service provider's name`,
  productId: msg`product`,
  productOther: msg`product's name`,
  tos: msg`agreement`,
}
