import { useEffect, useMemo, useRef } from 'react'
import { Link, Outlet, useLocation, useMatches, useRouter } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { HcLocale } from '#contracts/help-centre.ts'
import { findLocale } from '#contracts/locales.ts'
import { useSession } from '../../session'
import { BrandMark } from '../../ui/BrandMark'
import { AppHeader, LanguageChoiceContext, SKIP_TARGET_ID, type LanguageChoice } from '../shell'
import { appLocaleOf, holdHelpCentreLocale, pathInLocale, writeHcLocaleFlag } from './hc-locale'
import { HcSearchBox } from './HcSearchBox'
import { useRequestOutbox } from './useRequestOutbox'
import { requestTitleFocus } from './title-focus'
import headerStyles from './HelpCentreHeader.module.css'
import styles from './help-centre.module.css'

/** Pages with a search field of their own: the header does not repeat it there. */
const OWN_SEARCH: readonly string[] = ['/hc/{-$locale}/', '/hc/{-$locale}/search']

function useTitleFocusOnPageChange(): void {
  const pathname = useLocation({ select: (l) => l.pathname })
  const previous = useRef(pathname)
  useEffect(() => {
    if (pathname === previous.current) return
    previous.current = pathname
    // A field being typed into (the header search) keeps its focus, as in the shell.
    const active = document.activeElement
    if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) return
    // After the shell's own move to the main region, which runs after this effect.
    const timer = setTimeout(requestTitleFocus, 0)
    return () => {
      clearTimeout(timer)
    }
  }, [pathname])
}

/**
 * The help centre's language: remembered on this device, and the same page opens in it (the
 * header's language picker and the account menu's language group both follow this rule here).
 */
function useHelpCentreLanguage(locale: HcLocale): LanguageChoice {
  const router = useRouter()
  const { pathname, searchStr } = useLocation({
    select: (l) => ({ pathname: l.pathname, searchStr: l.searchStr }),
  })
  return useMemo(
    () => ({
      current: appLocaleOf(locale).code,
      choose: (code) => {
        const next = findLocale(code)?.hc
        if (!next || next === locale) return
        writeHcLocaleFlag(next)
        void router.navigate({ href: `${pathInLocale(pathname, next)}${searchStr}` })
      },
    }),
    [locale, router, pathname, searchStr],
  )
}

/**
 * Seeds 000 §2.7: the app's one header (src/features/shell/AppHeader.tsx) with the help centre's
 * home link, the way back to the app and the language, then the search, above its pages, in the
 * help-centre locale. The app's navigation is hidden here.
 */
export function HelpCentreLayout({ locale }: { locale: HcLocale }) {
  const { t } = useLingui()
  const session = useSession()
  const ownSearch = useMatches({ select: (ms) => ms.some((m) => OWN_SEARCH.includes(m.routeId)) })
  const language = useHelpCentreLanguage(locale)
  useEffect(holdHelpCentreLocale, [])
  useRequestOutbox(session?.userId)
  useTitleFocusOnPageChange()

  return (
    <div className={styles.hc}>
      <LanguageChoiceContext value={language}>
        <AppHeader
          label={t`Help centre`}
          brand={
            <Link to="/hc/{-$locale}" params={{ locale }} className={headerStyles.brand}>
              <BrandMark />
              <span>
                <Trans>
                  Whitebox <span className={headerStyles.brandPart}>Help centre</span>
                </Trans>
              </span>
            </Link>
          }
          links={
            session ? (
              <Link to="/" className={headerStyles.link}>
                <Trans>Back to the app</Trans>
              </Link>
            ) : (
              <Link to="/login" className={headerStyles.link}>
                <Trans>Sign in</Trans>
              </Link>
            )
          }
          below={
            ownSearch ? null : (
              <div className={styles.header}>
                <div className={styles.headerInner}>
                  <HcSearchBox locale={locale} />
                </div>
              </div>
            )
          }
        />
      </LanguageChoiceContext>
      {/* "Skip to main content" lands here, past the help centre's header. */}
      <div id={SKIP_TARGET_ID} tabIndex={-1} className={styles.content}>
        <Outlet />
      </div>
    </div>
  )
}
