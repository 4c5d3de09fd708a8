import type { I18n } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ANOMALY_METRICS, ANOMALY_TYPES } from '#contracts/anomalies.ts'
import { anomaliesInProgressQueryOptions } from '../../api/unit-analytics.api'
import { formatDay } from '../../lib/date-format'
import { queryErrorMessage } from '../../offline/QueryStatus'
import { Alert, Spinner } from '../../ui'
import { anomalySubject } from './anomaly-words'
import styles from './FaultFinder.module.css'

/** An anomaly's subject in words; the raw names should the server send ones not known here. */
function subjectOf(i18n: I18n, type: string, metric: string): string {
  const knownType = ANOMALY_TYPES.find((name) => name === type)
  const knownMetric = ANOMALY_METRICS.find((name) => name === metric)
  return knownType && knownMetric
    ? anomalySubject(i18n, { type: knownType, metric: knownMetric })
    : `${type} ${metric}`
}

/**
 * Seeds 001 §2.6 "anomaly inbox" widget of a unit page: the anomalies going on over the unit's
 * area (its hub site's, and outages of its MAC domain), oldest first, each linking to its
 * collection in the fault finder when the server says the user may open it.
 */
export function UnitAnomalyList({ unitId }: { unitId: number }) {
  const { i18n, t } = useLingui()
  const query = useQuery(anomaliesInProgressQueryOptions(unitId))
  if (query.data === undefined) {
    return query.isError ? (
      <Alert variant="warning" title={<Trans>The anomalies could not be loaded</Trans>}>
        {i18n._(queryErrorMessage(query.error))}
      </Alert>
    ) : (
      <Spinner label={t`Loading anomalies…`} />
    )
  }
  const anomalies = query.data.anomaliesInProgress
  if (anomalies.length === 0) {
    return (
      <p className={styles.muted}>
        <Trans>Nothing is going wrong in this unit’s area.</Trans>
      </p>
    )
  }
  return (
    <ul className={styles.unitAnomalies}>
      {anomalies.map((anomaly) => {
        const subject = subjectOf(i18n, anomaly.type, anomaly.metric)
        const since = formatDay(i18n.locale, Date.parse(anomaly.firstSeen))
        const collectionId = anomaly.collectionId ?? null
        return (
          <li key={anomaly.id}>
            {collectionId === null ? (
              subject
            ) : (
              <Link to="/fault-finder/collection/$id" params={{ id: String(collectionId) }}>
                {subject}
              </Link>
            )}{' '}
            <span className={styles.muted}>
              <Trans>since {since}</Trans>
            </span>
          </li>
        )
      })}
    </ul>
  )
}
