import { Trans } from '@lingui/react/macro'
import type { PanelScope } from '../../api/units.api'
import { RECENT_UNITS, useCachedUnits } from './cached-units'
import { CachedUnitList } from './CachedUnitList'
import styles from './Units.module.css'

/** Issue 6 §5: the last ten units opened on this device, which also open offline. */
export function RecentUnits({ panelId }: { panelId: PanelScope }) {
  const recent = useCachedUnits(panelId).slice(0, RECENT_UNITS)
  if (recent.length === 0) return null
  return (
    <section className={styles.section} aria-labelledby="recent-units-title">
      <h2 id="recent-units-title" className={styles.sectionTitle}>
        <Trans>Recent units</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>Opened on this device; they also open without a connection.</Trans>
      </p>
      <CachedUnitList units={recent} />
    </section>
  )
}
