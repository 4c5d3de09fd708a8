import { HC_FALLBACK_LOCALE, HC_LOCALES, type HcLocale } from '#contracts/help-centre.ts'
import { activateLocale, i18n, storedLocale } from '../../i18n/i18n'
import { LOCALES, type Locale } from '#contracts/locales.ts'

/** Seeds 3 stored local flag "help-centre locale" (localStorage, like the app's `wb.locale`). */
export const HC_LOCALE_KEY = 'wb.hcLocale'

/** Whether a URL segment is one of the help centre's locale codes (en-gb, ar, fr-ca). */
export function isHcLocale(code: string | null | undefined): code is HcLocale {
  return (HC_LOCALES as readonly string[]).includes(code ?? '')
}

/** The app locale whose help-centre code is `hc` (its catalog, direction and Intl code). */
export function appLocaleOf(hc: HcLocale): Locale {
  return LOCALES.find((locale) => locale.hc === hc) ?? LOCALES[0]
}

/**
 * The help-centre locale of a page: the URL's, else the one chosen in the help centre on this
 * device, else the app locale's, else en-gb (seeds 9 fallback).
 */
export function resolveHcLocale(
  urlLocale: string | undefined,
  storedHcLocale: string | null,
  appLocale: string,
): HcLocale {
  if (isHcLocale(urlLocale)) return urlLocale
  if (isHcLocale(storedHcLocale)) return storedHcLocale
  const app = LOCALES.find((locale) => locale.code === appLocale)
  return app ? app.hc : HC_FALLBACK_LOCALE
}

/** The help-centre locale chosen on this device, or null. */
export function readHcLocaleFlag(): string | null {
  try {
    return localStorage.getItem(HC_LOCALE_KEY)
  } catch {
    return null
  }
}

/** Remembers the help-centre locale chosen in its language menu. */
export function writeHcLocaleFlag(locale: HcLocale): void {
  try {
    localStorage.setItem(HC_LOCALE_KEY, locale)
  } catch {
    // Storage blocked: the URL still carries the choice.
  }
}

// Catalog switches run one after another, so a quick leave-and-return ends in the right language.
let switching: Promise<void> = Promise.resolve()

function switchCatalog(code: Locale['code']): Promise<void> {
  switching = switching
    .catch(() => undefined)
    .then(() => (i18n.locale === code ? undefined : activateLocale(code)))
  return switching
}

/**
 * Resolves the locale of a help-centre page and makes its catalog (and `<html lang dir>`) active,
 * so the whole page, not only the article, reads in that language; ar is right to left.
 */
export async function enterHelpCentreLocale(urlLocale: string | undefined): Promise<HcLocale> {
  const locale = resolveHcLocale(urlLocale, readHcLocaleFlag(), storedLocale())
  await switchCatalog(appLocaleOf(locale).code)
  return locale
}

let openLayouts = 0

/**
 * Called by the help-centre layout while it is mounted; when the last one goes (the user left the
 * help centre), the app's own language comes back. Deferred so a remount (Strict Mode, a locale
 * switch) does not flip the language back and forth.
 */
export function holdHelpCentreLocale(): () => void {
  openLayouts += 1
  return () => {
    openLayouts -= 1
    setTimeout(() => {
      if (openLayouts === 0) void switchCatalog(storedLocale())
    }, 0)
  }
}

const LOCALE_PREFIX = new RegExp(`^/hc(?:/(?:${HC_LOCALES.join('|')}))?(?=/|$)`)

/** The path of the same help-centre page in another locale (the language menu's target). */
export function pathInLocale(pathname: string, locale: HcLocale): string {
  const rest = pathname.replace(LOCALE_PREFIX, '')
  return `/hc/${locale}${rest === '/' ? '' : rest}`
}
