import { checkPassword } from '#contracts/password.ts'
import {
  isPhoneNumber,
  isSaudiPostcode,
  OTHER_CHOICE,
  SIGNUP_LIMITS,
  SignupCodes,
} from '#contracts/signup.ts'
import type { SaudiStep, SignupFieldCodes } from './signup-errors'

/**
 * Seeds 5: the checks the sign-up forms make before sending, mirroring the server's (required
 * fields, lengths, the other → free text rule, the agreement), with the server's codes so the
 * message under a field is the same whichever side found it.
 */

/** The standard form as typed: every answer a string (choices as their id), the agreement a flag. */
export type StandardSignupValues = {
  first_name: string
  last_name: string
  email: string
  password: string
  country: string
  region: string
  city: string
  post_code: string
  fibre_availability: '' | 'yes' | 'no'
  mobile_number: string
  isp: string
  isp_other: string
  package: string
  package_other: string
  tos: boolean
}

/** What the programme asks (seeds 9: regions, cities, postcode, fibre availability per programme). */
export type StandardSignupAsks = {
  region: boolean
  /** The chosen region has cities. */
  city: boolean
  postcode: boolean
  fibre: boolean
}

/** The Saudi form as typed, named as its payload; the three requirements and the address choice. */
export type SaudiSignupValues = {
  has_fixed_connection: boolean
  has_space: boolean
  has_spare_power: boolean
  first_name: string
  last_name: string
  email: string
  mobile: string
  installation_address_1: string
  installation_address_2: string
  installation_address_3: string
  installation_city: string
  installation_postcode: string
  installation_phone: string
  same_address: boolean
  delivery_address_1: string
  delivery_address_2: string
  delivery_address_3: string
  delivery_city: string
  delivery_postcode: string
  delivery_phone: string
  ispId: string
  ispOther: string
  productId: string
  productOther: string
  tos: boolean
}

// Not the full RFC: one @, something on both sides, a dot in the domain, no spaces (the server
// has the last word and answers EMAIL_INVALID).
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

/** Whether an email address looks deliverable enough to send. */
export function isPlausibleEmail(email: string): boolean {
  return EMAIL.test(email.trim())
}

const blank = (value: string) => value.trim() === ''
const tooLong = (value: string, max: number) => value.trim().length > max

function nameCodes(
  values: { first_name: string; last_name: string; email: string },
  codes: SignupFieldCodes,
): void {
  if (blank(values.first_name)) codes.first_name = 'MISSING'
  else if (tooLong(values.first_name, SIGNUP_LIMITS.name))
    codes.first_name = SignupCodes.FIRST_NAME_TOO_LONG
  if (blank(values.last_name)) codes.last_name = 'MISSING'
  else if (tooLong(values.last_name, SIGNUP_LIMITS.name))
    codes.last_name = SignupCodes.LAST_NAME_TOO_LONG
  if (blank(values.email)) codes.email = 'MISSING'
  else if (!isPlausibleEmail(values.email)) codes.email = SignupCodes.EMAIL_INVALID
}

/** A choice with its "other" free text: required, and the text when the choice is other (0). */
function choiceCodes(
  choice: string,
  other: string,
  tooLongCode: string,
): { choice?: string; other?: string } {
  if (choice === '') return { choice: 'MISSING' }
  if (Number(choice) !== OTHER_CHOICE) return {}
  if (blank(other)) return { other: 'MISSING' }
  if (tooLong(other, SIGNUP_LIMITS.other)) return { other: tooLongCode }
  return {}
}

function postcodeCode(postcode: string): string | undefined {
  if (blank(postcode)) return 'MISSING'
  if (tooLong(postcode, SIGNUP_LIMITS.postcode)) return SignupCodes.POSTCODE_TOO_LONG
  return undefined
}

/** An optional phone number: blank is fine, anything else must look like one. */
function phoneCode(phone: string): string | undefined {
  return blank(phone) || isPhoneNumber(phone) ? undefined : 'INVALID'
}

