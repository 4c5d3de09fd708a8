import type {
  Organisation,
  PersonalInformation,
  Preferences,
} from '../../../../contracts/accounts.ts'

/** The preferences response: the stored object, whole. */
export function presentPreferences(preferences: Record<string, unknown>): { data: Preferences } {
  return { data: preferences }
}

/** The personal_information response in the seeds' snake_case fields. */
export function presentPersonalInformation(row: {
  firstName: string
  lastName: string
  email: string
  defaultLocale: 'en_GB' | 'ar_SA' | 'fr_CA' | null
}): { data: PersonalInformation } {
  return {
    data: {
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      default_locale: row.defaultLocale,
    },
  }
}

/** The organisation response (id and name). */
export function presentOrganisation(row: { id: number; name: string }): { data: Organisation } {
  return { data: { id: row.id, name: row.name } }
}
