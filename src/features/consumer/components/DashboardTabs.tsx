import { useEffect, useRef } from 'react'
import { Link, useLocation } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInstantTestable } from '../instant-testable-flag'
import styles from '../Dashboard.module.css'

/** The dashboard's tabs; RealSpeed only when the unit is flagged instant-testable on this device. */
export function DashboardTabs({
  unitId,
  unitParam,
}: {
  unitId: number
  unitParam: number | undefined
}) {
  const { t } = useLingui()
  const realSpeed = useInstantTestable(unitId)
  const search = { unit: unitParam }
  const activeProps = { className: `${styles.tab} ${styles.tabActive}` }
  const pathname = useLocation({ select: (location) => location.pathname })
  const navRef = useRef<HTMLElement>(null)

  // On a phone the row scrolls sideways (Arabic labels are wider): bring the open tab into view,
  // as the settings' links do.
  useEffect(() => {
    const current = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]')
    if (typeof current?.scrollIntoView === 'function') {
      current.scrollIntoView({ block: 'nearest', inline: 'nearest' })
    }
  }, [pathname])

  return (
    <nav ref={navRef} aria-label={t`Dashboard`} className={styles.tabs}>
      <Link
        to="/dashboard/whitebox-tests"
        search={search}
        className={styles.tab}
        activeProps={activeProps}
      >
        <Trans>Whitebox tests</Trans>
      </Link>
      {realSpeed ? (
        <Link
          to="/dashboard/realspeed-tests"
          search={search}
          className={styles.tab}
          activeProps={activeProps}
        >
          <Trans>RealSpeed tests</Trans>
        </Link>
      ) : null}
      <Link
        to="/dashboard/agent-details"
        search={search}
        className={styles.tab}
        activeProps={activeProps}
      >
        <Trans>Details</Trans>
      </Link>
    </nav>
  )
}
