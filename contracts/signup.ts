import * as v from 'valibot'
import { int4, storable } from './primitives.ts'
import { SignupOwnerSchema } from './signup-owner.ts'

/**
 * Volunteer sign-up (seeds 000 §2.5, §3, §4.4, §5, §7.3, §8.3, §9): the study metadata, the country
 * data, the standard and the Saudi payloads, the volunteer's own record (/profile).
 */

export { SIGNUP_OWNERS, SignupOwnerSchema, type SignupOwner } from './signup-owner.ts'

/** Seeds 9: default country (United Kingdom), the Saudi study's country, the special choices. */
export const DEFAULT_SIGNUP_COUNTRY_ID = 235
export const SAUDI_COUNTRY_ID = 195
/** An ISP or package id of 0 means "other" (a free-text answer is then required). */
export const OTHER_CHOICE = 0
/** An ISP or package id of -1 means "I don't know" (sent as null). */
export const UNKNOWN_CHOICE = -1

/** Seeds 9 limits, enforced by the server (and mirrored by the form). */
export const SIGNUP_LIMITS = {
  name: 50,
  postcode: 100,
  other: 50,
  /** Not in the seeds: an address line or city of the Saudi form (INVALID above it). */
  address: 100,
  /** Not in the seeds: a phone number as typed, spaces included (INVALID above it). */
  phone: 30,
} as const

/** Arabic-Indic and Extended Arabic-Indic digits (what an Arabic keyboard types) as 0-9. */
export function normaliseDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) =>
    String((digit.codePointAt(0) ?? 0) & 0xf),
  )
}

/**
 * A phone number as people type one: an optional leading +, digits (any of the digit sets above),
 * spaces, dots, dashes and brackets, with 6 to 15 digits (the E.164 maximum). Codes INVALID.
 */
export function isPhoneNumber(value: string): boolean {
  const text = normaliseDigits(value.trim())
  if (text.length > SIGNUP_LIMITS.phone || !/^\+?[0-9 ().-]+$/.test(text)) return false
  const digits = text.replace(/[^0-9]/g, '').length
  return digits >= 6 && digits <= 15
}

/** A Saudi national-address postcode: 5 digits, optionally followed by the 4-digit extension. */
export function isSaudiPostcode(value: string): boolean {
  return /^[0-9]{5}(-?[0-9]{4})?$/.test(normaliseDigits(value.trim()))
}

/** Seeds 8.3: the sign-up codes, each shown under its field with its translated message. */
export const SignupCodes = {
  FIRST_NAME_TOO_LONG: 'FIRST_NAME_TOO_LONG',
  LAST_NAME_TOO_LONG: 'LAST_NAME_TOO_LONG',
  EMAIL_IN_USE: 'EMAIL_IN_USE',
  EMAIL_INVALID: 'EMAIL_INVALID',
  POSTCODE_TOO_LONG: 'POSTCODE_TOO_LONG',
  ISP_INVALID: 'ISP_INVALID',
  ISP_OTHER_TOO_LONG: 'ISP_OTHER_TOO_LONG',
  PACKAGE_OTHER_TOO_LONG: 'PACKAGE_OTHER_TOO_LONG',
  PACKAGE_INVALID: 'PACKAGE_INVALID',
  /** PUT users/{userId}/signup/{id} once the Whitebox is shipping (seeds 4.4): 409. */
  SIGNUP_SHIPPING: 'SIGNUP_SHIPPING',
} as const
export type SignupCode = (typeof SignupCodes)[keyof typeof SignupCodes]

/**
 * Seeds 5: the fields server errors are shown beside. The error map of a 422 uses these names
 * (note post_code, isp_other and package_other, unlike the payload's postcode/ispOther/packageOther);
 * the Saudi service adds its own field names (mobile, installation_*, delivery_*, ispId, productId).
 */
export const SIGNUP_ERROR_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'post_code',
  'isp',
  'isp_other',
  'package',
  'package_other',
  'mobile_number',
] as const

/**
 * The fields of a Saudi sign-up 422 (the payload's own names): first_name, last_name, email
 * (MISSING, *_TOO_LONG, EMAIL_INVALID, EMAIL_IN_USE), mobile and the phones (INVALID), the address
 * lines, city and postcode (MISSING, INVALID; the postcodes also POSTCODE_TOO_LONG), the countries
 * (INVALID unless 195), language_preference, ispId (MISSING, ISP_INVALID), ispOther (MISSING,
 * ISP_OTHER_TOO_LONG), productId (MISSING, PACKAGE_INVALID), productOther (MISSING,
 * PACKAGE_OTHER_TOO_LONG), tos (MISSING).
 */
export const SAUDI_SIGNUP_ERROR_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'mobile',
  'installation_address_1',
  'installation_address_2',
  'installation_address_3',
  'installation_city',
  'installation_postcode',
  'installation_country',
  'installation_phone',
  'delivery_address_1',
  'delivery_address_2',
  'delivery_address_3',
  'delivery_city',
  'delivery_postcode',
  'delivery_country',
  'delivery_phone',
  'language_preference',
  'ispId',
  'ispOther',
  'productId',
  'productOther',
  'tos',
] as const

