import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../../session'
import { PageTitle } from '../../ui'
import { TabLink, TabNav } from '../../ui/TabNav'
import { allowedAdminSections, SECTION_PATH, type AdminSection } from './sections'
import styles from './Admin.module.css'

/**
 * The admin area's frame (issue 25): the sections the user's permissions open on the panel they
 * work in, as one row of tabs above the section's page. On a phone the row scrolls sideways (the
 * open section scrolled into view), never wrapping onto more rows; arrow keys move along it.
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
    'instant-test-api-usage': <Trans>Instant Test API usage</Trans>,
    'switch-panel': <Trans>Switch panel</Trans>,
  }

  return (
    <div className={styles.page}>
      {sections.length > 0 ? (
        <TabNav label={t`Admin sections`} bleed>
          {sections.map((section) => (
            <TabLink
              key={section}
              to={SECTION_PATH[section]}
              activeOptions={{ includeSearch: false }}
            >
              {names[section]}
            </TabLink>
          ))}
        </TabNav>
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
