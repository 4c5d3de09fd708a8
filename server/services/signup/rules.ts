import * as v from 'valibot'
import { CommonCodes } from '../../../contracts/errors.ts'
import { checkPassword } from '../../../contracts/password.ts'
import {
  isPhoneNumber,
  isSaudiPostcode,
  normaliseDigits,
  OTHER_CHOICE,
  SAUDI_COUNTRY_ID,
  SIGNUP_LIMITS,
  SignupCodes,
  UNKNOWN_CHOICE,
  type SaudiSignupSchema,
  type SignupAddress,
  type SignupProfileUpdateSchema,
  type SignupProgramme,
  type StandardSignupSchema,
} from '../../../contracts/signup.ts'
import { HttpError } from '../../errors.ts'
import { findCity, findRegion, saudiRegionOfCity } from './programmes.ts'
import type { SignupPatch } from './repository.ts'

/**
 * The sign-up rules of seeds 000 §5 and the codes of §8.3 as pure functions: the routes add what
 * needs the database (ISP of the country, package of the ISP, email already registered).
 */

/** Field name → codes, the `errors` of a 422 VALIDATION_FAIL. */
export type FieldErrors = Record<string, string[]>

/** The 422 of a refused application or update, with the seeds 8.3 codes per field. */
export function signupValidationFail(errors: FieldErrors): HttpError {
  return new HttpError(422, CommonCodes.VALIDATION_FAIL, { errors })
}

/** Files `code` under `field` (once). */
export function addError(errors: FieldErrors, field: string, code: string): void {
  const list = (errors[field] ??= [])
  if (!list.includes(code)) list.push(code)
}

/** The honeypot counts as filled when it holds anything but null, undefined or blank text. */
export function isHoneypotFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false
  return typeof value !== 'string' || value.trim() !== ''
}

/** A JSON object body (not an array, not a scalar), or null. */
export function asRecord(body: unknown): Record<string, unknown> | null {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : null
}

type Output<E extends v.ObjectEntries> = { [K in keyof E]?: v.InferOutput<E[K]> }

/**
 * Parses each entry of a contract object schema on its own, so one bad field does not hide the
 * others' errors. Shape errors become MISSING (absent, null or blank where text is required) or
 * INVALID, filed under `fieldName(key)` (nested paths joined with dots).
 */
export function parseFields<const E extends v.ObjectEntries>(
  entries: E,
  raw: Record<string, unknown>,
  fieldName: (key: string) => string = (key) => key,
): { values: Output<E>; errors: FieldErrors } {
  const values: Output<E> = {}
  const errors: FieldErrors = {}
  for (const key of Object.keys(entries) as (keyof E & string)[]) {
    const schema = entries[key] as unknown as v.GenericSchema<unknown, v.InferOutput<E[typeof key]>>
    const result = v.safeParse(schema, raw[key])
    if (result.success) {
      values[key] = result.output
      continue
    }
    for (const issue of result.issues) {
      const nested = issue.path?.map((item) => String(item.key)).join('.')
      const field = nested ? `${fieldName(key)}.${nested}` : fieldName(key)
      const missing =
        issue.input === undefined ||
        issue.input === null ||
        issue.type === 'min_length' ||
        (typeof issue.input === 'string' && issue.input.trim() === '')
      addError(errors, field, missing ? CommonCodes.MISSING : CommonCodes.INVALID)
    }
  }
  return { values, errors }
}

const EmailSchema = v.pipe(v.string(), v.maxLength(254), v.email())

/** MISSING when blank, `tooLong` above 50 characters (seeds 9). */
export function nameCode(name: string, tooLong: string): string | null {
  if (name === '') return CommonCodes.MISSING
  return name.length > SIGNUP_LIMITS.name ? tooLong : null
}

/** MISSING when blank, EMAIL_INVALID unless an address the login form also accepts. */
export function emailCode(email: string): string | null {
  if (email === '') return CommonCodes.MISSING
  return v.is(EmailSchema, email) ? null : SignupCodes.EMAIL_INVALID
}

/** MISSING when empty, INVALID_PASSWORD_FORMAT unless the shared password rule holds. */
export function passwordCode(password: string): string | null {
  if (password === '') return CommonCodes.MISSING
  return checkPassword(password).valid ? null : CommonCodes.INVALID_PASSWORD_FORMAT
}

