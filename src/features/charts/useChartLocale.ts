import { useLingui } from '@lingui/react'
import { findLocale } from '#contracts/locales.ts'

/** The active locale and whether it is written right to left (charts mirror for it). */
export function useChartLocale(): { locale: string; rtl: boolean } {
  const { i18n } = useLingui()
  return { locale: i18n.locale, rtl: findLocale(i18n.locale)?.rtl ?? false }
}
