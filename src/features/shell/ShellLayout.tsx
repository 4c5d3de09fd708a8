import { useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useModuleSlot } from '../../offline/module-slot'
import { KeptChangesNotice } from '../../offline/KeptChangesNotice'
import { OfflineBanner } from '../../offline/OfflineBanner'
import { useNavigation } from '../../navigation/navigation'
import { useShellSession } from './shell-session'
import { Banners } from './Banners'
import { cx } from './class-names'
import { Footer } from './Footer'
import { Navbar } from './Navbar'
import { ShellContext } from './shell-context'
import { signedInChrome } from './signed-in-slot'
import { SKIP_TARGET_ID } from './skip-target'
import styles from './ShellLayout.module.css'

const SIDEBAR_ID = 'wb-sidebar'

/** Seeds 000 §2.1: `?navbar=false` hides the bar (pages embedded elsewhere). */
export function isNavbarHiddenByQuery(searchStr: string): boolean {
  return new URLSearchParams(searchStr).get('navbar') === 'false'
}

/**
 * The page wrapper: skip link, banners, navbar, optional sidebar, main content and footer, each
 * chosen per route through `staticData`. The router shows a page's errors inside the wrapper
 * (src/routes/__root.tsx).
 */
export function ShellLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  const session = useShellSession()
  const chrome = useModuleSlot(signedInChrome)
  const { shell, searchStr, pathname } = useNavigation()
  // Open on every width: on a phone the sidebar sits above the page rather than over it.
  const [sidebarOpen, setSidebarOpen] = useState(true)
  const [sidebarSlot, setSidebarSlot] = useState<HTMLElement | null>(null)

  const navbarHidden = shell.hideNavbar || isNavbarHiddenByQuery(searchStr)
  const context = useMemo(
    () => ({
      sidebarId: SIDEBAR_ID,
      sidebarOpen,
      toggleSidebar: () => {
        setSidebarOpen((was) => !was)
      },
      sidebarSlot: shell.sidebar ? sidebarSlot : null,
    }),
    [sidebarOpen, sidebarSlot, shell.sidebar],
  )

  // After an in-app navigation, focus moves to the new page's main region (as a page load would
  // reset it), so keyboard and screen-reader users start on the new content, not in the footer.
  const firstPath = useRef(pathname)
  useEffect(() => {
    if (pathname === firstPath.current) return
    firstPath.current = pathname
    const active = document.activeElement
    // A field the user is typing into keeps its focus (e.g. a search that updates the URL).
    if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) return
    // So does a menu the user has open: a redirect right after a page opened (a signed-in user
    // sent on to their area) closed the account menu under their finger.
    if (active?.closest('[role="menu"], [aria-expanded="true"]')) return
    document.getElementById('main')?.focus({ preventScroll: true })
  }, [pathname])

  // Focus (and so scroll to) the main region itself: the next Tab starts inside it, and the
  // router does not see a hash change. A page with a header of its own inside the main region
  // (the help centre) marks where its content starts (SKIP_TARGET_ID): the link goes past it.
  const handleSkip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(SKIP_TARGET_ID) ?? document.getElementById('main')
    if (!target) return
    event.preventDefault()
    target.focus()
  }

  return (
    <ShellContext.Provider value={context}>
      <div className={cx(styles.page, styles[shell.background])}>
        <a href="#main" className={styles.skipLink} onClick={handleSkip}>
          <Trans>Skip to main content</Trans>
        </a>
        {navbarHidden ? null : <Navbar showSidebarToggle={shell.sidebar} />}
        <OfflineBanner signedIn={session !== null} />
        {session === null ? <KeptChangesNotice /> : null}
        <Banners session={session} />
        {session && chrome ? <chrome.SignedInExtras session={session} /> : null}
        <div className={styles.body}>
          {shell.sidebar ? (
            <aside
              id={SIDEBAR_ID}
              ref={setSidebarSlot}
              className={styles.sidebar}
              hidden={!sidebarOpen}
              aria-label={t`Sidebar`}
            />
          ) : null}
          <main id="main" tabIndex={-1} className={styles.main}>
            {children}
          </main>
        </div>
        {shell.hideFooter ? null : <Footer />}
      </div>
    </ShellContext.Provider>
  )
}
