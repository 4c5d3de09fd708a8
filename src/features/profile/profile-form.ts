import {
  isPhoneNumber,
  OTHER_CHOICE,
  SIGNUP_LIMITS,
  SignupCodes,
  type SignupAddress,
  type SignupProfile,
} from '#contracts/signup.ts'

/** Field name → the code shown under it. */
export type ProfileCodes = Record<string, string>

/** An address as typed (all strings). */
export type AddressValues = {
  line1: string
  line2: string
  line3: string
  city: string
  postcode: string
  phone: string
}

export const ADDRESS_PARTS = ['line1', 'line2', 'line3', 'city', 'postcode', 'phone'] as const

/** The form's values for a stored address (blank when there is none). */
export function addressValues(address: SignupAddress | null): AddressValues {
  return {
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    line3: address?.line3 ?? '',
    city: address?.city ?? '',
    postcode: address?.postcode ?? '',
    phone: address?.phone ?? '',
  }
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim())

/** The address to send, in the sign-up's country (the server refuses any other). */
export function addressFromValues(values: AddressValues, countryId: number): SignupAddress {
  return {
    line1: values.line1.trim(),
    line2: orNull(values.line2),
    line3: orNull(values.line3),
    city: values.city.trim(),
    postcode: values.postcode.trim(),
    country_id: countryId,
    phone: orNull(values.phone),
  }
}

const tooLong = (value: string, max: number) => value.trim().length > max

/** The address rules the server checks: line 1, city and postcode required, lengths, the phone. */
export function addressCodes(values: AddressValues): ProfileCodes {
  const codes: ProfileCodes = {}
  for (const part of ['line1', 'city', 'postcode'] as const) {
    if (values[part].trim() === '') codes[part] = 'MISSING'
  }
  for (const part of ['line1', 'line2', 'line3', 'city'] as const) {
    if (codes[part] === undefined && tooLong(values[part], SIGNUP_LIMITS.address)) {
      codes[part] = 'INVALID'
    }
  }
  if (codes.postcode === undefined && tooLong(values.postcode, SIGNUP_LIMITS.postcode)) {
    codes.postcode = SignupCodes.POSTCODE_TOO_LONG
  }
  if (values.phone.trim() !== '' && !isPhoneNumber(values.phone)) codes.phone = 'INVALID'
  return codes
}

/** The phone rule: optional, but a phone number when given. */
export function phoneCodes(phone: string): ProfileCodes {
  return phone.trim() === '' || isPhoneNumber(phone) ? {} : { mobile_number: 'INVALID' }
}

/** The provider answers as typed (ids as strings). */
export type BroadbandValues = {
  isp: string
  isp_other: string
  package: string
  package_other: string
}

/** The form's values for the stored answers: other (0) when only a free text is stored. */
export function broadbandValues(profile: SignupProfile): BroadbandValues {
  const choice = (item: { id: number } | null, other: string | null) => {
    if (item) return String(item.id)
    return other === null ? '-1' : String(OTHER_CHOICE)
  }
  return {
    isp: choice(profile.isp, profile.isp_other),
    isp_other: profile.isp_other ?? '',
    package: choice(profile.package, profile.package_other),
    package_other: profile.package_other ?? '',
  }
}

/** Seeds 5: required choices and the other → free text rule, with the 8.3 length codes. */
export function broadbandCodes(values: BroadbandValues): ProfileCodes {
  const codes: ProfileCodes = {}
  const check = (choice: 'isp' | 'package', other: 'isp_other' | 'package_other', long: string) => {
    if (values[choice] === '') codes[choice] = 'MISSING'
    else if (Number(values[choice]) === OTHER_CHOICE) {
      if (values[other].trim() === '') codes[other] = 'MISSING'
      else if (tooLong(values[other], SIGNUP_LIMITS.other)) codes[other] = long
    }
  }
  check('isp', 'isp_other', SignupCodes.ISP_OTHER_TOO_LONG)
  check('package', 'package_other', SignupCodes.PACKAGE_OTHER_TOO_LONG)
  return codes
}

/**
 * The form field of a server error name, for the part of the profile being saved: address errors
 * come as "installation_address.line1", the others under their own names.
 */
export function profileFieldOf(serverName: string, prefix?: string): string {
  if (prefix !== undefined && serverName.startsWith(`${prefix}.`)) {
    return serverName.slice(prefix.length + 1)
  }
  const aliases: Record<string, string> = { ispOther: 'isp_other', packageOther: 'package_other' }
  return aliases[serverName] ?? serverName
}
