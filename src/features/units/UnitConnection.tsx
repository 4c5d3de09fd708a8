import { Trans } from '@lingui/react/macro'
import type { UnitDetail } from '#contracts/unit-search.ts'
import { UnitOfflineAlert } from './consumer-parts'
import styles from './Units.module.css'

export type UnitConnectionProps = {
  unit: UnitDetail
  /** Start of a disconnection in progress, null if none. */
  disconnectionSince: string | null
}

/**
 * Seeds 001 §4 unit offline, for the engineer: the consumer dashboard's offline alert (one
 * translation of its sentences) in the engineer's words, with the external offline message.
 * Online: a short status (last seen is beside it).
 */
export function UnitConnection({ unit, disconnectionSince }: UnitConnectionProps) {
  return (
    <UnitOfflineAlert
      unit={unit}
      disconnectionSince={disconnectionSince}
      online={
        <p className={styles.online} role="status">
          <span className={styles.onlineDot} aria-hidden="true" />
          <Trans>Online</Trans>
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
