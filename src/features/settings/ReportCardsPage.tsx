import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { ReportCard, ReportCardMonth } from '#contracts/settings.ts'
import { QueryStatus } from '../../offline/QueryStatus'
import { useSession } from '../../session'
import { PageTitle } from '../../ui'
import { formatIsoMonth } from './dates'
import { reportCardsQueryOptions } from './settings.queries'
import { shareOfPackage } from './speeds'
import styles from './settings.module.css'
import { numberFormat } from '../../lib/number-format'
import { formatNumber } from '../../lib/value-format'

function Measured({ value, packageSpeed }: { value: number | null; packageSpeed: number | null }) {
  const { i18n, t } = useLingui()
  if (value === null) return <span aria-label={t`No tests`}>–</span>
  const number = formatNumber(i18n.locale, value)
  const share = shareOfPackage(value, packageSpeed)
  const percent =
    share === null ? null : numberFormat(i18n.locale, { style: 'percent' }).format(share / 100)
  return (
    <>
      {number}
      {percent !== null ? (
        <span className={styles.share}>
          {percent} <span className="wb-visually-hidden">{t`of your package`}</span>
        </span>
      ) : null}
    </>
  )
}

function MonthRow({ month, card }: { month: ReportCardMonth; card: ReportCard }) {
  const { i18n } = useLingui()
  return (
    <tr>
      <th scope="row">
        {formatIsoMonth(month.month, i18n.locale, 'short')}
        <span className={styles.share}>
          <Plural value={month.tests} one="# test" other="# tests" />
        </span>
      </th>
      <td>
        <Measured value={month.download_mbps} packageSpeed={card.package?.download_mbps ?? null} />
      </td>
      <td>
        <Measured value={month.upload_mbps} packageSpeed={card.package?.upload_mbps ?? null} />
      </td>
      <td>
        <Measured value={month.latency_ms} packageSpeed={null} />
      </td>
    </tr>
  )
}

function Card({ card }: { card: ReportCard }) {
  const { i18n } = useLingui()
  const label = card.label
  const down = card.package ? numberFormat(i18n.locale).format(card.package.download_mbps) : null
  const up = card.package ? numberFormat(i18n.locale).format(card.package.upload_mbps) : null
  const pkg = card.package ? `${card.package.isp_name} · ${card.package.name}` : null
  return (
    <section className={styles.section} aria-labelledby={`report-card-${String(card.unit_id)}`}>
      <h2 id={`report-card-${String(card.unit_id)}`} className={styles.sectionTitle}>
        <Trans>Whitebox “{label}”</Trans>
      </h2>
      {pkg !== null ? (
        <p className={styles.muted}>
          <Trans>
            {pkg}: {down} Mbps down, {up} Mbps up
          </Trans>
        </p>
      ) : null}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="wb-visually-hidden">
            <Trans>Median results per month for Whitebox “{label}”</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Month</Trans>
              </th>
              <th scope="col">
                <Trans>Download (Mbps)</Trans>
              </th>
              <th scope="col">
                <Trans>Upload (Mbps)</Trans>
              </th>
              <th scope="col">
                <Trans>Latency (ms)</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {card.months.map((month) => (
              <MonthRow key={month.month} month={month} card={card} />
            ))}
          </tbody>
        </table>
      </div>
      {card.package ? (
        <p className={styles.muted}>
          <Trans>Percentages compare each median with your package’s speed.</Trans>
        </p>
      ) : null}
    </section>
  )
}

/** Settings report cards: per unit and month, the median speeds and latency against the package. */
export function ReportCardsPage() {
  const { t } = useLingui()
  const session = useSession()
  const query = useQuery({
    ...reportCardsQueryOptions(session?.sub ?? ''),
    enabled: session !== null,
  })
  if (!session) return null
  return (
    <div className={styles.page}>
      <PageTitle documentTitle={t`Report cards`}>
        <Trans>Report cards</Trans>
      </PageTitle>
      <p className={styles.text}>
        <Trans>
          The typical (median) speeds and latency your Whitebox measured each month, compared with
          your package.
        </Trans>
      </p>
      <QueryStatus
        query={query}
        isEmpty={(cards) => cards.length === 0}
        empty={
          <p className={styles.text}>
            <Trans>No report cards yet.</Trans>
          </p>
        }
      >
        {(cards) => cards.map((card) => <Card key={card.unit_id} card={card} />)}
      </QueryStatus>
    </div>
  )
}