// ---- Metadata (GET zeus signups/metadata, no auth) ---------------------------------------------

/**
 * A name as a study publishes it in the app's other languages (ar-SA, fr-CA); a language without
 * one shows `name`, the name in English.
 */
export const TranslatedNamesSchema = v.object({
  'ar-SA': v.optional(v.string()),
  'fr-CA': v.optional(v.string()),
})
export type TranslatedNames = v.InferOutput<typeof TranslatedNamesSchema>

/**
 * `name` in `locale` (the app's `ar-SA` or a payload's `ar_SA`) when the study gives one, else as
 * it is.
 */
export function nameIn(
  name: string,
  translations: TranslatedNames | undefined,
  locale: string,
): string {
  const tag = locale.replace('_', '-')
  const translated = tag === 'ar-SA' || tag === 'fr-CA' ? translations?.[tag] : undefined
  return translated ?? name
}

export const SignupRegionSchema = v.object({
  /** Stable id used in the payload's region. */
  id: v.string(),
  name: v.string(),
  name_translations: v.optional(TranslatedNamesSchema),
  /** Cities of the region; empty when the programme asks for no city. */
  cities: v.array(v.string()),
})
export type SignupRegion = v.InferOutput<typeof SignupRegionSchema>

export const SignupProgrammeSchema = v.object({
  owner: SignupOwnerSchema,
  /** The study's name as shown beside its logo, in English. */
  study_name: v.string(),
  /** The name the study goes by in other languages (the Saudi and Omani studies in Arabic). */
  study_name_translations: v.optional(TranslatedNamesSchema),
  /** Seeds 2.5: general (Australia, New Zealand, Oman) or fixed_line_fibre (Saudi Arabia). */
  variant: v.picklist(['general', 'fixed_line_fibre']),
  /** The standard form or the Saudi 4-step form. */
  form: v.picklist(['standard', 'saudi']),
  /** The country the form starts with (the route's country overrides it when allowed). */
  default_country_id: v.number(),
  /** Countries the applicant may choose; one entry means the field is fixed. */
  country_ids: v.array(v.number()),
  branding: v.object({
    /** Path of the study logo under the app's origin. */
    logo: v.string(),
    /** CSS colour of the side panel. */
    primary_colour: v.string(),
  }),
  links: v.object({
    terms: v.string(),
    faq: v.string(),
    reports: v.string(),
    /** A mailto: address or a page. */
    contact: v.string(),
  }),
  regions: v.array(SignupRegionSchema),
  asks: v.object({ postcode: v.boolean(), phone: v.boolean(), fibre_availability: v.boolean() }),
})
export type SignupProgramme = v.InferOutput<typeof SignupProgrammeSchema>

export const SignupMetadataResponseSchema = v.object({
  data: v.object({ programmes: v.array(SignupProgrammeSchema) }),
})

// ---- Country data (GET zeus signups/countries/{countryId}, no auth) ---------------------------

export const SignupPackageSchema = v.object({ id: v.number(), name: v.string() })
export const SignupIspSchema = v.object({
  id: v.number(),
  name: v.string(),
  /** Real packages, then other (0) and unknown (-1) at the end. */
  packages: v.array(SignupPackageSchema),
})
export type SignupIsp = v.InferOutput<typeof SignupIspSchema>

export const CountryDataSchema = v.object({
  id: v.number(),
  /** The country's English name; the app names it in the page's language from `code`. */
  name: v.string(),
  /** ISO 3166-1 alpha-2. */
  code: v.string(),
  /** Real ISPs, then other (0) and unknown (-1) at the end, each with their packages. */
  isps: v.array(SignupIspSchema),
})
export type CountryData = v.InferOutput<typeof CountryDataSchema>
export const CountryDataResponseSchema = v.object({
  data: v.object({ countryData: CountryDataSchema }),
})

// ---- Standard payload (POST zeus signups, no auth) --------------------------------------------

/** Text PostgreSQL can store (no NUL, no lone surrogate: INVALID); lengths are the rules'. */
const Text = v.pipe(v.string(), v.trim(), storable())
const OptionalText = v.nullish(Text, null)
/** An id, 0 (other) or -1 (unknown): an int4 like the columns it is looked up in. */
const Choice = v.nullish(int4(), null)

/**
 * Seeds 3 standard sign-up payload. Shape only: lengths, the other/unknown rules and the
 * ISP/package checks are the server's (they answer with the 8.3 codes, not valibot messages).
 */
export const StandardSignupSchema = v.object({
  owner: SignupOwnerSchema,
  first_name: Text,
  last_name: Text,
  email: Text,
  password: v.string(),
  country: int4(),
  region: OptionalText,
  city: OptionalText,
  postcode: OptionalText,
  /** 0 = other (ispOther required), null = unknown. */
  isp: Choice,
  package: Choice,
  ispOther: OptionalText,
  packageOther: OptionalText,
  /** Honeypot: must stay null; anything else is accepted and silently ignored. */
  other: v.nullish(v.unknown(), null),
  tos: v.boolean(),
  locale: v.optional(v.picklist(['en_GB', 'ar_SA', 'fr_CA']), 'en_GB'),
  mobile_number: OptionalText,
  fibre_availability: v.nullish(v.boolean(), null),
})
export type StandardSignup = v.InferInput<typeof StandardSignupSchema>

