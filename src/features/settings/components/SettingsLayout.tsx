import { Outlet } from '@tanstack/react-router'
import { ShellSidebar } from '../../shell'
import styles from '../settings.module.css'
import { SettingsNav } from './SettingsNav'

/** Seeds 2.4: every settings page with the settings menu in the sidebar (inline on phones). */
export function SettingsLayout() {
  return (
    <>
      <ShellSidebar>
        <SettingsNav variant="sidebar" />
      </ShellSidebar>
      <div className={styles.layout}>
        <SettingsNav variant="inline" />
        <Outlet />
      </div>
    </>
  )
}
