import { findLocale, LOCALES, type ApiLocaleCode, type Locale } from '../../contracts/locales.ts'

/** A mail's language: the API's locale code (en_GB, ar_SA, fr_CA), from the app's one locale table. */
export type MailLocale = ApiLocaleCode

function localeOf(locale: MailLocale): Locale {
  return LOCALES.find((l) => l.api === locale) ?? LOCALES[0]
}

/**
 * A link that opens the app in the mail's language, whatever the device's language is (the
 * sign-in, set-password and reset-password pages read `lang`: src/i18n/link-locale.ts).
 */
export function inLanguage(url: string, locale: MailLocale): string {
  const link = new URL(url)
  link.searchParams.set('lang', localeOf(locale).code)
  return link.toString()
}

/** The help centre's locale code of a mail language (Zendesk codes, seeds 2.7). */
export function helpCentreLocale(locale: MailLocale): string {
  return localeOf(locale).hc
}

/** The first of `codes` (in any form: `ar-SA`, `ar_SA`) the app supports, else English. */
export function mailLocale(...codes: (string | null | undefined)[]): MailLocale {
  for (const code of codes) {
    const found = findLocale(code)
    if (found) return found.api
  }
  return 'en_GB'
}