/** MISSING when required and blank, POSTCODE_TOO_LONG above 100 characters. */
export function postcodeCode(postcode: string | null, required: boolean): string | null {
  if (postcode === null || postcode === '') return required ? CommonCodes.MISSING : null
  return postcode.length > SIGNUP_LIMITS.postcode ? SignupCodes.POSTCODE_TOO_LONG : null
}

/** INVALID for a phone number that is not one (optional: blank is fine). */
export function phoneCode(phone: string | null): string | null {
  if (phone === null || phone === '') return null
  return isPhoneNumber(phone) ? null : CommonCodes.INVALID
}

/** A phone number as stored: its digits as 0-9, the rest as typed; null when blank. */
export function storedPhone(phone: string | null | undefined): string | null {
  const text = phone?.trim() ?? ''
  return text === '' ? null : normaliseDigits(text)
}

/** The applicant's answer for the ISP or the package. */
export type Choice =
  { kind: 'known'; id: number } | { kind: 'other'; text: string } | { kind: 'unknown' }

/**
 * Seeds 5 other/unknown rule for one choice: absent is MISSING; null or -1 is "I don't know";
 * 0 is "other" and needs its free text (MISSING, `tooLong` above 50); another negative id is
 * `invalid`. Returns null when the answer is refused (its errors filed).
 */
export function readChoice(
  errors: FieldErrors,
  input: { present: boolean; id: number | null | undefined; other: string | null | undefined },
  fields: { choice: string; other: string },
  codes: { invalid: string; tooLong: string },
): Choice | null {
  if (!input.present) {
    addError(errors, fields.choice, CommonCodes.MISSING)
    return null
  }
  // Present but unparsed: its shape error is already filed.
  if (input.id === undefined) return null
  const id = input.id ?? UNKNOWN_CHOICE
  if (id === UNKNOWN_CHOICE) return { kind: 'unknown' }
  if (id === OTHER_CHOICE) {
    const text = input.other?.trim() ?? ''
    if (text === '') addError(errors, fields.other, CommonCodes.MISSING)
    else if (text.length > SIGNUP_LIMITS.other) addError(errors, fields.other, codes.tooLong)
    else return { kind: 'other', text }
    return null
  }
  if (id < 0) {
    addError(errors, fields.choice, codes.invalid)
    return null
  }
  return { kind: 'known', id }
}

/** The isp/isp_other (or package) columns of a choice. */
export function choiceColumns(choice: Choice): { id: number | null; other: string | null } {
  switch (choice.kind) {
    case 'known':
      return { id: choice.id, other: null }
    case 'other':
      return { id: null, other: choice.text }
    case 'unknown':
      return { id: null, other: null }
  }
}

/** The isp/isp_other and package/package_other columns of a sign-up's two answers. */
export function providerColumns(
  isp: Choice,
  pkg: Choice,
): {
  ispId: number | null
  ispOther: string | null
  packageId: number | null
  packageOther: string | null
} {
  const provider = choiceColumns(isp)
  const plan = choiceColumns(pkg)
  return {
    ispId: provider.id,
    ispOther: provider.other,
    packageId: plan.id,
    packageOther: plan.other,
  }
}

/** The two fields a form answers one choice with: the id and the free text. */
type ChoiceFields = { choice: string; other: string }
type ChoiceCodes = { invalid: string; tooLong: string }
type ChoiceAnswer = {
  present: boolean
  id: number | null | undefined
  other: string | null | undefined
}

const ISP_CODES: ChoiceCodes = {
  invalid: SignupCodes.ISP_INVALID,
  tooLong: SignupCodes.ISP_OTHER_TOO_LONG,
}
const PACKAGE_CODES: ChoiceCodes = {
  invalid: SignupCodes.PACKAGE_INVALID,
  tooLong: SignupCodes.PACKAGE_OTHER_TOO_LONG,
}
/** Where the standard form (and the profile) files its ISP and package answers. */
const STANDARD_CHOICE_FIELDS = {
  isp: { choice: 'isp', other: 'isp_other' },
  package: { choice: 'package', other: 'package_other' },
}

/**
 * Reads the ISP and the package answer (each by `readChoice`; one not present keeps the record's
 * choice when `kept` is given) and refuses a real package under "other" or "I don't know" as the
 * provider: a real package belongs to a real provider. A refused answer is null.
 */
