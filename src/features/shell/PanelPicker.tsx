import { useLingui } from '@lingui/react/macro'
import type { Session } from '../../session'
import { MenuButton, MenuGroup, MenuItemRadio } from '../../ui/MenuButton'
import { cx } from './class-names'
import { choosePanel, panelChoices } from './panel-choice'
import { PanelLogoImage } from './PanelLogo'
import { ShellIcon } from './ShellIcon'
import navStyles from './Navbar.module.css'
import styles from './PanelPicker.module.css'

/**
 * Seeds 001 §1: the panel (pid) an enterprise user works on, chosen here when they have several.
 * A menu button (arrows, Home/End, Escape) whose items are radios: the selected panel is read out
 * as checked. Choosing one keeps the user on the page, whose guard runs again on the new panel.
 */
export function PanelPicker({ session }: { session: Session }) {
  const { t } = useLingui()
  const view = session.view
  if (view.type !== 'enterprise' || session.accessibles.apollo.length < 2) return null
  const panels = panelChoices(session)
  const selected = panels.find((panel) => panel.pid === view.panelId)

  const handleChoose = (panelId: number) => {
    if (panelId === view.panelId) return
    choosePanel(session, panelId)
  }

  return (
    <MenuButton
      align="end"
      className={styles.picker}
      buttonClassName={cx(navStyles.barButton, styles.pickerButton)}
      label={
        <>
          <ShellIcon name="panel" />
          <span className="wb-visually-hidden">{t`Panel:`}</span>{' '}
          <span className={styles.panelName} dir="auto">
            {selected?.front_name ?? t`Choose a panel`}
          </span>
          <ShellIcon name="chevron" size={16} />
        </>
      }
    >
      <MenuGroup label={t`Panels`}>
        {panels.map((panel) => (
          <MenuItemRadio
            key={panel.pid}
            checked={panel.pid === view.panelId}
            onClick={() => {
              handleChoose(panel.pid)
            }}
          >
            <span className={styles.itemName}>
              <PanelLogoImage pid={panel.pid} name={panel.front_name} className={styles.logo} />
              <span dir="auto">{panel.front_name}</span>
            </span>
          </MenuItemRadio>
        ))}
      </MenuGroup>
    </MenuButton>
  )
}
