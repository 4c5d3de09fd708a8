import { useEffect, useRef } from 'react'
import { Link, Outlet, useLocation, useMatches } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { HcLocale } from '#contracts/help-centre.ts'
import { useSession } from '../../session'
import { BrandMark } from '../../ui/BrandMark'
import { SKIP_TARGET_ID } from '../shell/skip-target'
import { holdHelpCentreLocale } from './hc-locale'
import { HcSearchBox } from './HcSearchBox'
import { LanguageSelect } from './LanguageSelect'
import { useRequestOutbox } from './useRequestOutbox'
import { requestTitleFocus } from './title-focus'
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
 * Seeds 000 §2.7: the help centre's own header (home link, search, language, the way back to the
 * app) above its pages, in the help-centre locale. The app's navigation is hidden here.
 */
export function HelpCentreLayout({ locale }: { locale: HcLocale }) {
  const { t } = useLingui()
  const session = useSession()
  const ownSearch = useMatches({ select: (ms) => ms.some((m) => OWN_SEARCH.includes(m.routeId)) })
  useEffect(holdHelpCentreLocale, [])
  useRequestOutbox(session?.userId)
  useTitleFocusOnPageChange()

  return (
    <div className={styles.hc}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <nav className={styles.bar} aria-label={t`Help centre`}>
            <Link to="/hc/{-$locale}" params={{ locale }} className={styles.brand}>
              <BrandMark />
              <span>
                <Trans>
                  Whitebox <span className={styles.brandPart}>Help centre</span>
                </Trans>
              </span>
            </Link>
            <ul className={styles.barLinks}>
              <li>
                {session ? (
                  <Link to="/" className={styles.barLink}>
                    <Trans>Back to the app</Trans>
                  </Link>
                ) : (
                  <Link to="/login" className={styles.barLink}>
                    <Trans>Sign in</Trans>
                  </Link>
                )}
              </li>
              <li>
                <LanguageSelect locale={locale} />
              </li>
            </ul>
          </nav>
          {ownSearch ? null : <HcSearchBox locale={locale} />}
        </div>
      </header>
      {/* "Skip to main content" lands here, past the help centre's header. */}
      <div id={SKIP_TARGET_ID} tabIndex={-1} className={styles.content}>
        <Outlet />
      </div>
    </div>
  )
}
