import { i18n, type Messages } from '@lingui/core'
// The source catalog ships in the entry chunk: most users need it, and first paint then waits for
// no extra round trip. The other catalogs load on demand.
import { messages as sourceMessages } from '../../locales/en-GB/messages.po'
import { DEFAULT_LOCALE, findLocale, LOCALES, type LocaleCode } from './locales'

const STORAGE_KEY = 'wb.locale'

/** The locale the user chose on this device, else the browser's if supported, else en-GB. */
export function storedLocale(): LocaleCode {
  const saved = findLocale(localStorage.getItem(STORAGE_KEY))
  if (saved) return saved.code
  for (const lang of navigator.languages) {
    const match = findLocale(lang) ?? findLocale(`${lang.slice(0, 2)}-${lang.slice(0, 2)}`)
    if (match) return match.code
  }
  return DEFAULT_LOCALE
}

/** Remembers the locale on this device (the reload that applies it is the caller's choice). */
export function storeLocale(code: LocaleCode): void {
  localStorage.setItem(STORAGE_KEY, code)
}

/** Loads the catalog of a locale, activates it and sets `<html lang dir>` from the locale table. */
export async function activateLocale(code: LocaleCode): Promise<void> {
  const locale = findLocale(code) ?? LOCALES[0]
  const messages =
    locale.code === DEFAULT_LOCALE
      ? sourceMessages
      : ((await import(`../../locales/${locale.code}/messages.po`)) as { messages: Messages })
          .messages
  i18n.loadAndActivate({ locale: locale.code, messages })
  document.documentElement.lang = locale.code
  document.documentElement.dir = locale.rtl ? 'rtl' : 'ltr'
}

export { i18n }
