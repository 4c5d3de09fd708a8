import { useId } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { m } from 'framer-motion'
import { useSession, type Session } from '../../../session'
import { ShellMotion } from '../../shell'
import styles from './SettingsNav.module.css'

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
 * The one settings menu (issue 22 §4: no second row of tabs, cut at a phone's edge): in the
 * shell's sidebar, a column beside the page on a wide screen and the chips above it on a phone.
 * A marker moves to the chosen page (framer-motion, reduced motion honoured). "My Whitebox" says
 * where it leads: the seeds send it to the dashboard's details tab.
 */
export function SettingsNav() {
  const { i18n, t } = useLingui()
  const session = useSession()
  const pathname = useLocation({ select: (location) => location.pathname })
  const hintId = useId()

  return (
    <ShellMotion>
      <nav aria-label={t`Settings`} className={styles.nav}>
        <ul className={styles.list}>
          {settingsNavItems(session).map((item) => {
            const current = pathname === item.to || pathname.startsWith(`${item.to}/`)
            const leaves = item.to === '/settings/my-whitebox'
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className={styles.link}
                  aria-describedby={leaves ? hintId : undefined}
                >
                  {current ? (
                    <m.span layoutId="settings-nav-marker" className={styles.marker} />
                  ) : null}
                  <span className={styles.label}>{i18n._(item.label)}</span>
                  {leaves ? (
                    // The link's description (not a second name).
                    <span id={hintId} className={styles.hint} aria-hidden="true">
                      <Trans>Opens your dashboard’s details</Trans>
                    </span>
                  ) : null}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
    </ShellMotion>
  )
}
