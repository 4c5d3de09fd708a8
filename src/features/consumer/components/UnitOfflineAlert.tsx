import type { ReactNode } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { OfflineStatus } from '#contracts/units.ts'
import {
  offlineDurationAt,
  unitOfflineState,
  type OfflineDuration,
  type OfflineReason,
} from '../../../lib/unit-offline'
import { Alert } from '../../../ui'
import { useNow } from '../useNow'

export type UnitOfflineAlertProps = {
  /** What the services say of the unit's connection. */
  unit: { last_seen: string | null; offline_status: OfflineStatus }
  /** Start of a disconnection in progress (disconnection_in_progress), null if none. */
  disconnectionSince: string | null
  /** The alert's title, in the reader's words (the customer's or the engineer's). */
  title: (disconnected: boolean) => ReactNode
  /** Said after the duration and last seen, for why the unit is offline. */
  after?: (reason: OfflineReason) => ReactNode
  /** Shown instead while the unit is online. */
  online?: ReactNode
}

/**
 * Seeds 4.6 / 001 §4: the unit is offline when a disconnection is in progress, when last seen over
 * 30 minutes ago or when marked offline externally; the alert says for how long in the message's
 * units and, unless disconnected, when it was last seen.
 */
export function UnitOfflineAlert({
  unit,
  disconnectionSince,
  title,
  after,
  online = null,
}: UnitOfflineAlertProps) {
  const now = useNow()
  const { i18n } = useLingui()
  const state = unitOfflineState({
    now,
    lastSeen: unit.last_seen ?? unit.offline_status.lastSeenOnline,
    disconnectionSince,
    markedOffline: unit.offline_status.offline,
  })
  if (!state.offline) return online
  const disconnected = state.reason === 'disconnection'
  const lastSeen =
    state.since === null
      ? null
      : new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
          state.since,
        )
  return (
    <Alert variant="warning" title={title(disconnected)}>
      <DurationMessage duration={offlineDurationAt(state, now)} disconnected={disconnected} />
      {lastSeen !== null && !disconnected ? (
        <>
          {' '}
          <Trans>Last seen {lastSeen}.</Trans>
        </>
      ) : null}
      {after?.(state.reason)}
    </Alert>
  )
}

/** The duration sentence of seeds 4.6 (empty when the duration is negative). */
function DurationMessage({
  duration,
  disconnected,
}: {
  duration: OfflineDuration
  disconnected: boolean
}) {
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
