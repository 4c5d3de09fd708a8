import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'
import { useSession } from '../../session'
import { PageTitle } from '../../ui'
import { allowedAdminSections, SECTION_PATH, type AdminSection } from './sections'
import styles from './Admin.module.css'

/**
 * Which link an arrow key moves to in a row of `count` links (Home and End to the ends). In a
 * right-to-left page the row runs from the right, so ArrowLeft goes on and ArrowRight back.
 * Null for any other key.
 */
export function tabKeyTarget(
  key: string,
  index: number,
  count: number,
  rtl: boolean,
): number | null {
  if (count === 0) return null
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight'
  const back = rtl ? 'ArrowRight' : 'ArrowLeft'
  switch (key) {
    case forward:
      return (index + 1) % count
    case back:
      return (index - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}

/**
 * Scrolls the row sideways (never the page) until `tab` is in it: to its middle, or just enough.
 * Measured on screen, so it holds in either direction of text.
 */
function bringIntoRow(row: HTMLElement, tab: HTMLElement, where: 'centre' | 'nearest'): void {
  const box = row.getBoundingClientRect()
  const place = tab.getBoundingClientRect()
  if (place.left >= box.left && place.right <= box.right) return
  const delta =
    where === 'centre'
      ? place.left - box.left - (box.width - place.width) / 2
      : place.left < box.left
        ? place.left - box.left
        : place.right - box.right
  row.scrollLeft += delta
}

/**
 * The admin area's frame (issue 25): the sections the user's permissions open on the panel they
 * work in, as one row of tabs above the section's page. On a phone the row scrolls sideways (the
 * open section scrolled into view), never wrapping onto more rows; arrow keys move along it.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  const session = useSession()
  const sections = allowedAdminSections(session)
  const listRef = useRef<HTMLUListElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const names: Record<AdminSection, ReactNode> = {
    agents: <Trans>Agents</Trans>,
    users: <Trans>Users</Trans>,
    'data-subs': <Trans>Data subscriptions</Trans>,
    metadata: <Trans>Metadata</Trans>,
    packages: <Trans>Packages</Trans>,
    activation: <Trans>Agent activation</Trans>,
    'instant-test-api-usage': <Trans>Instant Test API usage</Trans>,
    'switch-panel': <Trans>Switch panel</Trans>,
  }

  // The open section's tab in view whenever the page changes (only the row scrolls, not the page).
  useEffect(() => {
    const list = listRef.current
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]')
    if (list && active) bringIntoRow(list, active, 'centre')
  }, [pathname])

  const handleKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const links = [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])]
    const index = links.findIndex((link) => link === document.activeElement)
    if (index < 0) return
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
    const next = tabKeyTarget(event.key, index, links.length, rtl)
    if (next === null) return
    event.preventDefault()
    const link = links[next]
    if (!link || !listRef.current) return
    link.focus({ preventScroll: true })
    bringIntoRow(listRef.current, link, 'nearest')
  }

  return (
    <div className={styles.page}>
      {sections.length > 0 ? (
        <nav aria-label={t`Admin sections`} className={styles.tabsNav}>
          <ul ref={listRef} className={styles.tabs} onKeyDown={handleKeyDown}>
            {sections.map((section) => (
              <li key={section}>
                <Link
                  to={SECTION_PATH[section]}
                  className={styles.tab}
                  activeProps={{ 'aria-current': 'page' }}
                  activeOptions={{ includeSearch: false }}
                >
                  {names[section]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {children}
    </div>
  )
}

/** /admin when no section is open to the user on this panel (seeds: switch subscription). */
export function NoAdminSection() {
  const { t } = useLingui()
  return (
    <>
      <PageTitle documentTitle={t`Admin`}>
        <Trans>Admin</Trans>
      </PageTitle>
      <p className={styles.muted}>
        <Trans>
          None of the admin sections is open to you on this subscription. Switch to another
          subscription with the panel picker, or ask your administrator for access.
        </Trans>
      </p>
    </>
  )
}