function readIspAndPackage(
  errors: FieldErrors,
  answers: { isp: ChoiceAnswer; package: ChoiceAnswer },
  fields: { isp: ChoiceFields; package: ChoiceFields },
  kept?: { isp: Choice; package: Choice },
): { isp: Choice | null; package: Choice | null } {
  const read = (answer: ChoiceAnswer, at: ChoiceFields, codes: ChoiceCodes, keep?: Choice) =>
    !answer.present && keep ? keep : readChoice(errors, answer, at, codes)
  const isp = read(answers.isp, fields.isp, ISP_CODES, kept?.isp)
  const pkg = read(answers.package, fields.package, PACKAGE_CODES, kept?.package)
  if (isp && isp.kind !== 'known' && pkg?.kind === 'known') {
    addError(errors, fields.package.choice, SignupCodes.PACKAGE_INVALID)
  }
  return { isp, package: pkg }
}

/** The payload's field → the 422 field the form shows it under (seeds 5). */
const STANDARD_ERROR_FIELD: Record<string, string> = {
  postcode: 'post_code',
  ispOther: 'isp_other',
  packageOther: 'package_other',
}

/** The error field of a standard payload key. */
export function standardErrorField(key: string): string {
  return STANDARD_ERROR_FIELD[key] ?? key
}

type StandardValues = Output<(typeof StandardSignupSchema)['entries']>

/** What a standard application records, once its answers hold. */
export type StandardAnswers = {
  region: string | null
  city: string | null
  postcode: string | null
  mobileNumber: string | null
  fibreAvailability: boolean | null
  isp: Choice
  package: Choice
}

/**
 * Every seeds 5 rule of the standard form that needs no database, given the programme (null when
 * the owner itself was refused). The answers are returned only when nothing was refused.
 */
export function checkStandardSignup(
  values: StandardValues,
  present: (key: string) => boolean,
  programme: SignupProgramme | null,
  errors: FieldErrors,
): StandardAnswers | null {
  const before = Object.keys(errors).length
  const file = (key: string, code: string | null) => {
    if (code) addError(errors, standardErrorField(key), code)
  }
  if (values.first_name !== undefined) {
    file('first_name', nameCode(values.first_name, SignupCodes.FIRST_NAME_TOO_LONG))
  }
  if (values.last_name !== undefined) {
    file('last_name', nameCode(values.last_name, SignupCodes.LAST_NAME_TOO_LONG))
  }
  if (values.email !== undefined) file('email', emailCode(values.email))
  if (values.password !== undefined) file('password', passwordCode(values.password))
  if (values.tos === false) file('tos', CommonCodes.MISSING)
  if (
    values.country !== undefined &&
    programme &&
    !programme.country_ids.includes(values.country)
  ) {
    file('country', CommonCodes.INVALID)
  }

  const asks = programme?.asks
  let region: string | null = null
  let city: string | null = null
  if (programme && programme.regions.length > 0 && values.region !== undefined) {
    const found = values.region ? findRegion(programme, values.region) : null
    if (!values.region) file('region', CommonCodes.MISSING)
    else if (!found) file('region', CommonCodes.INVALID)
    else {
      region = found.id
      if (found.cities.length > 0 && values.city !== undefined) {
        city = values.city ? findCity(found, values.city) : null
        if (!values.city) file('city', CommonCodes.MISSING)
        else if (!city) file('city', CommonCodes.INVALID)
      }
    }
  }

  const postcode = asks?.postcode ? (values.postcode ?? null) : null
  if (asks && values.postcode !== undefined) file('postcode', postcodeCode(postcode, asks.postcode))

  const mobileNumber = asks?.phone ? (values.mobile_number ?? null) : null
  file('mobile_number', phoneCode(mobileNumber))

  let fibreAvailability: boolean | null = null
  if (asks?.fibre_availability && values.fibre_availability !== undefined) {
    fibreAvailability = values.fibre_availability
    if (fibreAvailability === null) file('fibre_availability', CommonCodes.MISSING)
  }

  const { isp, package: pkg } = readIspAndPackage(
    errors,
    {
      isp: { present: present('isp'), id: values.isp, other: values.ispOther },
      package: { present: present('package'), id: values.package, other: values.packageOther },
    },
    STANDARD_CHOICE_FIELDS,
  )

  if (Object.keys(errors).length > before || !isp || !pkg) return null
  return {
    region,
    city,
    postcode: postcode === '' ? null : postcode,
    mobileNumber: storedPhone(mobileNumber),
    fibreAvailability,
    isp,
    package: pkg,
  }
}

