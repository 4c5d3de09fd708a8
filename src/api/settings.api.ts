import { PersonalInformationResponseSchema, type PersonalInformation } from '#contracts/accounts.ts'
import {
  CountriesResponseSchema,
  EmailPreferencesResponseSchema,
  EmailUpdateResponseSchema,
  IspsResponseSchema,
  PACKAGES_PER_PAGE,
  PackagesResponseSchema,
  PasswordUpdateResponseSchema,
  REFERENCE_PER_PAGE,
  ReportCardsResponseSchema,
  SupportRequestResponseSchema,
  UnitLocationResponseSchema,
  UnitPackageResponseSchema,
  type Country,
  type EmailPreferences,
  type EmailUpdate,
  type Isp,
  type Package,
  type PasswordUpdate,
  type ReportCard,
  type SupportRequestCreate,
  type UnitLocation,
  type UnitPackage,
  type UnitPackageUpdate,
} from '#contracts/settings.ts'
import type { UnitLocationUpdate } from '#contracts/units.ts'
import { request } from './http'

const user = (sub: string) => `/users/${encodeURIComponent(sub)}`
const unit = (sub: string, unitId: number) => `${user(sub)}/accessible-units/${unitId}`

/** GET zeus countries. */
export async function getCountries(signal?: AbortSignal): Promise<Country[]> {
  return (await request('zeus', '/countries', { schema: CountriesResponseSchema, signal })).data
}

/** GET zeus isps of a country, 10000 a page (seeds 9: one page holds every ISP of a country). */
export async function getIsps(countryId: number, signal?: AbortSignal): Promise<Isp[]> {
  return (
    await request('zeus', '/isps', {
      schema: IspsResponseSchema,
      query: { country_id: countryId, per_page: REFERENCE_PER_PAGE },
      signal,
    })
  ).data
}

/**
 * GET zeus isps/{id}/packages, 250 a page (seeds 9), every page: the first tells how many there are,
 * the rest are fetched in parallel.
 */
export async function getAllPackages(ispId: number, signal?: AbortSignal): Promise<Package[]> {
  const page = (n: number) =>
    request('zeus', `/isps/${ispId}/packages`, {
      schema: PackagesResponseSchema,
      query: { page: n, per_page: PACKAGES_PER_PAGE },
      signal,
    })
  const first = await page(1)
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.meta.pagination.total_pages - 1) }, (_, i) =>
      page(i + 2),
    ),
  )
  return [first, ...rest].flatMap((p) => p.data)
}

/** GET zeus users/{sub}/accessible-units/{unitId}/package. */
export async function getUnitPackage(
  sub: string,
  unitId: number,
  signal?: AbortSignal,
): Promise<UnitPackage> {
  return (
    await request('zeus', `${unit(sub, unitId)}/package`, {
      schema: UnitPackageResponseSchema,
      signal,
    })
  ).data
}

/** PUT zeus users/{sub}/accessible-units/{unitId}/package. */
export async function putUnitPackage(
  sub: string,
  unitId: number,
  body: UnitPackageUpdate,
): Promise<UnitPackage> {
  return (
    await request('zeus', `${unit(sub, unitId)}/package`, {
      method: 'PUT',
      body,
      schema: UnitPackageResponseSchema,
    })
  ).data
}

/** GET zeus users/{sub}/accessible-units/{unitId}/location. */
export async function getUnitLocation(
  sub: string,
  unitId: number,
  signal?: AbortSignal,
): Promise<UnitLocation> {
  return (
    await request('zeus', `${unit(sub, unitId)}/location`, {
      schema: UnitLocationResponseSchema,
      signal,
    })
  ).data
}

/** PUT zeus users/{sub}/accessible-units/{unitId}/location (seeds 7.2). */
export async function putUnitLocation(
  sub: string,
  unitId: number,
  body: UnitLocationUpdate,
): Promise<UnitLocation> {
  return (
    await request('zeus', `${unit(sub, unitId)}/location`, {
      method: 'PUT',
      body,
      schema: UnitLocationResponseSchema,
    })
  ).data
}

/** PUT zeus users/{sub}/personal_information with the names. */
export async function putNames(
  sub: string,
  names: { first_name: string; last_name: string },
): Promise<PersonalInformation> {
  return (
    await request('zeus', `${user(sub)}/personal_information`, {
      method: 'PUT',
      body: names,
      schema: PersonalInformationResponseSchema,
    })
  ).data
}

/** PUT zeus users/{sub}/email. */
export async function putEmail(sub: string, body: EmailUpdate): Promise<string> {
  return (
    await request('zeus', `${user(sub)}/email`, {
      method: 'PUT',
      body,
      schema: EmailUpdateResponseSchema,
    })
  ).data.email
}

/** PUT zeus users/{sub}/password. */
export async function putPassword(sub: string, body: PasswordUpdate): Promise<void> {
  await request('zeus', `${user(sub)}/password`, {
    method: 'PUT',
    body,
    schema: PasswordUpdateResponseSchema,
  })
}

/** GET zeus users/{sub}/email_preferences. */
export async function getEmailPreferences(
  sub: string,
  signal?: AbortSignal,
): Promise<EmailPreferences> {
  return (
    await request('zeus', `${user(sub)}/email_preferences`, {
      schema: EmailPreferencesResponseSchema,
      signal,
    })
  ).data
}

/** PUT zeus users/{sub}/email_preferences with the whole object. */
export async function putEmailPreferences(
  sub: string,
  preferences: EmailPreferences,
): Promise<EmailPreferences> {
  return (
    await request('zeus', `${user(sub)}/email_preferences`, {
      method: 'PUT',
      body: preferences,
      schema: EmailPreferencesResponseSchema,
    })
  ).data
}

/** POST zeus users/{sub}/support_requests. */
export async function postSupportRequest(
  sub: string,
  body: SupportRequestCreate,
): Promise<{ id: number }> {
  return (
    await request('zeus', `${user(sub)}/support_requests`, {
      method: 'POST',
      body,
      schema: SupportRequestResponseSchema,
    })
  ).data
}

/** GET zeus users/{sub}/report_cards. */
export async function getReportCards(sub: string, signal?: AbortSignal): Promise<ReportCard[]> {
  return (
    await request('zeus', `${user(sub)}/report_cards`, {
      schema: ReportCardsResponseSchema,
      signal,
    })
  ).data
}
