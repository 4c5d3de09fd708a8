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

/**
 * The cookie that tells the server the locale this device renders in, so that a page's HTML
 * announces that locale's catalog (server/lib/page-hints.ts). Written on every activation.
 */
export const LOCALE_COOKIE = 'wb_locale'

/** Finds a supported locale from a code in either form (`fr-CA`, `fr_CA`, `fr-ca`), or undefined. */
export function findLocale(code: string | null | undefined): Locale | undefined {
  if (!code) return undefined
  const wanted = code.replace('_', '-').toLowerCase()
  return LOCALES.find((l) => l.code.toLowerCase() === wanted)
}

/**
 * The supported locale for a browser language tag (`navigator.languages`, Accept-Language): the
 * exact locale, else the first one of the same language (`ar-EG` and `ar` → ar-SA, `en-US` →
 * en-GB), or undefined.
 */
export function matchLanguage(tag: string): Locale | undefined {
  const language = tag.slice(0, 2).toLowerCase()
  return findLocale(tag) ?? LOCALES.find((l) => l.code.slice(0, 2).toLowerCase() === language)
}
