import { i18n, type Messages } from '@lingui/core'
// The source catalog's core part ships in the entry chunk: most users need it, and first paint
// then waits for no extra round trip. Core holds the words of the entry and of the core routes
// (./core-routes.ts); the rest, and the other locales, load on demand (build/catalog-split.ts).
import { messages as sourceCore } from 'virtual:wb-catalog/en-GB/core'
import {
  DEFAULT_LOCALE,
  findLocale,
  LOCALE_COOKIE,
  LOCALES,
  matchLanguage,
  type LocaleCode,
} from './locales'

const STORAGE_KEY = 'wb.locale'

type Part = { messages: Messages }

const CORE: Record<LocaleCode, () => Promise<Part>> = {
  'en-GB': () => Promise.resolve({ messages: sourceCore }),
  'ar-SA': () => import('virtual:wb-catalog/ar-SA/core'),
  'fr-CA': () => import('virtual:wb-catalog/fr-CA/core'),
}

const REST: Record<LocaleCode, () => Promise<Part>> = {
  'en-GB': () => import('virtual:wb-catalog/en-GB/rest'),
  'ar-SA': () => import('virtual:wb-catalog/ar-SA/rest'),
  'fr-CA': () => import('virtual:wb-catalog/fr-CA/rest'),
}

/** The locale last asked for: the one `loadFullCatalog` completes, even before it is active. */
let wantedLocale: LocaleCode | undefined
/** Set once the full catalog was asked for: a later locale switch loads both parts at once. */
let fullWanted = false
/** The rest part of each locale, once loaded (a failed load is forgotten, so it is retried). */
const restLoads = new Map<LocaleCode, Promise<Messages | undefined>>()

function loadRest(code: LocaleCode): Promise<Messages | undefined> {
  let load = restLoads.get(code)
  if (!load) {
    // Offline without a precached copy the chunk cannot load: the app goes on without those
    // words (the missing guard reports them) rather than waiting forever.
    load = REST[code]().then(
      (part) => part.messages,
      () => {
        restLoads.delete(code)
        return undefined
      },
    )
    restLoads.set(code, load)
  }
  return load
}

/** The locale the user chose on this device, else the browser's if supported, else en-GB. */
export function storedLocale(): LocaleCode {
  const saved = findLocale(localStorage.getItem(STORAGE_KEY))
  if (saved) return saved.code
  for (const lang of navigator.languages) {
    const match = matchLanguage(lang)
    if (match) return match.code
  }
  return DEFAULT_LOCALE
}

/** Remembers the locale on this device (the reload that applies it is the caller's choice). */
export function storeLocale(code: LocaleCode): void {
  localStorage.setItem(STORAGE_KEY, code)
}

/**
 * Loads the core catalog of a locale (with its rest when the full catalog was asked for before),
 * activates it and sets `<html lang dir>` from the locale table.
 */
export async function activateLocale(code: LocaleCode): Promise<void> {
  const locale = findLocale(code) ?? LOCALES[0]
  wantedLocale = locale.code
  if (fullWanted) void loadRest(locale.code)
  const core = await CORE[locale.code]()
  // Read after the core arrived: `loadFullCatalog` may have been called meanwhile (boot does).
  const rest = fullWanted ? await loadRest(locale.code) : undefined
  // A copy: `i18n.load` merges into the active object, and the module's export stays as built.
  i18n.loadAndActivate({ locale: locale.code, messages: { ...core.messages, ...rest } })
  document.documentElement.lang = locale.code
  document.documentElement.dir = locale.rtl ? 'rtl' : 'ltr'
  // A year: the server reads it to announce this locale's catalog with the next page's HTML.
  document.cookie = `${LOCALE_COOKIE}=${locale.code}; path=/; max-age=31536000; samesite=lax`
}

/**
 * Loads the rest of the catalog of the locale being activated, for pages outside the core routes.
 * Memoised per locale; resolves (without those words) if the chunk cannot load.
 */
export async function loadFullCatalog(): Promise<void> {
  fullWanted = true
  const code = wantedLocale ?? storedLocale()
  const rest = await loadRest(code)
  // Activation may still be under way: it merges the rest itself, as fullWanted is set.
  if (rest && i18n.locale === code) i18n.load(code, rest)
}

/** In production a message missing from the loaded parts is a split mistake: say so loudly. */
export function reportMissingMessages(): void {
  i18n.on('missing', ({ id, locale }) => {
    console.error('Missing message', id, locale)
  })
}

if (import.meta.env.PROD) reportMissingMessages()

export { i18n }
