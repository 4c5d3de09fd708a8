import { storeLocale } from '../../i18n/i18n'
import { findLocale, type LocaleCode } from '#contracts/locales.ts'
import { useNavigation } from '../../navigation/navigation'
import { rememberSignedOutLocale, saveDefaultLocale, useSession } from '../../session'
import { pageLoad } from './page-reload'

export type ChangeLocaleOptions = {
  /** Runs before the reload (the sign-up writes its draft, so every answer is kept). */
  beforeReload?: () => Promise<unknown>
}

/**
 * Seeds 000 §4.1 language change: store the locale, tell the server when signed in (not on the
 * no-access page, where the accounts service may be the thing that is down), then reload.
 */
export function useChangeLocale(
  options: ChangeLocaleOptions = {},
): (code: LocaleCode) => Promise<void> {
  const session = useSession()
  const { pathname } = useNavigation()
  const { beforeReload } = options
  return async (code) => {
    const locale = findLocale(code)
    if (!locale) return
    storeLocale(locale.code)
    if (session && pathname !== '/no-access') await saveDefaultLocale(locale.api)
    else if (!session) rememberSignedOutLocale(locale.code)
    if (beforeReload) await beforeReload()
    pageLoad.reload()
  }
}
