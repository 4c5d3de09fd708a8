import { Outlet } from '@tanstack/react-router'
import { ShellSidebar } from '../../shell'
import styles from '../settings.module.css'
import { SettingsNav } from './SettingsNav'

/**
 * Seeds 2.4: every settings page with the settings menu in the shell's sidebar, its one
 * navigation (beside the page on a wide screen, above it on a phone; the navbar's toggle hides it).
 */
export function SettingsLayout() {
  return (
    <>
      <ShellSidebar>
        <SettingsNav />
      </ShellSidebar>
      <div className={styles.layout}>
        <Outlet />
      </div>
    </>
  )
}