/** Seeds 5 standard form: the codes of every field that cannot be sent as it is. */
export function standardSignupCodes(
  values: StandardSignupValues,
  asks: StandardSignupAsks,
): SignupFieldCodes {
  const codes: SignupFieldCodes = {}
  nameCodes(values, codes)
  if (values.password === '') codes.password = 'MISSING'
  else if (!checkPassword(values.password).valid) codes.password = 'INVALID_PASSWORD_FORMAT'
  if (values.country === '') codes.country = 'MISSING'
  if (asks.region && values.region === '') codes.region = 'MISSING'
  if (asks.city && values.city === '') codes.city = 'MISSING'
  if (asks.postcode) {
    const postcode = postcodeCode(values.post_code)
    if (postcode !== undefined) codes.post_code = postcode
  }
  if (asks.fibre && values.fibre_availability === '') codes.fibre_availability = 'MISSING'
  const phone = phoneCode(values.mobile_number)
  if (phone !== undefined) codes.mobile_number = phone
  const isp = choiceCodes(values.isp, values.isp_other, SignupCodes.ISP_OTHER_TOO_LONG)
  if (isp.choice !== undefined) codes.isp = isp.choice
  if (isp.other !== undefined) codes.isp_other = isp.other
  const pkg = choiceCodes(values.package, values.package_other, SignupCodes.PACKAGE_OTHER_TOO_LONG)
  if (pkg.choice !== undefined) codes.package = pkg.choice
  if (pkg.other !== undefined) codes.package_other = pkg.other
  if (!values.tos) codes.tos = 'MISSING'
  return codes
}

/** Seeds 5 Saudi step 1: all three requirements ticked (Next stays disabled until then). */
export function saudiRequirementsMet(values: SaudiSignupValues): boolean {
  return values.has_fixed_connection && values.has_space && values.has_spare_power
}

function addressCodes(values: SaudiSignupValues, prefix: 'installation' | 'delivery') {
  const codes: SignupFieldCodes = {}
  const line = (value: string, required: boolean) => {
    if (blank(value)) return required ? 'MISSING' : undefined
    return tooLong(value, SIGNUP_LIMITS.address) ? 'INVALID' : undefined
  }
  const found = {
    [`${prefix}_address_1`]: line(values[`${prefix}_address_1`], true),
    [`${prefix}_address_2`]: line(values[`${prefix}_address_2`], false),
    [`${prefix}_address_3`]: line(values[`${prefix}_address_3`], false),
    [`${prefix}_city`]: line(values[`${prefix}_city`], true),
    [`${prefix}_postcode`]:
      postcodeCode(values[`${prefix}_postcode`]) ??
      (isSaudiPostcode(values[`${prefix}_postcode`]) ? undefined : 'INVALID'),
    [`${prefix}_phone`]: phoneCode(values[`${prefix}_phone`]),
  }
  for (const [field, code] of Object.entries(found)) {
    if (code !== undefined) codes[field as keyof SignupFieldCodes] = code
  }
  return codes
}

/** The codes of one Saudi step's fields (step 1 has none: its Next is gated instead). */
export function saudiStepCodes(step: SaudiStep, values: SaudiSignupValues): SignupFieldCodes {
  const codes: SignupFieldCodes = {}
  switch (step) {
    case 1:
      return codes
    case 2: {
      nameCodes(values, codes)
      const mobile = phoneCode(values.mobile)
      if (mobile !== undefined) codes.mobile = mobile
      return codes
    }
    case 3:
      return {
        ...addressCodes(values, 'installation'),
        ...(values.same_address ? {} : addressCodes(values, 'delivery')),
      }
    case 4: {
      const isp = choiceCodes(values.ispId, values.ispOther, SignupCodes.ISP_OTHER_TOO_LONG)
      if (isp.choice !== undefined) codes.ispId = isp.choice
      if (isp.other !== undefined) codes.ispOther = isp.other
      const product = choiceCodes(
        values.productId,
        values.productOther,
        SignupCodes.PACKAGE_OTHER_TOO_LONG,
      )
      if (product.choice !== undefined) codes.productId = product.choice
      if (product.other !== undefined) codes.productOther = product.other
      if (!values.tos) codes.tos = 'MISSING'
      return codes
    }
  }
}

/** The first Saudi step that cannot be left as it is (4 when every step is complete). */
export function firstIncompleteSaudiStep(values: SaudiSignupValues): SaudiStep {
  if (!saudiRequirementsMet(values)) return 1
  if (Object.keys(saudiStepCodes(2, values)).length > 0) return 2
  if (Object.keys(saudiStepCodes(3, values)).length > 0) return 3
  return 4
}

/**
 * The step to show for a requested one (from the URL): a step past the first incomplete one goes
 * back to that one, so a reload or a typed URL never skips a required answer.
 */
export function allowedSaudiStep(
  requested: number | undefined,
  values: SaudiSignupValues,
): SaudiStep {
  const wanted = Math.min(4, Math.max(1, Math.trunc(requested ?? 1)))
  const limit = firstIncompleteSaudiStep(values)
  return (Number.isFinite(wanted) ? Math.min(wanted, limit) : 1) as SaudiStep
}
