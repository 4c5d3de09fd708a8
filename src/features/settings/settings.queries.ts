import { queryOptions } from '@tanstack/react-query'
import { STALE } from '../../api/query-client'
import {
  getAllPackages,
  getCountries,
  getEmailPreferences,
  getIsps,
  getReportCards,
  getUnitLocation,
  getUnitPackage,
} from '../../api/settings.api'
import { getPersonalInformation } from '../../api/zeus.api'
import type { PersistMeta } from '../../offline/persistence'

/** Query keys of the settings area: reference lists under `reference`, the rest per user or unit. */
export const settingsKeys = {
  countries: () => ['reference', 'countries'] as const,
  isps: (countryId: number) => ['reference', 'isps', countryId] as const,
  packages: (ispId: number) => ['reference', 'packages', ispId] as const,
  all: ['settings'] as const,
  personal: (sub: string) => ['settings', 'personal-information', sub] as const,
  unitPackage: (sub: string, unitId: number) => ['settings', 'unit-package', sub, unitId] as const,
  unitLocation: (sub: string, unitId: number) =>
    ['settings', 'unit-location', sub, unitId] as const,
  emailPreferences: (sub: string) => ['settings', 'email-preferences', sub] as const,
  reportCards: (sub: string) => ['settings', 'report-cards', sub] as const,
}

const reference = { persist: 'reference' } satisfies PersistMeta
const unit = { persist: 'unit' } satisfies PersistMeta
const profile = { persist: 'profile' } satisfies PersistMeta

/** GET countries (reference data, kept a week on the device). */
export function countriesQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.countries(),
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: STALE.HOURS.ONE,
    meta: reference,
  })
}

/** The ISPs of a country. */
export function ispsQueryOptions(countryId: number) {
  return queryOptions({
    queryKey: settingsKeys.isps(countryId),
    queryFn: ({ signal }) => getIsps(countryId, signal),
    staleTime: STALE.HOURS.ONE,
    meta: reference,
  })
}

/** Every package of an ISP (fetched 250 a page, all pages). */
export function packagesQueryOptions(ispId: number) {
  return queryOptions({
    queryKey: settingsKeys.packages(ispId),
    queryFn: ({ signal }) => getAllPackages(ispId, signal),
    staleTime: STALE.HOURS.ONE,
    meta: reference,
  })
}

/** The names and email of the signed-in user. */
export function personalInformationQueryOptions(sub: string) {
  return queryOptions({
    queryKey: settingsKeys.personal(sub),
    queryFn: () => getPersonalInformation(sub),
    staleTime: STALE.MINUTES.ONE,
    meta: profile,
  })
}

/** The unit's ISP, package and change date (seeds 2.4 broadband details). */
export function unitPackageQueryOptions(sub: string, unitId: number) {
  return queryOptions({
    queryKey: settingsKeys.unitPackage(sub, unitId),
    queryFn: ({ signal }) => getUnitPackage(sub, unitId, signal),
    staleTime: STALE.MINUTES.ONE,
    meta: unit,
  })
}

/** The unit's installation address. */
export function unitLocationQueryOptions(sub: string, unitId: number) {
  return queryOptions({
    queryKey: settingsKeys.unitLocation(sub, unitId),
    queryFn: ({ signal }) => getUnitLocation(sub, unitId, signal),
    staleTime: STALE.MINUTES.ONE,
    meta: unit,
  })
}

/** The user's email preferences. */
export function emailPreferencesQueryOptions(sub: string) {
  return queryOptions({
    queryKey: settingsKeys.emailPreferences(sub),
    queryFn: ({ signal }) => getEmailPreferences(sub, signal),
    staleTime: STALE.MINUTES.ONE,
    meta: profile,
  })
}

/** The report cards of the user's units (computed from results: kept like results). */
export function reportCardsQueryOptions(sub: string) {
  return queryOptions({
    queryKey: settingsKeys.reportCards(sub),
    queryFn: ({ signal }) => getReportCards(sub, signal),
    staleTime: STALE.HOURS.ONE,
    meta: { persist: 'results' } satisfies PersistMeta,
  })
}
