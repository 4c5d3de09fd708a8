import { useId, type ReactNode } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { AnomalyCodes, type Anomaly, type AnomalyCollection } from '#contracts/anomalies.ts'
import { collectionFromInbox, collectionQueryOptions } from '../../api/anomaly.api'
import { ApiError } from '../../api/http'
import { areaNameOf } from '../../lib/anomaly-change'
import { isolateLtr } from '../../lib/bidi'
import { formatCalendarDay } from '../../lib/calendar-day'
import { numberFormat } from '../../lib/number-format'
import { QueryStatus } from '../../offline/QueryStatus'
import { cardClassName, Ltr, PageTitle } from '../../ui'
import { AnomalyTrend } from './AnomalyTrend'
import { AREA_KIND_NAMES, METRIC_NAMES, TYPE_NAMES, useAnomalyWords } from './anomaly-words'
import { FaultFinderCtas } from './FaultFinderNotices'
import { StateBadge } from './StateBadge'
import styles from './FaultFinder.module.css'

/** Whether a failure means the collection is not there for this user (seeds: 404 ANOMALY_NOT_FOUND). */
function isNotFound(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 404 || error.code === AnomalyCodes.ANOMALY_NOT_FOUND)
  )
}

/** Back to the inbox tab the collection is listed in. */
function BackLink({ closed }: { closed: boolean }) {
  return (
    <Link
      to="/fault-finder/$state"
      params={{ state: closed ? 'closed' : 'active' }}
      className={styles.back}
    >
      {closed ? <Trans>Closed anomalies</Trans> : <Trans>Active anomalies</Trans>}
    </Link>
  )
}

/**
 * /fault-finder/collection/{id} (seeds 001 §2.3): one collection, its area (hub site, CMTS name,
 * MAC domain), state, dates and units, then each anomaly with its worst day against the usual and
 * its daily trend. Opened from the inbox it shows at once what the inbox holds (offline too); one
 * that does not exist or is on a panel the user may not view is "not found".
 */
export function CollectionPage({ collectionId }: { collectionId: number }) {
  const queryClient = useQueryClient()
  const query = useQuery({
    ...collectionQueryOptions(collectionId),
    initialData: () => collectionFromInbox(queryClient, collectionId)?.data,
    initialDataUpdatedAt: () => collectionFromInbox(queryClient, collectionId)?.updatedAt,
  })
  if (query.data === undefined && isNotFound(query.error)) return <CollectionNotFound />
  return (
    <div className={styles.page}>
      <BackLink closed={query.data?.state === 'closed'} />
      <QueryStatus query={query}>
        {(collection) => <CollectionDetail collection={collection} />}
      </QueryStatus>
    </div>
  )
}

function CollectionNotFound() {
  const { t } = useLingui()
  return (
    <div className={styles.page}>
      <PageTitle documentTitle={t`Collection not found`}>
        <Trans>Collection not found</Trans>
      </PageTitle>
      <p>
        <Trans>
          This anomaly collection does not exist, or it is on a panel you cannot see.{' '}
          <Link to="/fault-finder/$state" params={{ state: 'active' }}>
            See the active anomalies
          </Link>
          .
        </Trans>
      </p>
    </div>
  )
}

/** A `<time>` of a day the anomaly service sends (a UTC midnight), in the active locale. */
function Day({ value }: { value: string }) {
  const { i18n } = useLingui()
  return <time dateTime={value.slice(0, 10)}>{formatCalendarDay(i18n.locale, value)}</time>
}

function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  )
}

function CollectionDetail({ collection }: { collection: AnomalyCollection }) {
  const { i18n, t } = useLingui()
  const { metadata, anomalies } = collection
  const area = areaNameOf(metadata)
  const areaName = area?.name ?? t`Unnamed area`
  const documentName = area ? isolateLtr(area.name) : areaName
  const units = numberFormat(i18n.locale).format(collection.units)
  const count = anomalies.length
  const notKnown = (
    <span className={styles.unknown}>
      <Trans>Not known</Trans>
    </span>
  )
  const name = (value: string | null) =>
    value === null || value.trim() === '' ? notKnown : <Ltr>{value}</Ltr>
  return (
    <>
      <div className={styles.titleRow}>
        <PageTitle documentTitle={t`${documentName} · Fault finder`}>
          {area ? <Ltr>{area.name}</Ltr> : areaName}
        </PageTitle>
        <StateBadge state={collection.state} />
      </div>
      <p className={styles.lead}>
        {area ? (
          i18n._(AREA_KIND_NAMES[area.kind])
        ) : (
          <Trans>An area without a hub site, CMTS or MAC domain</Trans>
        )}
      </p>
      <dl className={styles.facts}>
        <Fact term={i18n._(AREA_KIND_NAMES.hub_site)}>{name(metadata.hub_site)}</Fact>
        <Fact term={i18n._(AREA_KIND_NAMES.cmts_name)}>{name(metadata.cmts_name)}</Fact>
        <Fact term={i18n._(AREA_KIND_NAMES.mac_domain)}>{name(metadata.mac_domain)}</Fact>
        <Fact term={<Trans>Units in the area</Trans>}>{units}</Fact>
        <Fact term={<Trans>First seen</Trans>}>
          <Day value={collection.first_seen} />
        </Fact>
        <Fact term={<Trans>Last seen</Trans>}>
          <Day value={collection.last_seen} />
        </Fact>
        {collection.closed_at === null ? null : (
          <Fact term={<Trans>Closed on</Trans>}>
            <Day value={collection.closed_at} />
          </Fact>
        )}
      </dl>
      <section className={styles.section} aria-labelledby="collection-anomalies">
        <h2 id="collection-anomalies" className={styles.sectionTitle}>
          <Plural value={count} one="# anomaly" other="# anomalies" />
        </h2>
        <ul className={styles.anomalies}>
          {anomalies.map((anomaly) => (
            <AnomalySection key={anomaly.id} collectionId={collection.id} anomaly={anomaly} />
          ))}
        </ul>
      </section>
      <FaultFinderCtas collectionId={collection.id} />
    </>
  )
}

/** One anomaly: its type and metric, state, dates, worst day against the usual, and its trend. */
function AnomalySection({ collectionId, anomaly }: { collectionId: number; anomaly: Anomaly }) {
  const { i18n } = useLingui()
  const titleId = useId()
  const { subject, sentence } = useAnomalyWords(anomaly)
  return (
    <li className={cardClassName('list', styles.anomaly)}>
      <section className={styles.section} aria-labelledby={titleId}>
        <div className={styles.anomalyHead}>
          <h3 id={titleId} className={styles.anomalyTitle}>
            {subject}
          </h3>
          <StateBadge state={anomaly.state} />
        </div>
        <dl className={styles.facts}>
          <Fact term={<Trans>Type</Trans>}>{i18n._(TYPE_NAMES[anomaly.type])}</Fact>
          <Fact term={<Trans>Metric</Trans>}>{i18n._(METRIC_NAMES[anomaly.metric])}</Fact>
          <Fact term={<Trans>First seen</Trans>}>
            <Day value={anomaly.first_seen} />
          </Fact>
          <Fact term={<Trans>Last seen</Trans>}>
            <Day value={anomaly.last_seen} />
          </Fact>
          {anomaly.closed_at === null ? null : (
            <Fact term={<Trans>Closed on</Trans>}>
              <Day value={anomaly.closed_at} />
            </Fact>
          )}
        </dl>
        <p className={styles.sentence}>{sentence}</p>
        <AnomalyTrend collectionId={collectionId} anomaly={anomaly} />
      </section>
    </li>
  )
}
