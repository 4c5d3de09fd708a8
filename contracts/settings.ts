import * as v from 'valibot'
import { int4Id, trimmedText } from './primitives.ts'
import { PAGE_SIZES, PaginationSchema, pagingEntries } from './pagination.ts'
import { UnitAddressSchema, GeoDataSchema } from './units.ts'

/**
 * The settings calls of seeds 000 §2.4 and §7.2 (accounts service, zeus): reference data (countries,
 * ISPs, packages), the unit's package and installation address, email, password, email
 * preferences, support requests and report cards.
 */

/** Codes of the settings endpoints beyond the shared form codes of seeds 8.2. */
export const SettingsCodes = {
  /** Seeds 8.5: a unit without a country cannot have its package changed. */
  UNIT_HAS_NO_COUNTRY: 'UNIT_HAS_NO_COUNTRY',
  /** Seeds 5: the email and its confirmation differ ("Emails do not match"). */
  DOES_NOT_MATCH_EMAIL: 'DOES_NOT_MATCH_EMAIL',
} as const

/** Seeds 9: reference lists are fetched 10000 a page, packages 250 a page. */
export const REFERENCE_PER_PAGE = PAGE_SIZES.referenceData
export const PACKAGES_PER_PAGE = PAGE_SIZES.packages

/** How long alerts may be paused at most (the "until I resume" choice pauses this long). */
export const MAX_ALERT_PAUSE_DAYS = 90

/** Where support requests go and what the contact page shows (a demo address until configured). */
export const SUPPORT_EMAIL = 'support@whitebox.example'

/** Seeds 9: first and last name at most 50 characters. */
export const NAME_MAX_LENGTH = 50
export const SUPPORT_SUBJECT_MAX_LENGTH = 150
export const SUPPORT_BODY_MAX_LENGTH = 5_000

const Id = int4Id()
/** A path or query number: digits only, so "1e3" or "-1" are refused rather than coerced. */
const NumericString = (max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), v.minValue(1), v.maxValue(max))

export { PaginationSchema, type Pagination } from './pagination.ts'

// ---- Reference data ----------------------------------------------------------------------------

export const CountrySchema = v.object({ id: v.number(), name: v.string(), code: v.string() })
export type Country = v.InferOutput<typeof CountrySchema>
/** GET countries. */
export const CountriesResponseSchema = v.object({ data: v.array(CountrySchema) })

export const IspSchema = v.object({ id: v.number(), name: v.string(), country_id: v.number() })
export type Isp = v.InferOutput<typeof IspSchema>

/** GET isps?country_id&page&per_page (per_page at most 10000). */
export const IspsQuerySchema = v.object({
  country_id: v.optional(NumericString(2_147_483_647)),
  ...pagingEntries({ perPage: REFERENCE_PER_PAGE }),
})
export const IspsResponseSchema = v.object({
  data: v.array(IspSchema),
  meta: v.object({ pagination: PaginationSchema }),
})
export type IspsResponse = v.InferOutput<typeof IspsResponseSchema>

export const PackageSchema = v.object({
  id: v.number(),
  isp_id: v.number(),
  name: v.string(),
  download_kbps: v.number(),
  upload_kbps: v.number(),
})
export type Package = v.InferOutput<typeof PackageSchema>

/** GET isps/{id}/packages?page&per_page (per_page at most 250). */
export const PackagesQuerySchema = v.object(pagingEntries({ perPage: PACKAGES_PER_PAGE }))
export const PackagesResponseSchema = v.object({
  data: v.array(PackageSchema),
  meta: v.object({ pagination: PaginationSchema }),
})
export type PackagesResponse = v.InferOutput<typeof PackagesResponseSchema>

// ---- The unit's package (broadband details) -----------------------------------------------------

