import type { Organisation, PersonalInformation, Preferences } from '../../../contracts/accounts.ts'

export function presentPreferences(preferences: Record<string, unknown>): { data: Preferences } {
  return { data: preferences }
}

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

export function presentOrganisation(row: { id: number; name: string }): { data: Organisation } {
  return { data: { id: row.id, name: row.name } }
}
