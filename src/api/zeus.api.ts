import * as v from 'valibot'
import {
  OrganisationResponseSchema,
  PersonalInformationResponseSchema,
  PreferencesResponseSchema,
  type Organisation,
  type PersonalInformation,
  type Preferences,
} from '#contracts/accounts.ts'
import type { ApiLocaleCode } from '#contracts/locales.ts'
import { request } from './http'

// PUT answers are not part of the contracts yet; the body is not read.
const AnyBodySchema = v.unknown()

/** GET users/{user_id}/preferences. */
export async function getPreferences(userId: number): Promise<Preferences> {
  return (
    await request('zeus', `/users/${userId}/preferences`, { schema: PreferencesResponseSchema })
  ).data
}

/** PUT users/{user_id}/preferences with the whole object. */
export async function putPreferences(userId: number, preferences: Preferences): Promise<void> {
  await request('zeus', `/users/${userId}/preferences`, {
    method: 'PUT',
    body: preferences,
    schema: AnyBodySchema,
  })
}

/** GET users/{sub}/personal_information. */
export async function getPersonalInformation(sub: string): Promise<PersonalInformation> {
  return (
    await request('zeus', `/users/${encodeURIComponent(sub)}/personal_information`, {
      schema: PersonalInformationResponseSchema,
    })
  ).data
}

/** PUT users/{sub}/personal_information with the default locale. */
export async function putDefaultLocale(sub: string, locale: ApiLocaleCode): Promise<void> {
  await request('zeus', `/users/${encodeURIComponent(sub)}/personal_information`, {
    method: 'PUT',
    body: { default_locale: locale },
    schema: AnyBodySchema,
  })
}

/** GET organisations/{id}. */
export async function getOrganisation(id: number): Promise<Organisation> {
  return (await request('zeus', `/organisations/${id}`, { schema: OrganisationResponseSchema }))
    .data
}
