import { Trans } from '@lingui/react/macro'
import type { UnitDetail } from '#contracts/unit-search.ts'
import { unitStatusBadge } from '../../lib/unit-status'
import { UnitOfflineAlert, useNow } from '../consumer/parts'
import { UnitStatus } from './UnitStatus'
import styles from './Units.module.css'

export type UnitConnectionProps = {
  unit: UnitDetail
  /** Start of a disconnection in progress, null if none. */
  disconnectionSince: string | null
  /**
   * When the unit's data was fetched and whether it is live: a saved copy (offline, or past its
   * freshness) says "last known: online, 2 hr ago" rather than a live green "Online".
   */
  data?: { live: boolean; updatedAt: number }
}

/**
 * Seeds 001 §4 unit offline, for the engineer: the consumer dashboard's offline alert (one
 * translation of its sentences) in the engineer's words, with the external offline message.
 * Online: a short status (last seen is beside it).
 */
export function UnitConnection({
  unit,
  disconnectionSince,
  data = { live: true, updatedAt: 0 },
}: UnitConnectionProps) {
  const now = useNow()
  if (!data.live && data.updatedAt > 0) {
    // A saved copy: what was known when it was fetched, not an offline duration or a live dot
    // computed against a clock the data never saw.
    const badge = unitStatusBadge({
      now,
      lastSeen: unit.last_seen ?? unit.offline_status.lastSeenOnline,
      markedOffline: unit.offline_status.offline,
      live: false,
      updatedAt: data.updatedAt,
    })
    return (
      <p className={styles.statusLine} role="status">
        <UnitStatus badge={badge} />
      </p>
    )
  }
  return (
    <UnitOfflineAlert
      unit={unit}
      disconnectionSince={disconnectionSince}
      online={
        <p className={styles.statusLine} role="status">
          <UnitStatus badge={{ online: true, lastKnownAt: null }} />
        </p>
      }
      title={(disconnected) =>
        disconnected ? (
          <Trans>This unit is disconnected</Trans>
        ) : (
          <Trans>This unit is offline</Trans>
        )
      }
      after={(reason) =>
        reason === 'external' && unit.offline_status.offlineMessage !== null ? (
          <> {unit.offline_status.offlineMessage}</>
        ) : null
      }
    />
  )
}
