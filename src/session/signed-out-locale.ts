import { findLocale, type LocaleCode } from '#contracts/locales.ts'

/**
 * A language chosen while signed out (the sign-in page's picker) during this visit: kept in
 * sessionStorage (it survives the reload that applies it, not the tab), so the login sequence saves
 * it as the account's language instead of letting the account's saved one win.
 */
const KEY = 'whitebox.signed-out-locale'

function store(): Storage | null {
  try {
    return globalThis.sessionStorage
  } catch {
    return null
  }
}

/** Notes a language chosen while signed out. */
export function rememberSignedOutLocale(code: LocaleCode): void {
  try {
    store()?.setItem(KEY, code)
  } catch {
    // Storage full or denied: the choice still applies on this device, only not to the account.
  }
}

/** The language chosen while signed out during this visit, if any; read once (cleared). */
export function takeSignedOutLocale(): LocaleCode | null {
  const storage = store()
  const code = storage?.getItem(KEY) ?? null
  storage?.removeItem(KEY)
  return findLocale(code)?.code ?? null
}
