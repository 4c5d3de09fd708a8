import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { AnomalyCollection } from '#contracts/anomalies.ts'
import { areaNameOf } from '../../lib/anomaly-change'
import { formatCalendarDay } from '../../lib/calendar-day'
import { cardClassName, Ltr } from '../../ui'
import { AnomalyLine } from './AnomalyLine'
import { AREA_KIND_NAMES } from './anomaly-words'
import { StateBadge } from './StateBadge'
import styles from './FaultFinder.module.css'

const AREA_KINDS = ['hub_site', 'cmts_name', 'mac_domain'] as const

/**
 * One collection in the inbox: its area (the title, a link to the collection covering the card),
 * its state, when it was first seen (and closed), how many units the area has and one line per
 * anomaly.
 */
export function CollectionCard({ collection }: { collection: AnomalyCollection }) {
  const { i18n, t } = useLingui()
  const { metadata, units } = collection
  const area = areaNameOf(metadata)
  const others = AREA_KINDS.flatMap((kind) => {
    const name = metadata[kind]
    return kind === area?.kind || name === null || name.trim() === '' ? [] : [{ kind, name }]
  })
  const firstSeenDay = collection.first_seen.slice(0, 10)
  const firstSeen = formatCalendarDay(i18n.locale, collection.first_seen)
  const closedDay = collection.closed_at?.slice(0, 10) ?? null
  const closed =
    collection.closed_at === null ? null : formatCalendarDay(i18n.locale, collection.closed_at)
  return (
    <li className={cardClassName('list', styles.card)}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>
          <span className={styles.areaKind}>
            {area ? i18n._(AREA_KIND_NAMES[area.kind]) : t`Area`}
          </span>
          <Link
            to="/fault-finder/collection/$id"
            params={{ id: String(collection.id) }}
            className={styles.cardLink}
          >
            {area ? <Ltr>{area.name}</Ltr> : <Trans>Unnamed area</Trans>}
          </Link>
        </h3>
        <StateBadge state={collection.state} />
      </div>
      <ul className={styles.meta}>
        {others.map(({ kind, name }) => (
          <li key={kind}>
            {i18n._(AREA_KIND_NAMES[kind])} <Ltr>{name}</Ltr>
          </li>
        ))}
        <li>
          <Trans>
            First seen <time dateTime={firstSeenDay}>{firstSeen}</time>
          </Trans>
        </li>
        {closed === null || closedDay === null ? null : (
          <li>
            <Trans>
              Closed <time dateTime={closedDay}>{closed}</time>
            </Trans>
          </li>
        )}
        <li>
          <Plural value={units} one="# unit in the area" other="# units in the area" />
        </li>
      </ul>
      <ul className={styles.lines} aria-label={t`Anomalies`}>
        {collection.anomalies.map((anomaly) => (
          <li key={anomaly.id}>
            <AnomalyLine anomaly={anomaly} />
          </li>
        ))}
      </ul>
    </li>
  )
}
