import { Trans, useLingui } from '@lingui/react/macro'
import { activePanelId, hasAdminAccess, useSession } from '../../session'
import { choosePanel, PanelLogoImage, panelChoices } from '../shell'
import { Button, PageTitle } from '../../ui'
import { PanelLogoCard } from './PanelLogo'
import { Badge, useAdmin } from './shared'
import styles from './Admin.module.css'

/**
 * Seeds 001 §2.6 switch-panel (issue 25): the panels the user can reach, in the panel picker's
 * order; choosing one works on it from now on and opens the admin area there (its first section).
 * A panel where none of the user's permissions opens the admin area is listed, not offered.
 * Each panel shows its logo; the organisation's super admin changes the current panel's here.
 */
export function SwitchPanelPage() {
  const { t } = useLingui()
  const session = useSession()
  const admin = useAdmin()
  if (!session) return null
  const current = activePanelId(session)
  const panels = panelChoices(session)

  return (
    <>
      <PageTitle documentTitle={t`Switch panel`}>
        <Trans>Switch panel</Trans>
      </PageTitle>
      <p className={styles.muted}>
        <Trans>Choose the panel to manage. The admin area opens on it.</Trans>
      </p>
      <ul className={styles.panelChoices} aria-label={t`Panels`}>
        {panels.map((panel) => {
          const name = panel.front_name
          const here = panel.pid === current
          const open = hasAdminAccess({
            grants: session.grants,
            view: { type: 'enterprise', panelId: panel.pid },
          })
          return (
            <li key={panel.pid} className={styles.panelChoice}>
              <PanelLogoImage pid={panel.pid} name={name} className={styles.panelLogo} />
              <span className={styles.membershipName} dir="auto">
                {name}
              </span>
              {here ? (
                <Badge tone="good">
                  <Trans>Current panel</Trans>
                </Badge>
              ) : open ? (
                <Button
                  variant="secondary"
                  aria-label={t`Switch to ${name}`}
                  onClick={() => {
                    choosePanel(session, panel.pid, '/admin')
                  }}
                >
                  <Trans>Switch</Trans>
                </Button>
              ) : (
                <span className={styles.muted}>
                  <Trans>No admin access</Trans>
                </span>
              )}
            </li>
          )
        })}
      </ul>
      {admin.superAdmin && current !== null ? (
        <PanelLogoCard
          pid={current}
          name={panels.find((panel) => panel.pid === current)?.front_name ?? ''}
        />
      ) : null}
    </>
  )
}
