import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { UnitDetail } from '#contracts/unit-search.ts'
import { offlineDurationAt, unitOfflineState, type OfflineDuration } from '../../lib/unit-offline'
import { Alert } from '../../ui'
import { useNow } from './useNow'
import styles from './Units.module.css'

export type UnitConnectionProps = {
  unit: UnitDetail
  /** Start of a disconnection in progress, null if none. */
  disconnectionSince: string | null
}

/**
 * Seeds 001 §4 unit offline, for the engineer: offline when last seen over 30 minutes ago, when a
 * disconnection is in progress or when marked offline externally, with how long in the message's
 * units (over a month, weeks, days, hours, minutes). Online: a short status (last seen is beside it).
 */
export function UnitConnection({ unit, disconnectionSince }: UnitConnectionProps) {
  const now = useNow()
  const { i18n } = useLingui()
  const state = unitOfflineState({
    now,
    lastSeen: unit.last_seen ?? unit.offline_status.lastSeenOnline,
    disconnectionSince,
    markedOffline: unit.offline_status.offline,
  })
  if (!state.offline) {
    return (
      <p className={styles.online} role="status">
        <span className={styles.onlineDot} aria-hidden="true" />
        <Trans>Online</Trans>
      </p>
    )
  }
  const disconnected = state.reason === 'disconnection'
  const since =
    state.since === null
      ? null
      : new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
          state.since,
        )
  return (
    <Alert
      variant="warning"
      title={
        disconnected ? (
          <Trans>This unit is disconnected</Trans>
        ) : (
          <Trans>This unit is offline</Trans>
        )
      }
    >
      <DurationMessage duration={offlineDurationAt(state, now)} disconnected={disconnected} />
      {since !== null && !disconnected ? (
        <>
          {' '}
          <Trans>Last seen {since}.</Trans>
        </>
      ) : null}
      {state.reason === 'external' && unit.offline_status.offlineMessage !== null ? (
        <> {unit.offline_status.offlineMessage}</>
      ) : null}
    </Alert>
  )
}

/** The seeds 4.6 duration sentence (the consumer dashboard's own words, so one translation). */
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