type SaudiValues = Output<(typeof SaudiSignupSchema)['entries']>

/** What a Saudi application records, once its answers hold. */
export type SaudiAnswers = {
  installation: SignupAddress
  delivery: SignupAddress
  region: string | null
  city: string
  mobile: string | null
  isp: Choice
  package: Choice
}

/** One Saudi address as sent (undefined: its shape error is already filed). */
type SaudiAddressInput = {
  line1: string | undefined
  line2: string | null | undefined
  line3: string | null | undefined
  city: string | undefined
  postcode: string | undefined
  phone: string | null | undefined
}

/** The address lines, city and postcode rules of one Saudi address; the address when they hold. */
function checkSaudiAddress(
  input: SaudiAddressInput,
  prefix: 'installation' | 'delivery',
  errors: FieldErrors,
): SignupAddress | null {
  const before = Object.keys(errors).length
  const file = (name: string, code: string | null) => {
    if (code) addError(errors, `${prefix}_${name}`, code)
  }
  const lineCode = (value: string | null | undefined, required: boolean) => {
    if (value === undefined || value === null) return null
    if (value === '') return required ? CommonCodes.MISSING : null
    return value.length > SIGNUP_LIMITS.address ? CommonCodes.INVALID : null
  }
  file('address_1', lineCode(input.line1, true))
  file('address_2', lineCode(input.line2, false))
  file('address_3', lineCode(input.line3, false))
  file('city', lineCode(input.city, true))
  if (input.postcode !== undefined) {
    const code = postcodeCode(input.postcode, true)
    file('postcode', code ?? (isSaudiPostcode(input.postcode) ? null : CommonCodes.INVALID))
  }
  file('phone', phoneCode(input.phone ?? null))

  const { line1, city, postcode } = input
  if (Object.keys(errors).length > before || !line1 || !city || !postcode) return null
  return {
    line1,
    line2: input.line2 || null,
    line3: input.line3 || null,
    city,
    postcode: normaliseDigits(postcode),
    country_id: SAUDI_COUNTRY_ID,
    phone: storedPhone(input.phone),
  }
}

/**
 * Every rule of the Saudi 4-step form that needs no database (seeds 5: address line 1, city,
 * postcode, ISP, product and agreement required; lines 2 and 3 optional). The resolved names
 * (service_provider, package) stand in for the free text when the id is 0.
 */
export function checkSaudiSignup(
  values: SaudiValues,
  present: (key: string) => boolean,
  errors: FieldErrors,
): SaudiAnswers | null {
  const before = Object.keys(errors).length
  const file = (key: string, code: string | null) => {
    if (code) addError(errors, key, code)
  }
  if (values.first_name !== undefined) {
    file('first_name', nameCode(values.first_name, SignupCodes.FIRST_NAME_TOO_LONG))
  }
  if (values.last_name !== undefined) {
    file('last_name', nameCode(values.last_name, SignupCodes.LAST_NAME_TOO_LONG))
  }
  if (values.email !== undefined) file('email', emailCode(values.email))
  file('mobile', phoneCode(values.mobile ?? null))
  if (values.tos === false) file('tos', CommonCodes.MISSING)
  const installation = checkSaudiAddress(
    {
      line1: values.installation_address_1,
      line2: values.installation_address_2,
      line3: values.installation_address_3,
      city: values.installation_city,
      postcode: values.installation_postcode,
      phone: values.installation_phone,
    },
    'installation',
    errors,
  )
  const delivery = checkSaudiAddress(
    {
      line1: values.delivery_address_1,
      line2: values.delivery_address_2,
      line3: values.delivery_address_3,
      city: values.delivery_city,
      postcode: values.delivery_postcode,
      phone: values.delivery_phone,
    },
    'delivery',
    errors,
  )

  const { isp, package: pkg } = readIspAndPackage(
    errors,
    {
      isp: {
        present: present('ispId'),
        id: values.ispId,
        other: values.ispOther || values.service_provider,
      },
      package: {
        present: present('productId'),
        id: values.productId,
        other: values.productOther || values.package,
      },
    },
    {
      isp: { choice: 'ispId', other: 'ispOther' },
      package: { choice: 'productId', other: 'productOther' },
    },
  )

  if (Object.keys(errors).length > before || !installation || !delivery || !isp || !pkg) {
    return null
  }
  const place = saudiRegionOfCity(installation.city)
  return {
    installation,
    delivery,
    region: place?.region ?? null,
    city: place?.city ?? installation.city,
    mobile: storedPhone(values.mobile),
    isp,
    package: pkg,
  }
}

