import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { sortPanels } from '../../lib/view-choice'
import { AppLink } from '../../navigation/navigation'
import { signOut, switchView, userType, type Session } from '../../session'
import {
  pendingChanges,
  setPendingChangesOpen,
  usePendingChangeCount,
} from '../../offline/pending-changes'
import {
  MENU_ITEM_CLASS,
  MenuButton,
  MenuGroup,
  MenuHeader,
  MenuItem,
  MenuItemRadio,
  MenuSeparator,
} from '../../ui/MenuButton'
import { InstallAppMenuItem } from '../../offline/install-app'
import { FeatureUpdatesBadge, FeatureUpdatesMenuItem } from '../feature-updates'
import { LanguageMenuGroup } from './LanguagePicker'
import { ShellIcon } from './ShellIcon'
import { SignOutDialog } from './SignOutDialog'
import { UnitMenuName } from './UnitMenuName'
import styles from './Navbar.module.css'

/**
 * Seeds 000 §2.2 account switcher: who is signed in, data subscriptions, whiteboxes, settings,
 * feature updates, language and sign-out. Volunteers get only language and sign-out.
 */
export function AccountSwitcher({ session }: { session: Session }) {
  const { t } = useLingui()
  const type = userType(session)
  const volunteer = type === 'volunteer'
  const view = session.view
  // Data subscriptions in the order the seeds list them: alphabetically by front name.
  const panels = volunteer ? [] : sortPanels(session.accessibles.apollo)
  const units = volunteer ? [] : session.accessibles.units
  const fullName = `${session.firstName} ${session.lastName}`.trim()
  const shownName = session.firstName.trim() || session.email
  const pendingCount = usePendingChangeCount()
  // The queued changes when "Sign out" asked what to do with them (null: not asking).
  const [askingWith, setAskingWith] = useState<number | null>(null)

  // A deliberate sign-out: with changes still queued, the user chooses what becomes of them.
  const handleLogOut = () => {
    const queued = pendingChanges().queued.length
    if (queued > 0) setAskingWith(queued)
    else signOut()
  }

  return (
    <>
      <MenuButton
        buttonClassName={styles.barButton}
        label={
          <>
            <ShellIcon name="user" />
            <span className="wb-visually-hidden">{t`Account menu:`}</span>
            <span className={styles.accountName}>{shownName}</span>
            <FeatureUpdatesBadge session={session} />
            <ShellIcon name="chevron" size={16} />
          </>
        }
      >
        <MenuHeader>
          <span className={styles.who}>
            {fullName !== '' ? <strong>{fullName}</strong> : null}
            <span>{session.email}</span>
            {session.organisation ? <span>{session.organisation.name}</span> : null}
          </span>
        </MenuHeader>
        <MenuSeparator />
        {panels.length > 0 ? (
          <MenuGroup label={t`Data subscriptions`}>
            {panels.map((panel) => (
              <MenuItemRadio
                key={panel.pid}
                checked={view.type === 'enterprise' && view.panelId === panel.pid}
                onClick={() => {
                  switchView({ type: 'enterprise', panelId: panel.pid }, false)
                }}
              >
                {panel.front_name}
              </MenuItemRadio>
            ))}
          </MenuGroup>
        ) : null}
        {units.length > 0 ? (
          <MenuGroup label={t`Whiteboxes`}>
            {units.map((unit) => {
              const unitId = unit.unitId
              return (
                <MenuItemRadio
                  key={unitId}
                  checked={view.type === 'consumer' && view.unitId === unitId}
                  onClick={() => {
                    switchView({ type: 'consumer', unitId }, false)
                  }}
                >
                  <UnitMenuName sub={session.sub} unitId={unitId} />
                </MenuItemRadio>
              )
            })}
          </MenuGroup>
        ) : null}
        {volunteer ? null : <FeatureUpdatesMenuItem session={session} />}
        {volunteer ? null : (
          <MenuGroup label={t`Settings`}>
            <AppLink
              to="/settings/personal-details"
              role="menuitem"
              tabIndex={-1}
              className={MENU_ITEM_CLASS}
            >
              {t`Personal details`}
            </AppLink>
            {view.type === 'consumer' ? (
              <AppLink
                to="/settings/broadband-details"
                role="menuitem"
                tabIndex={-1}
                className={MENU_ITEM_CLASS}
              >
                {t`Broadband details`}
              </AppLink>
            ) : null}
            <AppLink
              to="/settings/contact"
              role="menuitem"
              tabIndex={-1}
              className={MENU_ITEM_CLASS}
            >
              {t`Contact us`}
            </AppLink>
          </MenuGroup>
        )}
        <LanguageMenuGroup />
        <InstallAppMenuItem />
        <MenuSeparator />
        {pendingCount > 0 ? (
          <MenuItem
            onClick={() => {
              setPendingChangesOpen(true)
            }}
          >
            {t`Pending changes (${pendingCount})`}
          </MenuItem>
        ) : null}
        <MenuItem onClick={handleLogOut}>{t`Sign out`}</MenuItem>
      </MenuButton>
      {askingWith !== null ? (
        <SignOutDialog
          count={askingWith}
          onSignOut={(queuedChanges) => {
            setAskingWith(null)
            signOut({ queuedChanges })
          }}
          onCancel={() => {
            setAskingWith(null)
          }}
        />
      ) : null}
    </>
  )
}