/** Whether a YYYY-MM-DD string names a day of the calendar (not 2026-02-30). */
function isCalendarDay(date: string): boolean {
  const time = Date.parse(`${date}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(date)
}

/** YYYY-MM-DD (seeds 9 date format), a real day. */
const IsoDate = v.pipe(v.string(), v.isoDate(), v.check(isCalendarDay))

/** GET users/{sub}/accessible-units/{unitId}/package: the unit's ISP, package and change date. */
export const UnitPackageSchema = v.object({
  unit_id: v.number(),
  /** The unit's country (installation address, else its ISP's); null: the package cannot change. */
  country_id: v.nullable(v.number()),
  isp: v.nullable(v.object({ id: v.number(), name: v.string() })),
  package: v.nullable(
    v.object({
      id: v.number(),
      name: v.string(),
      download_kbps: v.number(),
      upload_kbps: v.number(),
    }),
  ),
  /** YYYY-MM-DD the package took effect, null if unknown. */
  changed_at: v.nullable(v.string()),
})
export type UnitPackage = v.InferOutput<typeof UnitPackageSchema>
export const UnitPackageResponseSchema = v.object({ data: UnitPackageSchema })

/** PUT users/{sub}/accessible-units/{unitId}/package (seeds 2.4: ISP, package and change date). */
export const UnitPackageUpdateSchema = v.object({
  isp_id: Id,
  package_id: Id,
  /** YYYY-MM-DD; not in the future (the server allows a day for time zones). */
  changed_at: IsoDate,
})
export type UnitPackageUpdate = v.InferOutput<typeof UnitPackageUpdateSchema>

// ---- The unit's installation address ------------------------------------------------------------

/** GET/PUT users/{sub}/accessible-units/{unitId}/location: the installation address and place. */
export const UnitLocationSchema = v.object({
  unit_id: v.number(),
  address: v.nullable(UnitAddressSchema),
  geo_data: v.nullable(GeoDataSchema),
  timezone: v.string(),
})
export type UnitLocation = v.InferOutput<typeof UnitLocationSchema>
export const UnitLocationResponseSchema = v.object({ data: UnitLocationSchema })

// ---- Email and password -------------------------------------------------------------------------

const Email = v.pipe(v.string(), v.trim(), v.maxLength(254), v.email())
const CurrentPassword = v.pipe(v.string(), v.minLength(1), v.maxLength(1024))

/** PUT users/{sub}/email. */
export const EmailUpdateSchema = v.object({
  email: Email,
  email_confirmation: v.pipe(v.string(), v.trim(), v.maxLength(254)),
  current_password: CurrentPassword,
})
export type EmailUpdate = v.InferOutput<typeof EmailUpdateSchema>
export const EmailUpdateResponseSchema = v.object({ data: v.object({ email: v.string() }) })

/**
 * PUT users/{sub}/password. `refresh_token` names this login: its refresh tokens are kept while
 * every other login of the account is signed out; without it every login is signed out.
 */
export const PasswordUpdateSchema = v.object({
  current_password: CurrentPassword,
  password: v.pipe(v.string(), v.maxLength(1024)),
  password_confirmation: v.pipe(v.string(), v.maxLength(1024)),
  refresh_token: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(512))),
})
export type PasswordUpdate = v.InferOutput<typeof PasswordUpdateSchema>
export const PasswordUpdateResponseSchema = v.object({
  code: v.literal('OK'),
  /** How many other logins were signed out. */
  data: v.object({ signed_out_sessions: v.number() }),
})

// ---- Email preferences --------------------------------------------------------------------------

/** GET/PUT users/{sub}/email_preferences: which mails the user gets, and a pause of alerts. */
export const EmailPreferencesSchema = v.object({
  disconnection_alerts: v.boolean(),
  performance_alerts: v.boolean(),
  report_cards: v.boolean(),
  product_news: v.boolean(),
  /** ISO time alerts are paused until (in the future, at most 90 days ahead), or null. */
  alerts_paused_until: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
})
export type EmailPreferences = v.InferOutput<typeof EmailPreferencesSchema>
export const EmailPreferencesResponseSchema = v.object({ data: EmailPreferencesSchema })

// ---- Support requests (contact) -----------------------------------------------------------------

export const SUPPORT_TOPICS = ['connection', 'whitebox', 'account', 'other'] as const
export const SupportTopicSchema = v.picklist(SUPPORT_TOPICS)
export type SupportTopic = v.InferOutput<typeof SupportTopicSchema>

/** POST users/{sub}/support_requests; the requester is the signed-in user. */
export const SupportRequestCreateSchema = v.object({
  topic: SupportTopicSchema,
  subject: trimmedText(SUPPORT_SUBJECT_MAX_LENGTH),
  body: trimmedText(SUPPORT_BODY_MAX_LENGTH),
})
export type SupportRequestCreate = v.InferOutput<typeof SupportRequestCreateSchema>
export const SupportRequestResponseSchema = v.object({
  data: v.object({ id: v.number(), created_at: v.string() }),
})

// ---- Report cards -------------------------------------------------------------------------------

export const ReportCardMonthSchema = v.object({
  /** YYYY-MM in the unit's time zone. */
  month: v.string(),
  /** Medians of the month's successful tests; null when there were none. */
  download_mbps: v.nullable(v.number()),
  upload_mbps: v.nullable(v.number()),
  latency_ms: v.nullable(v.number()),
  /** Speed tests counted (download). */
  tests: v.number(),
})
export type ReportCardMonth = v.InferOutput<typeof ReportCardMonthSchema>

export const ReportCardSchema = v.object({
  unit_id: v.number(),
  label: v.string(),
  package: v.nullable(
    v.object({
      name: v.string(),
      isp_name: v.string(),
      download_mbps: v.number(),
      upload_mbps: v.number(),
    }),
  ),
  /** The last three months, oldest first (the current month last). */
  months: v.array(ReportCardMonthSchema),
})
export type ReportCard = v.InferOutput<typeof ReportCardSchema>
/** GET users/{sub}/report_cards: one card per unit of the user. */
export const ReportCardsResponseSchema = v.object({ data: v.array(ReportCardSchema) })

/** How many months a report card covers. */
export const REPORT_CARD_MONTHS = 3
