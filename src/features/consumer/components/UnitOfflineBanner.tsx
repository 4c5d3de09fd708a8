import { Trans } from '@lingui/react/macro'
import type { AccessibleUnit } from '#contracts/units.ts'
import { UnitOfflineAlert } from './UnitOfflineAlert'

export type UnitOfflineBannerProps = {
  unit: AccessibleUnit
  /** Start of a disconnection in progress (disconnection_in_progress), null if none. */
  disconnectionSince: string | null
}

/** Seeds 4.6: the unit's offline state, with how long in the message's units. */
export function UnitOfflineBanner({ unit, disconnectionSince }: UnitOfflineBannerProps) {
  return (
    <UnitOfflineAlert
      unit={unit}
      disconnectionSince={disconnectionSince}
      title={(disconnected) =>
        disconnected ? (
          <Trans>Your Whitebox is disconnected</Trans>
        ) : (
          <Trans>Your Whitebox is offline</Trans>
        )
      }
      after={(reason) =>
        reason === 'disconnection' || reason === 'last-seen' ? (
          <>
            {' '}
            <Trans>Check that it is plugged in and connected to your router.</Trans>
          </>
        ) : null
      }
    />
  )
}