type UpdateValues = Output<(typeof SignupProfileUpdateSchema)['entries']>

/** The record's current answer for the ISP or the package. */
export function storedChoice(id: number | null, other: string | null): Choice {
  if (id !== null) return { kind: 'known', id }
  return other !== null ? { kind: 'other', text: other } : { kind: 'unknown' }
}

/** The record as a profile update sees it. */
export type UpdateTarget = {
  countryId: number | null
  region: string | null
  city: string | null
  isp: Choice
  package: Choice
}

/** A checked profile update: the columns to write and the choices the database must confirm. */
export type CheckedUpdate = {
  patch: SignupPatch
  isp: Choice
  package: Choice
}

/**
 * PUT users/{userId}/signup/{id}: the standard form's rules on the fields sent (absent ones keep
 * their value). Changing the provider without the package keeps the package, which must then
 * belong to the new provider (checked with the database by the caller).
 */
export function checkProfileUpdate(
  values: UpdateValues,
  present: (key: string) => boolean,
  target: UpdateTarget,
  programme: SignupProgramme,
  errors: FieldErrors,
): CheckedUpdate | null {
  const before = Object.keys(errors).length
  const patch: SignupPatch = {}
  const file = (key: string, code: string | null) => {
    if (code) addError(errors, standardErrorField(key), code)
  }

  if (values.mobile_number !== undefined) {
    file('mobile_number', phoneCode(values.mobile_number))
    patch.mobileNumber = storedPhone(values.mobile_number)
  }

  if ((values.region !== undefined || values.city !== undefined) && programme.regions.length > 0) {
    const regionId = values.region !== undefined ? values.region : target.region
    const cityName = values.city !== undefined ? values.city : target.city
    const region = regionId ? findRegion(programme, regionId) : null
    if (!regionId) file('region', CommonCodes.MISSING)
    else if (!region) file('region', CommonCodes.INVALID)
    else {
      patch.region = region.id
      patch.city = null
      if (region.cities.length > 0) {
        const city = cityName ? findCity(region, cityName) : null
        if (!cityName) file('city', CommonCodes.MISSING)
        else if (!city) file('city', CommonCodes.INVALID)
        else patch.city = city
      }
    }
  }

  if (values.postcode !== undefined) {
    file('postcode', postcodeCode(values.postcode, programme.asks.postcode))
    patch.postcode = values.postcode === '' ? null : values.postcode
  }

  const { isp, package: pkg } = readIspAndPackage(
    errors,
    {
      isp: { present: present('isp'), id: values.isp, other: values.ispOther },
      package: { present: present('package'), id: values.package, other: values.packageOther },
    },
    STANDARD_CHOICE_FIELDS,
    target,
  )
  if (present('isp') && isp) {
    const columns = choiceColumns(isp)
    patch.ispId = columns.id
    patch.ispOther = columns.other
  }
  if (present('package') && pkg) {
    const columns = choiceColumns(pkg)
    patch.packageId = columns.id
    patch.packageOther = columns.other
  }

  for (const key of ['installation_address', 'delivery_address'] as const) {
    const address = values[key]
    if (address === undefined) continue
    if (address && address.country_id !== target.countryId) {
      addError(errors, `${key}.country_id`, CommonCodes.INVALID)
    }
    const stored = address && { ...address, phone: storedPhone(address.phone) }
    if (address?.phone && !isPhoneNumber(address.phone)) {
      addError(errors, `${key}.phone`, CommonCodes.INVALID)
    }
    if (key === 'installation_address') patch.installationAddress = stored
    else patch.deliveryAddress = stored
  }

  if (Object.keys(errors).length > before || !isp || !pkg) return null
  return { patch, isp, package: pkg }
}
