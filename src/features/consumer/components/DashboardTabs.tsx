import { Trans, useLingui } from '@lingui/react/macro'
import { TabLink, TabNav } from '../../../ui/TabNav'
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

  return (
    <TabNav label={t`Dashboard`} fill>
      <TabLink to="/dashboard/whitebox-tests" search={search} className={styles.tab}>
        <Trans>Whitebox tests</Trans>
      </TabLink>
      {realSpeed ? (
        <TabLink to="/dashboard/realspeed-tests" search={search} className={styles.tab}>
          <Trans>RealSpeed tests</Trans>
        </TabLink>
      ) : null}
      <TabLink to="/dashboard/agent-details" search={search} className={styles.tab}>
        <Trans>Details</Trans>
      </TabLink>
    </TabNav>
  )
}
