import * as v from 'valibot'
import { activateLocale, i18n, storeLocale } from './i18n'
import { findLocale } from '#contracts/locales.ts'

/**
 * The search params of a page opened from a mail: `lang` is the language the mail was written in
 * (the server adds it, e.g. `?lang=ar-SA`), so the page opens in the reader's language.
 */
export const LinkLocaleSearchSchema = v.object({
  // A mangled value opens the page in the device's language rather than failing it.
  lang: v.fallback(v.optional(v.string()), undefined),
})

/**
 * Adopts the locale a mailed link names: remembered on this device (the app stays in it after the
 * link) and made active. An unknown or absent `lang` changes nothing.
 */
export async function adoptLinkLocale(lang: string | undefined): Promise<void> {
  const locale = findLocale(lang)
  if (!locale) return
  storeLocale(locale.code)
  if (i18n.locale !== locale.code) await activateLocale(locale.code)
}
