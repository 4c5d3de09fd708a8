import * as v from 'valibot'
import { SAUDI_COUNTRY_ID, type CountryData, type SaudiSignup } from '#contracts/signup.ts'
import type { ApiLocaleCode } from '#contracts/locales.ts'
import type { SaudiSignupValues } from '../../lib/signup-validation'
import { choiceValue, findIsp, otherText, resolvedName } from './choices'

/** A blank Saudi form: "same as installation" ticked by default (seeds 2.5). */
export const EMPTY_SAUDI_VALUES: SaudiSignupValues = {
  has_fixed_connection: false,
  has_space: false,
  has_spare_power: false,
  first_name: '',
  last_name: '',
  email: '',
  mobile: '',
  installation_address_1: '',
  installation_address_2: '',
  installation_address_3: '',
  installation_city: '',
  installation_postcode: '',
  installation_phone: '',
  same_address: true,
  delivery_address_1: '',
  delivery_address_2: '',
  delivery_address_3: '',
  delivery_city: '',
  delivery_postcode: '',
  delivery_phone: '',
  ispId: '',
  ispOther: '',
  productId: '',
  productOther: '',
  tos: false,
}

const text = v.fallback(v.string(), '')
const flag = (fallback: boolean) => v.fallback(v.boolean(), fallback)

// A stored draft from any app version: each answer of the wrong type falls back to its blank.
const SaudiDraftSchema = v.object({
  has_fixed_connection: flag(false),
  has_space: flag(false),
  has_spare_power: flag(false),
  first_name: text,
  last_name: text,
  email: text,
  mobile: text,
  installation_address_1: text,
  installation_address_2: text,
  installation_address_3: text,
  installation_city: text,
  installation_postcode: text,
  installation_phone: text,
  same_address: flag(true),
  delivery_address_1: text,
  delivery_address_2: text,
  delivery_address_3: text,
  delivery_city: text,
  delivery_postcode: text,
  delivery_phone: text,
  ispId: text,
  ispOther: text,
  productId: text,
  productOther: text,
  tos: flag(false),
})

/** The values of a stored draft. */
export function saudiValuesFromDraft(stored: Record<string, unknown>): SaudiSignupValues {
  return v.parse(SaudiDraftSchema, stored)
}

const ADDRESS_PARTS = ['address_1', 'address_2', 'address_3', 'city', 'postcode', 'phone'] as const

/**
 * Unticking "same as installation" starts the delivery address from the installation one (only
 * blank delivery fields are filled, so nothing typed there is lost).
 */
export function copyInstallationToDelivery(values: SaudiSignupValues): SaudiSignupValues {
  const next = { ...values }
  for (const part of ADDRESS_PARTS) {
    if (next[`delivery_${part}`].trim() === '')
      next[`delivery_${part}`] = next[`installation_${part}`]
  }
  return next
}

/**
 * With "same as installation" ticked the delivery fields are not on screen: a server error on one
 * of them is about the installation value that was copied there, so it shows under that field.
 */
export function foldDeliveryErrors(
  errors: Record<string, string | readonly string[]> | undefined,
  sameAddress: boolean,
): Record<string, string | readonly string[]> | undefined {
  if (!sameAddress || errors === undefined) return errors
  const folded: Record<string, string | readonly string[]> = {}
  for (const [name, value] of Object.entries(errors)) {
    const target = name.startsWith('delivery_') ? `installation_${name.slice(9)}` : name
    folded[target] ??= value
  }
  return folded
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim())

/** Seeds 3 Saudi payload from the form; the delivery address is the installation one when ticked. */
export function saudiPayload(
  values: SaudiSignupValues,
  country: CountryData | undefined,
  options: { honeypot: string; locale: ApiLocaleCode },
): SaudiSignup {
  const delivery = values.same_address ? 'installation' : 'delivery'
  const isp = findIsp(country, values.ispId)
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    mobile: orNull(values.mobile),
    installation_address_1: values.installation_address_1.trim(),
    installation_address_2: orNull(values.installation_address_2),
    installation_address_3: orNull(values.installation_address_3),
    installation_city: values.installation_city.trim(),
    installation_postcode: values.installation_postcode.trim(),
    installation_country: SAUDI_COUNTRY_ID,
    installation_phone: orNull(values.installation_phone),
    delivery_address_1: values[`${delivery}_address_1`].trim(),
    delivery_address_2: orNull(values[`${delivery}_address_2`]),
    delivery_address_3: orNull(values[`${delivery}_address_3`]),
    delivery_city: values[`${delivery}_city`].trim(),
    delivery_postcode: values[`${delivery}_postcode`].trim(),
    delivery_country: SAUDI_COUNTRY_ID,
    delivery_phone: orNull(values[`${delivery}_phone`]),
    language_preference: options.locale,
    ispId: choiceValue(values.ispId),
    ispOther: otherText(values.ispId, values.ispOther),
    service_provider: resolvedName(country?.isps ?? [], values.ispId, values.ispOther),
    productId: choiceValue(values.productId),
    productOther: otherText(values.productId, values.productOther),
    package: resolvedName(isp?.packages ?? [], values.productId, values.productOther),
    other: options.honeypot === '' ? null : options.honeypot,
    tos: values.tos,
  }
}
