import { lazy, Suspense } from 'react'
import { Trans } from '@lingui/react/macro'
import { useNavigation } from '../../navigation/navigation'
import { useShellSession } from './shell-session'
import { AppHeader } from './AppHeader'
import { AppsMenu } from './AppsMenu'
import { NavAppLink } from './NavAppLink'
import { ShellIcon } from './ShellIcon'
import { useShellContext } from './shell-context'
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
 * The app's header: sidebar toggle (routes with a sidebar), logo, pinned app links, the Apps
 * menu, the navigation search slot, then the panel picker and the account menu or, for
 * visitors, the language picker (src/features/shell/AppHeader.tsx).
 */
export function Navbar({ showSidebarToggle }: { showSidebarToggle: boolean }) {
  const session = useShellSession()
  const arrangement = useNavArrangement(session)
  const { pathname } = useNavigation()
  const shell = useShellContext()
  const showApps = arrangement.unpinned.length > 0 || arrangement.editable
  const searching = isConstantCarePath(pathname)

  return (
    <AppHeader
      panelPicker
      // On a phone the search takes a row of its own: the bar then scrolls away with the page
      // instead of covering it (issue 22 §4).
      className={searching ? styles.withSearch : undefined}
      start={
        showSidebarToggle ? (
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
        ) : null
      }
    >
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
      {searching ? (
        // Seeds 000 §2.2 navigation search; the search page has its own, larger box instead.
        <div className={styles.searchSlot} data-slot="nav-search">
          {session && pathname !== '/units/search' ? (
            <Suspense fallback={null}>
              <NavUnitSearch />
            </Suspense>
          ) : null}
        </div>
      ) : null}
    </AppHeader>
  )
}
