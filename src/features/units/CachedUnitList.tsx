import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { unitStatusBadge } from '../../lib/unit-status'
import { useNow } from '../consumer/parts'
import type { CachedUnit } from './cached-units'
import { LastSeen } from './LastSeen'
import { UnitStatus } from './UnitStatus'
import { formatIdNumber } from '../../lib/number-format'
import styles from './Units.module.css'

/** Units saved on this device as a list of links to their pages (recent units, offline results). */
export function CachedUnitList({ units }: { units: readonly CachedUnit[] }) {
  const { i18n } = useLingui()
  const now = useNow()
  return (
    <ul className={styles.unitList}>
      {units.map((unit) => {
        const unitNumber = formatIdNumber(i18n.locale, unit.id)
        return (
          <li key={unit.id}>
            <Link
              to="/units/$unitId/test-results"
              params={{ unitId: String(unit.id) }}
              className={styles.unitLink}
            >
              <span className={styles.unitLinkTitle}>
                <Trans>Unit {unitNumber}</Trans>
              </span>
              {/* Saved on this device: what was known when it was last opened. */}
              <UnitStatus
                badge={unitStatusBadge({
                  now,
                  lastSeen: unit.lastSeen,
                  markedOffline: unit.detail.offline_status.offline,
                  live: false,
                  updatedAt: unit.savedAt,
                })}
              />
              <span className={`${styles.unitLinkDetail} ${styles.ltr}`}>
                {[unit.serial, unit.mac, unit.email].filter((part) => part !== null).join(' · ')}
              </span>
              <span className={styles.unitLinkDetail}>
                <Trans>
                  Last seen <LastSeen value={unit.lastSeen} />
                </Trans>
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
