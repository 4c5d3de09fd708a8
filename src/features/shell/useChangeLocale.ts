import { storeLocale } from '../../i18n/i18n'
import { findLocale, type LocaleCode } from '../../i18n/locales'
import { useNavigation } from '../../navigation/navigation'
import { saveDefaultLocale, useSession } from '../../session'
import { pageLoad } from './page-reload'

/**
 * Seeds 000 §4.1 language change: store the locale, tell the server when signed in (not on the
 * no-access page, where the accounts service may be the thing that is down), then reload.
 */
export function useChangeLocale(): (code: LocaleCode) => Promise<void> {
  const session = useSession()
  const { pathname } = useNavigation()
  return async (code) => {
    const locale = findLocale(code)
    if (!locale) return
    storeLocale(locale.code)
    if (session && pathname !== '/no-access') await saveDefaultLocale(locale.api)
    pageLoad.reload()
  }
}
