import { lazy, Suspense } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { AppLink, useNavigation } from '../../navigation/navigation'
import { useModuleSlot } from '../../offline/module-slot'
import { useSession } from '../../session'
import { BrandMark } from '../../ui/BrandMark'
import { AppsMenu } from './AppsMenu'
import { LanguagePicker } from './LanguagePicker'
import { NavAppLink } from './NavAppLink'
import { ShellIcon } from './ShellIcon'
import { useShellContext } from './shell-context'
import { signedInChrome } from './signed-in-slot'
import { useNavArrangement } from './useNavArrangement'
import styles from './Navbar.module.css'

// The unit search box is constant care's own code: loaded only when that area is open.
const NavUnitSearch = lazy(() =>
  import('../units/NavUnitSearch').then((module) => ({ default: module.NavUnitSearch })),
)

/** Seeds 000 §2.2: the navigation search lives only in the constant-care area. */
function isConstantCarePath(pathname: string): boolean {
  return pathname === '/units' || pathname.startsWith('/units/')
}

/**
 * The top bar: logo, sidebar toggle (routes with a sidebar), pinned app links, the Apps menu,
 * the navigation search slot, and the account switcher or, for visitors, the language picker.
 */
export function Navbar({ showSidebarToggle }: { showSidebarToggle: boolean }) {
  const { t } = useLingui()
  const session = useSession()
  const arrangement = useNavArrangement(session)
  const { pathname } = useNavigation()
  const shell = useShellContext()
  const chrome = useModuleSlot(signedInChrome)
  const showApps = arrangement.unpinned.length > 0 || arrangement.editable

  return (
    <header className={styles.bar}>
      <nav className={styles.nav} aria-label={t`Main`}>
        {showSidebarToggle ? (
          <button
            type="button"
            className={styles.barButton}
            aria-controls={shell.sidebarId}
            aria-expanded={shell.sidebarOpen}
            onClick={shell.toggleSidebar}
          >
            <ShellIcon name="sidebar" />
            <span className="wb-visually-hidden">
              <Trans>Sidebar</Trans>
            </span>
          </button>
        ) : null}
        <AppLink to="/" className={styles.logo}>
          <BrandMark />
          <span>
            <Trans>Whitebox</Trans>
          </span>
        </AppLink>
        {arrangement.pinned.length > 0 ? (
          <ul className={styles.pinned}>
            {arrangement.pinned.map((link) => (
              <li key={link.id}>
                <NavAppLink link={link} className={styles.pinnedLink} />
              </li>
            ))}
          </ul>
        ) : null}
        {showApps ? <AppsMenu arrangement={arrangement} /> : null}
        {isConstantCarePath(pathname) ? (
          // Seeds 000 §2.2 navigation search; the search page has its own, larger box instead.
          <div className={styles.searchSlot} data-slot="nav-search">
            {session && pathname !== '/units/search' ? (
              <Suspense fallback={null}>
                <NavUnitSearch />
              </Suspense>
            ) : null}
          </div>
        ) : null}
        <div className={styles.end}>
          {session ? (
            // Loaded before any signed-in page renders (src/features/shell/signed-in-slot.ts).
            chrome ? (
              <>
                <chrome.PanelPicker session={session} />
                <chrome.AccountSwitcher session={session} />
              </>
            ) : null
          ) : (
            <LanguagePicker />
          )}
        </div>
      </nav>
    </header>
  )
}