/** 201 for a recorded application and, indistinguishably, for an ignored honeypot one. */
export const SignupAcceptedResponseSchema = v.object({
  data: v.object({ status: v.literal('signup') }),
})

// ---- Saudi payload (POST /api/signup-sa/signup, no auth) --------------------------------------

/** Seeds 3 Saudi study payload; the country fields must be 195. */
export const SaudiSignupSchema = v.object({
  first_name: Text,
  last_name: Text,
  email: Text,
  mobile: OptionalText,
  installation_address_1: Text,
  installation_address_2: OptionalText,
  installation_address_3: OptionalText,
  installation_city: Text,
  installation_postcode: Text,
  installation_country: v.literal(SAUDI_COUNTRY_ID),
  installation_phone: OptionalText,
  delivery_address_1: Text,
  delivery_address_2: OptionalText,
  delivery_address_3: OptionalText,
  delivery_city: Text,
  delivery_postcode: Text,
  delivery_country: v.literal(SAUDI_COUNTRY_ID),
  delivery_phone: OptionalText,
  language_preference: v.picklist(['en_GB', 'ar_SA', 'fr_CA']),
  ispId: Choice,
  ispOther: OptionalText,
  /** The provider's resolved name (the chosen ISP's name, or the free text). */
  service_provider: OptionalText,
  productId: Choice,
  productOther: OptionalText,
  /** The product's resolved name. */
  package: OptionalText,
  other: v.nullish(v.unknown(), null),
  tos: v.boolean(),
})
export type SaudiSignup = v.InferInput<typeof SaudiSignupSchema>

// ---- The volunteer's record (GET/PUT zeus users/{userId}/signup) -------------------------------

export const SIGNUP_STATUSES = ['signup', 'waiting_list', 'selected', 'shipping'] as const
export const SignupStatusSchema = v.picklist(SIGNUP_STATUSES)
export type SignupStatus = v.InferOutput<typeof SignupStatusSchema>

export const SignupAddressSchema = v.object({
  line1: v.pipe(Text, v.minLength(1), v.maxLength(100)),
  line2: v.nullable(v.pipe(Text, v.maxLength(100))),
  line3: v.nullable(v.pipe(Text, v.maxLength(100))),
  city: v.pipe(Text, v.minLength(1), v.maxLength(100)),
  postcode: v.pipe(Text, v.minLength(1), v.maxLength(SIGNUP_LIMITS.postcode)),
  country_id: int4(),
  phone: v.nullable(v.pipe(Text, v.maxLength(30))),
})
export type SignupAddress = v.InferOutput<typeof SignupAddressSchema>

export const SignupProfileSchema = v.object({
  id: v.number(),
  owner: SignupOwnerSchema,
  status: SignupStatusSchema,
  /** False once shipping (seeds 4.4); the server refuses edits then too. */
  editable: v.boolean(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  mobile_number: v.nullable(v.string()),
  /** Named in the page's language from `code` (ISO 3166-1 alpha-2), as in the country data. */
  country: v.nullable(v.object({ id: v.number(), name: v.string(), code: v.string() })),
  region: v.nullable(v.string()),
  city: v.nullable(v.string()),
  postcode: v.nullable(v.string()),
  fibre_availability: v.nullable(v.boolean()),
  isp: v.nullable(v.object({ id: v.number(), name: v.string() })),
  isp_other: v.nullable(v.string()),
  package: v.nullable(v.object({ id: v.number(), name: v.string() })),
  package_other: v.nullable(v.string()),
  installation_address: v.nullable(SignupAddressSchema),
  delivery_address: v.nullable(SignupAddressSchema),
  /** ISO time the agreement was accepted. */
  agreed_at: v.string(),
  created_at: v.string(),
  updated_at: v.string(),
})
export type SignupProfile = v.InferOutput<typeof SignupProfileSchema>
export const SignupProfileResponseSchema = v.object({ data: SignupProfileSchema })

/** PUT zeus users/{userId}/signup/{id}: the parts a volunteer may change before shipping. */
export const SignupProfileUpdateSchema = v.object({
  mobile_number: v.optional(OptionalText),
  region: v.optional(OptionalText),
  city: v.optional(OptionalText),
  postcode: v.optional(OptionalText),
  isp: v.optional(Choice),
  ispOther: v.optional(OptionalText),
  package: v.optional(Choice),
  packageOther: v.optional(OptionalText),
  installation_address: v.optional(v.nullable(SignupAddressSchema)),
  delivery_address: v.optional(v.nullable(SignupAddressSchema)),
})
export type SignupProfileUpdate = v.InferInput<typeof SignupProfileUpdateSchema>
