import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { AccessibleUnit } from '#contracts/units.ts'
import {
  offlineDurationAt,
  unitOfflineState,
  type OfflineDuration,
  type UnitOfflineState,
} from '../../../lib/unit-offline'
import { Alert } from '../../../ui'
import { useNow } from '../useNow'

export type UnitOfflineBannerProps = {
  unit: AccessibleUnit
  /** Start of a disconnection in progress (disconnection_in_progress), null if none. */
  disconnectionSince: string | null
}

/** Seeds 4.6: the unit's offline state, with how long in the message's units. */
export function UnitOfflineBanner({ unit, disconnectionSince }: UnitOfflineBannerProps) {
  const now = useNow()
  const { i18n } = useLingui()
  const state = unitOfflineState({
    now,
    lastSeen: unit.last_seen ?? unit.offline_status.lastSeenOnline,
    disconnectionSince,
    markedOffline: unit.offline_status.offline,
  })
  if (!state.offline) return null
  const duration = offlineDurationAt(state, now)
  const lastSeen =
    state.since === null
      ? null
      : new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
          state.since,
        )
  return (
    <Alert
      variant="warning"
      title={
        state.reason === 'disconnection' ? (
          <Trans>Your Whitebox is disconnected</Trans>
        ) : (
          <Trans>Your Whitebox is offline</Trans>
        )
      }
    >
      <OfflineMessage state={state} duration={duration} />
      {lastSeen !== null && state.reason !== 'disconnection' ? (
        <>
          {' '}
          <Trans>Last seen {lastSeen}.</Trans>
        </>
      ) : null}
      {state.reason === 'disconnection' || state.reason === 'last-seen' ? (
        <>
          {' '}
          <Trans>Check that it is plugged in and connected to your router.</Trans>
        </>
      ) : null}
    </Alert>
  )
}

/** The duration sentence of seeds 4.6 (empty when the duration is negative). */
function OfflineMessage({
  state,
  duration,
}: {
  state: UnitOfflineState
  duration: OfflineDuration
}) {
  const disconnected = state.offline && state.reason === 'disconnection'
  switch (duration.unit) {
    case 'none':
      return null
    case 'unknown':
      return disconnected ? (
        <Trans>It has lost its connection.</Trans>
      ) : (
        <Trans>It is not sending results at the moment.</Trans>
      )
    case 'over-month':
      return disconnected ? (
        <Trans>It has been disconnected for over a month.</Trans>
      ) : (
        <Trans>It has been offline for over a month.</Trans>
      )
    case 'weeks':
      return disconnected ? (
        <Plural
          value={duration.count}
          one="It has been disconnected for # week."
          other="It has been disconnected for # weeks."
        />
      ) : (
        <Plural
          value={duration.count}
          one="It has been offline for # week."
          other="It has been offline for # weeks."
        />
      )
    case 'days':
      return disconnected ? (
        <Plural
          value={duration.count}
          one="It has been disconnected for # day."
          other="It has been disconnected for # days."
        />
      ) : (
        <Plural
          value={duration.count}
          one="It has been offline for # day."
          other="It has been offline for # days."
        />
      )
    case 'hours':
      return disconnected ? (
        <Plural
          value={duration.count}
          one="It has been disconnected for # hour."
          other="It has been disconnected for # hours."
        />
      ) : (
        <Plural
          value={duration.count}
          one="It has been offline for # hour."
          other="It has been offline for # hours."
        />
      )
    case 'minutes':
      return disconnected ? (
        <Plural
          value={duration.count}
          one="It has been disconnected for # minute."
          other="It has been disconnected for # minutes."
        />
      ) : (
        <Plural
          value={duration.count}
          one="It has been offline for # minute."
          other="It has been offline for # minutes."
        />
      )
  }
}
