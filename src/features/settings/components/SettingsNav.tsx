import { useEffect, useRef } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { useSession, type Session } from '../../../session'
import styles from '../settings.module.css'

type Item = {
  to:
    | '/settings/personal-details'
    | '/settings/broadband-details'
    | '/settings/email-preferences'
    | '/settings/report-cards'
    | '/settings/contact'
    | '/settings/my-whitebox'
  label: MessageDescriptor
  shows: (session: Session) => boolean
}

const consumer = (session: Session) => session.view.type === 'consumer'

/** Seeds 2.4: the settings pages, each shown only to whom it applies. */
const ITEMS: readonly Item[] = [
  { to: '/settings/personal-details', label: msg`Personal details`, shows: () => true },
  { to: '/settings/broadband-details', label: msg`Broadband details`, shows: consumer },
  { to: '/settings/email-preferences', label: msg`Email preferences`, shows: () => true },
  {
    to: '/settings/report-cards',
    label: msg`Report cards`,
    shows: (session) => session.accessibles.units.length > 0,
  },
  { to: '/settings/contact', label: msg`Contact us`, shows: () => true },
  { to: '/settings/my-whitebox', label: msg`My Whitebox`, shows: consumer },
]

/** The settings pages a session may open (the nav lists exactly these). */
export function settingsNavItems(session: Session | null): readonly Item[] {
  return session ? ITEMS.filter((item) => item.shows(session)) : []
}

/**
 * The settings menu: a vertical list in the shell's sidebar, or a row of links that scrolls
 * sideways at the top of the page on phones (where the sidebar is a drawer).
 */
export function SettingsNav({ variant }: { variant: 'sidebar' | 'inline' }) {
  const { i18n, t } = useLingui()
  const session = useSession()
  const pathname = useLocation({ select: (location) => location.pathname })
  const navRef = useRef<HTMLElement>(null)

  // On phones the row scrolls sideways: bring the current page's link into view.
  useEffect(() => {
    if (variant !== 'inline') return
    const current = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]')
    if (typeof current?.scrollIntoView === 'function') {
      current.scrollIntoView({ block: 'nearest', inline: 'nearest' })
    }
  }, [variant, pathname])

  return (
    <nav
      ref={navRef}
      aria-label={t`Settings`}
      className={variant === 'sidebar' ? styles.sidebarNav : styles.inlineNav}
    >
      <ul className={styles.navList}>
        {settingsNavItems(session).map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={styles.navLink}>
              {i18n._(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
