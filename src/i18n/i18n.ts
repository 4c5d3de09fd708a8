import { i18n, type Messages } from '@lingui/core'
// The source catalog's core part ships in the entry chunk: most users need it, and first paint
// then waits for no extra round trip. Core holds the words of the entry and of the core routes
// (./core-routes.ts); the rest, and the other locales, load on demand (build/catalog-split.ts).
import { messages as sourceCore } from 'virtual:wb-catalog/en-GB/core'
import type { CatalogNeed } from '#contracts/pages/core-routes.ts'
import {
  DEFAULT_LOCALE,
  findLocale,
  LOCALE_COOKIE,
  LOCALES,
  matchLanguage,
  type LocaleCode,
} from '#contracts/locales.ts'

const STORAGE_KEY = 'wb.locale'

type Part = { messages: Messages }

const CORE: Record<LocaleCode, () => Promise<Part>> = {
  'en-GB': () => Promise.resolve({ messages: sourceCore }),
  'ar-SA': () => import('virtual:wb-catalog/ar-SA/core'),
  'fr-CA': () => import('virtual:wb-catalog/fr-CA/core'),
}

/**
 * The parts beyond the core, loaded on demand: the sign-up's words, the enterprise pages' words,
 * and all the others.
 */
type ExtraPart = 'signup' | 'rest' | 'enterprise'

const EXTRA: Record<ExtraPart, Record<LocaleCode, () => Promise<Part>>> = {
  signup: {
    'en-GB': () => import('virtual:wb-catalog/en-GB/signup'),
    'ar-SA': () => import('virtual:wb-catalog/ar-SA/signup'),
    'fr-CA': () => import('virtual:wb-catalog/fr-CA/signup'),
  },
  rest: {
    'en-GB': () => import('virtual:wb-catalog/en-GB/rest'),
    'ar-SA': () => import('virtual:wb-catalog/ar-SA/rest'),
    'fr-CA': () => import('virtual:wb-catalog/fr-CA/rest'),
  },
  enterprise: {
    'en-GB': () => import('virtual:wb-catalog/en-GB/enterprise'),
    'ar-SA': () => import('virtual:wb-catalog/ar-SA/enterprise'),
    'fr-CA': () => import('virtual:wb-catalog/fr-CA/enterprise'),
  },
}

/** The locale last asked for: the one `loadFullCatalog` completes, even before it is active. */
let wantedLocale: LocaleCode | undefined
/** The parts asked for so far: a later locale switch loads them with its core at once. */
const wantedParts = new Set<ExtraPart>()
/** The extra parts of each locale, once loaded (a failed load is forgotten, so it is retried). */
const partLoads = new Map<string, Promise<Messages | undefined>>()

function loadPart(part: ExtraPart, code: LocaleCode): Promise<Messages | undefined> {
  const key = `${part}/${code}`
  let load = partLoads.get(key)
  if (!load) {
    // Offline without a precached copy the chunk cannot load: the app goes on without those
    // words (the missing guard reports them) rather than waiting forever.
    load = EXTRA[part][code]().then(
      (loaded) => loaded.messages,
      () => {
        partLoads.delete(key)
        return undefined
      },
    )
    partLoads.set(key, load)
  }
  return load
}

/** The wanted extra parts of a locale, merged (each loaded once). */
async function wantedMessages(code: LocaleCode): Promise<Messages> {
  const loaded = await Promise.all([...wantedParts].map((part) => loadPart(part, code)))
  return Object.assign({}, ...loaded) as Messages
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
 * Loads the core catalog of a locale (with the parts asked for before), activates it and sets
 * `<html lang dir>` from the locale table.
 */
export async function activateLocale(code: LocaleCode): Promise<void> {
  const locale = findLocale(code) ?? LOCALES[0]
  wantedLocale = locale.code
  for (const part of wantedParts) void loadPart(part, locale.code)
  const core = await CORE[locale.code]()
  // Read after the core arrived: a part may have been asked for meanwhile (boot does).
  const extra = await wantedMessages(locale.code)
  // A copy: `i18n.load` merges into the active object, and the module's export stays as built.
  i18n.loadAndActivate({ locale: locale.code, messages: { ...core.messages, ...extra } })
  document.documentElement.lang = locale.code
  document.documentElement.dir = locale.rtl ? 'rtl' : 'ltr'
  // A year: the server reads it to announce this locale's catalog with the next page's HTML.
  document.cookie = `${LOCALE_COOKIE}=${locale.code}; path=/; max-age=31536000; samesite=lax`
}

/** Loads extra parts of the locale being activated; memoised; never rejects. */
async function loadExtra(parts: readonly ExtraPart[]): Promise<void> {
  for (const part of parts) wantedParts.add(part)
  const code = wantedLocale ?? storedLocale()
  const loaded = await Promise.all(parts.map((part) => loadPart(part, code)))
  // Activation may still be under way: it merges the wanted parts itself.
  if (i18n.locale !== code) return
  for (const messages of loaded) if (messages) i18n.load(code, messages)
}

/**
 * Loads the rest of the catalog of the locale being activated (the sign-up's words are in it
 * too, the enterprise pages' are not), for pages outside the core routes. Resolves (without those
 * words) if it cannot load.
 */
export function loadFullCatalog(): Promise<void> {
  return loadExtra(['rest'])
}

/** Loads the sign-up's part of the catalog of the locale being activated (contracts/pages/core-routes.ts). */
export function loadSignupCatalog(): Promise<void> {
  return loadExtra(['signup'])
}

/** What a page needs of the catalog beyond the core (contracts/pages/core-routes.ts), loaded. */
export function loadCatalogFor(need: CatalogNeed): Promise<void> | undefined {
  if (need === 'enterprise') return loadExtra(['rest', 'enterprise'])
  if (need === 'full') return loadFullCatalog()
  if (need === 'signup') return loadSignupCatalog()
  return undefined
}

/** In production a message missing from the loaded parts is a split mistake: say so loudly. */
export function reportMissingMessages(): void {
  i18n.on('missing', ({ id, locale }) => {
    console.error('Missing message', id, locale)
  })
}

if (import.meta.env.PROD) reportMissingMessages()

export { i18n }
