import { createContext, useContext } from 'react'
import type { LocaleCode } from '#contracts/locales.ts'

/**
 * How the header's language choice applies a locale. The app stores it, saves it on the account
 * and reloads (seeds 000 §4.1); a page may change how: the sign-up writes its draft first, the
 * help centre opens the same article in the other language.
 */
export type LanguageChoice = {
  /** The locale shown as chosen. */
  current: LocaleCode
  choose: (code: LocaleCode) => void
}

/** Set by a page whose language works its own way; null: the app's rule. */
export const LanguageChoiceContext = createContext<LanguageChoice | null>(null)

/** The page's own language rule, or null for the app's. */
export function useLanguageChoiceOverride(): LanguageChoice | null {
  return useContext(LanguageChoiceContext)
}
