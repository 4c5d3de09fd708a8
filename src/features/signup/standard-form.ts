import * as v from 'valibot'
import type { SignupProgramme, StandardSignup } from '#contracts/signup.ts'
import type { ApiLocaleCode } from '#contracts/locales.ts'
import type { StandardSignupAsks, StandardSignupValues } from '../../lib/signup-validation'
import { choiceValue, otherText } from './choices'

/** A blank standard form in a country. */
export function emptyStandardValues(country: number): StandardSignupValues {
  return {
    first_name: '',
    last_name: '',
    email: '',
    password: '',
    country: String(country),
    region: '',
    city: '',
    post_code: '',
    fibre_availability: '',
    mobile_number: '',
    isp: '',
    isp_other: '',
    package: '',
    package_other: '',
    tos: false,
  }
}

const text = v.fallback(v.string(), '')

// A stored draft from any app version: each answer of the wrong type falls back to blank.
const StandardDraftSchema = v.object({
  first_name: text,
  last_name: text,
  email: text,
  country: text,
  region: text,
  city: text,
  post_code: text,
  fibre_availability: v.fallback(v.picklist(['', 'yes', 'no']), ''),
  mobile_number: text,
  isp: text,
  isp_other: text,
  package: text,
  package_other: text,
  tos: v.fallback(v.boolean(), false),
})

/** The values of a stored draft; the password is never stored, so it starts blank. */
export function standardValuesFromDraft(
  stored: Record<string, unknown>,
  country: number,
): StandardSignupValues {
  const draft = v.parse(StandardDraftSchema, stored)
  return { ...draft, country: draft.country === '' ? String(country) : draft.country, password: '' }
}

/** What the programme asks for, with the chosen region's cities. */
export function standardAsks(
  programme: SignupProgramme,
  values: Pick<StandardSignupValues, 'region'>,
): StandardSignupAsks {
  const region = programme.regions.find((r) => r.id === values.region)
  return {
    region: programme.regions.length > 0,
    city: (region?.cities.length ?? 0) > 0,
    postcode: programme.asks.postcode,
    fibre: programme.asks.fibre_availability,
  }
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim())

/**
 * Seeds 3 standard payload from the form. `honeypot` is the hidden field's content: null unless a
 * robot filled it (the server then accepts and ignores the application).
 */
export function standardPayload(
  owner: SignupProgramme['owner'],
  values: StandardSignupValues,
  asks: StandardSignupAsks,
  options: { honeypot: string; locale: ApiLocaleCode },
): StandardSignup {
  return {
    owner,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    password: values.password,
    country: Number(values.country),
    region: asks.region ? orNull(values.region) : null,
    city: asks.city ? orNull(values.city) : null,
    postcode: asks.postcode ? orNull(values.post_code) : null,
    isp: choiceValue(values.isp),
    package: choiceValue(values.package),
    ispOther: otherText(values.isp, values.isp_other),
    packageOther: otherText(values.package, values.package_other),
    other: options.honeypot === '' ? null : options.honeypot,
    tos: values.tos,
    locale: options.locale,
    mobile_number: orNull(values.mobile_number),
    fibre_availability: asks.fibre
      ? values.fibre_availability === ''
        ? null
        : values.fibre_availability === 'yes'
      : null,
  }
}
