import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { AppLink } from '../../navigation/navigation'
import { useModuleSlot } from '../../offline/module-slot'
import { useShellSession } from './shell-session'
import { BrandMark } from '../../ui/BrandMark'
import { cx } from './class-names'
import { LanguagePicker } from './LanguagePicker'
import { signedInChrome } from './signed-in-slot'
import styles from './Navbar.module.css'

export type AppHeaderProps = {
  /** The brand at the start; the Whitebox logo linking to / when not given. */
  brand?: ReactNode
  /** The navigation's accessible name ("Main" when not given). */
  label?: string
  /** Before the brand (the sidebar toggle). */
  start?: ReactNode
  /** After the brand: the app links, the Apps menu, the navigation search. */
  children?: ReactNode
  /** Links at the end, before the menus (the help centre's way back to the app). */
  links?: ReactNode
  /** The panel picker of an enterprise user with several panels (the app's own pages). */
  panelPicker?: boolean
  /** A row under the bar that scrolls away with the page (the help centre's search). */
  below?: ReactNode
  className?: string
}

/** The Whitebox logo linking to / (seeds 000 §2.1). */
export function WhiteboxBrand() {
  return (
    <AppLink to="/" className={styles.logo}>
      <BrandMark />
      <span>
        <Trans>Whitebox</Trans>
      </span>
    </AppLink>
  )
}

/**
 * The one header of the app, the sign-up pages and the help centre: brand, the page's own links,
 * then the account menu (which holds the language choice) for a signed-in user or the language
 * picker for a visitor. Pages that hide the app's navigation (seeds 000 §2.1, §2.5, §2.7) still
 * render this header, with their own brand and without the app links.
 */
export function AppHeader({
  brand,
  label,
  start,
  children,
  links,
  panelPicker = false,
  below,
  className,
}: AppHeaderProps) {
  const { t } = useLingui()
  const session = useShellSession()
  // Loaded before any signed-in page renders (src/features/shell/signed-in-slot.ts).
  const chrome = useModuleSlot(signedInChrome)
  return (
    <>
      <header className={cx(styles.bar, className)}>
        <nav className={styles.nav} aria-label={label ?? t`Main`}>
          {start}
          {brand ?? <WhiteboxBrand />}
          {children}
          <div className={styles.end}>
            {links}
            {session ? (
              chrome ? (
                <>
                  {panelPicker ? <chrome.PanelPicker session={session} /> : null}
                  <chrome.AccountSwitcher session={session} />
                </>
              ) : null
            ) : (
              <LanguagePicker />
            )}
          </div>
        </nav>
      </header>
      {below}
    </>
  )
}
