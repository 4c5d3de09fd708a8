import { Trans, useLingui } from '@lingui/react/macro'
import { formatDataAge } from '../../lib/data-age'
import type { UnitStatusBadge } from '../../lib/unit-status'
import { useNow } from '../consumer/parts'
import styles from './Units.module.css'

/**
 * A unit's status badge: "● Online" / "● Offline" from live data; from a saved copy, what was
 * known then and how long ago ("Last known: online, 2 hr ago"), never a live-looking green dot.
 */
export function UnitStatus({ badge }: { badge: UnitStatusBadge }) {
  const { i18n } = useLingui()
  const now = useNow()
  const state = badge.lastKnownAt === null ? (badge.online ? 'online' : 'offline') : 'known'
  let text
  if (badge.lastKnownAt === null) {
    text = badge.online ? <Trans>Online</Trans> : <Trans>Offline</Trans>
  } else {
    const { ago, iso } = formatDataAge(badge.lastKnownAt, { now, locale: i18n.locale })
    const when = <time dateTime={iso}>{ago}</time>
    text = badge.online ? (
      <Trans>Last known: online, {when}</Trans>
    ) : (
      <Trans>Last known: offline, {when}</Trans>
    )
  }
  return (
    <span className={styles.status} data-state={state}>
      <span className={styles.statusDot} data-online={badge.online} aria-hidden="true" />
      <span>{text}</span>
    </span>
  )
}
