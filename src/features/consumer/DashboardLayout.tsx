import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { accessibleUnitQueryOptions } from '../../api/units.api'
import { useSession } from '../../session'
import { Alert, PageTitle } from '../../ui'
import { DashboardTabs } from './components/DashboardTabs'
import { UnitPicker } from './components/UnitPicker'
import { UnitStatus } from './components/UnitStatus'
import { useDashboardUnitId } from './useDashboardUnitId'
import styles from './Dashboard.module.css'

export type DashboardLayoutProps = {
  /** The `unit` search parameter. */
  unitParam: number | undefined
  onUnitChange: (unitId: number) => void
  /** 'tabs' for the dashboard's tabs; 'detail' for a page with its own title (a test result). */
  variant: 'tabs' | 'detail'
  children: ReactNode
}

/** The consumer dashboard's frame: title, unit choice, the unit's state, tabs, then the tab. */
export function DashboardLayout({
  unitParam,
  onUnitChange,
  variant,
  children,
}: DashboardLayoutProps) {
  const { t } = useLingui()
  const session = useSession()
  const unitId = useDashboardUnitId(unitParam)
  const unitQuery = useQuery({
    ...accessibleUnitQueryOptions(session?.sub ?? '', unitId ?? 0),
    enabled: session !== null && unitId !== null,
  })
  if (!session) return null
  if (unitId === null) {
    return (
      <div className={styles.page}>
        <PageTitle documentTitle={t`Your Whitebox – Whitebox`}>
          <Trans>Your Whitebox</Trans>
        </PageTitle>
        <Alert variant="info">
          <Trans>No Whitebox is linked to your account yet.</Trans>
        </Alert>
      </div>
    )
  }
  const unitIds = session.accessibles.units.map((u) => u.unitId)
  const unitName = unitQuery.data?.name
  return (
    <div className={styles.page}>
      {variant === 'tabs' ? (
        <header className={styles.header}>
          <div className={styles.headerText}>
            <PageTitle documentTitle={t`Your Whitebox – Whitebox`}>
              <Trans>Your Whitebox</Trans>
            </PageTitle>
            {unitName !== undefined ? <p className={styles.muted}>{unitName}</p> : null}
          </div>
          {unitIds.length > 1 ? (
            <UnitPicker unitIds={unitIds} value={unitId} onChange={onUnitChange} />
          ) : null}
        </header>
      ) : null}
      <UnitStatus session={session} unitId={unitId} />
      {variant === 'tabs' ? <DashboardTabs unitId={unitId} unitParam={unitParam} /> : null}
      {children}
    </div>
  )
}
