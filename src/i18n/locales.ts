/** The one locale table: code, native name, direction, API code and help-centre code (seeds 3: Locale). */
export const LOCALES = [
  { code: 'en-GB', name: 'English (UK)', rtl: false, api: 'en_GB', hc: 'en-gb' },
  { code: 'ar-SA', name: 'العربية', rtl: true, api: 'ar_SA', hc: 'ar' },
  { code: 'fr-CA', name: 'Français (Canada)', rtl: false, api: 'fr_CA', hc: 'fr-ca' },
] as const

export type Locale = (typeof LOCALES)[number]
export type LocaleCode = Locale['code']
export type ApiLocaleCode = Locale['api']

export const DEFAULT_LOCALE: LocaleCode = 'en-GB'

/** Finds a supported locale from a code in either form (`fr-CA`, `fr_CA`, `fr-ca`), or undefined. */
export function findLocale(code: string | null | undefined): Locale | undefined {
  if (!code) return undefined
  const wanted = code.replace('_', '-').toLowerCase()
  return LOCALES.find((l) => l.code.toLowerCase() === wanted)
}
