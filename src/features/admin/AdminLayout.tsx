import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSession } from '../../session'
import { PageTitle } from '../../ui'
import { allowedAdminSections, SECTION_PATH, type AdminSection } from './sections'
import styles from './Admin.module.css'

/**
 * The admin area's frame (issue 25): the sections the user's permissions open on the panel they
 * work in, as a navigation above the section's page.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  const session = useSession()
  const sections = allowedAdminSections(session)
  const names: Record<AdminSection, ReactNode> = {
    agents: <Trans>Agents</Trans>,
    users: <Trans>Users</Trans>,
    'data-subs': <Trans>Data subscriptions</Trans>,
    metadata: <Trans>Metadata</Trans>,
    packages: <Trans>Packages</Trans>,
    activation: <Trans>Agent activation</Trans>,
  }
  return (
    <div className={styles.page}>
      {sections.length > 0 ? (
        <nav aria-label={t`Admin sections`}>
          <ul className={styles.sections}>
            {sections.map((section) => (
              <li key={section}>
                <Link
                  to={SECTION_PATH[section]}
                  className={styles.sectionLink}
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
