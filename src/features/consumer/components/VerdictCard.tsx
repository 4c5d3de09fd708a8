import { useMemo, type ReactNode } from 'react'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { AccessibleUnit } from '#contracts/units.ts'
import {
  disconnectionsQueryOptions,
  metricResultsQueryOptions,
} from '../../../api/unit-analytics.api'
import { formatHourRange } from '../../../lib/date-format'
import { packageSpeedFor } from '../../../lib/metric-quality'
import { numberFormat } from '../../../lib/number-format'
import { disconnectionPeriodCovering, type Period } from '../../../lib/periods'
import {
  EVENING_END,
  EVENING_START,
  GAP_THRESHOLDS,
  verdictOf,
  type Verdict,
  type VerdictDisconnection,
  type VerdictLevel,
} from '../../../lib/verdict'
import { formatDuration, formatMetricValue, formatNumber } from '../format'
import { metricSeries } from '../metric-series'
import { PERIOD_SPANS } from '../period-labels'
import { isValidTimeZone } from '../time-zone'
import styles from '../Dashboard.module.css'

/** The metric the verdict judges: the main download test. */
const DOWNLOAD = 'httpgetmt'

const CARD_CLASS: Record<VerdictLevel, string | undefined> = {
  good: styles.verdictGood,
  fair: styles.verdictFair,
  poor: styles.verdictPoor,
}
const LINE_CLASS: Record<VerdictLevel, string | undefined> = {
  good: styles.lineGood,
  fair: styles.lineFair,
  poor: styles.linePoor,
}

/**
 * The dashboard's headline (issue 22 §3): is the broadband delivering what the customer pays for?
 * In plain words — download against the package, the evening peak against the rest of the day,
 * how reliable the line was — with the figures behind them one tap away. Computed from the
 * download results and the disconnections the dashboard loads anyway (src/lib/verdict.ts).
 */
export function VerdictCard({
  unitId,
  unit,
  period,
}: {
  unitId: number
  unit: AccessibleUnit | undefined
  period: Period
}) {
  const { i18n } = useLingui()
  const download = useQuery(metricResultsQueryOptions(unitId, DOWNLOAD, period))
  const drops = useQuery(disconnectionsQueryOptions(unitId, disconnectionPeriodCovering(period)))
  const zone = unit?.location?.timezone
  const timeZone = isValidTimeZone(zone) ? zone : undefined
  const packageMbps = packageSpeedFor(DOWNLOAD, unit?.package)
  const data = download.data

  const verdict = useMemo<Verdict | null>(() => {
    if (!data || data.status === 'DEVICE_CANT_RUN_TEST') return null
    const { from, to } = data.range
    let disconnections: VerdictDisconnection[] | null = null
    if (drops.data && drops.data.meta.enabled) {
      disconnections = drops.data.data
        .filter((d) => d.endDtime === null || Date.parse(d.endDtime) > from)
        .map((d) => ({
          startMs: Date.parse(d.dtime),
          // Only the part inside the period counts.
          durationSeconds:
            d.metricValue === null
              ? null
              : Math.max(
                  0,
                  (Date.parse(d.endDtime ?? d.dtime) - Math.max(Date.parse(d.dtime), from)) / 1000,
                ),
          isUnreliable: d.isUnreliable,
        }))
    }
    return verdictOf({
      points: metricSeries(DOWNLOAD, data.results),
      packageMbps,
      timeZone,
      disconnections,
      periodMs: to - from,
      now: to,
    })
  }, [data, drops.data, packageMbps, timeZone])

  const span = i18n._(PERIOD_SPANS[period])
  if (download.isPending) {
    return (
      <section className={styles.verdict} aria-labelledby="verdict-title" aria-busy="true">
        <h2 id="verdict-title" className={styles.verdictTitle}>
          <Trans>Checking your broadband…</Trans>
        </h2>
      </section>
    )
  }
  // The charts below say what went wrong; the headline stays out of the way.
  if (verdict === null) return null
  if (verdict.medianMbps === null) {
    return (
      <section className={styles.verdict} aria-labelledby="verdict-title">
        <h2 id="verdict-title" className={styles.verdictTitle}>
          <Trans>No download results {span} yet</Trans>
        </h2>
      </section>
    )
  }
  return <VerdictBody verdict={verdict} span={span} />
}

function VerdictBody({ verdict, span }: { verdict: Verdict; span: string }) {
  const { i18n, t } = useLingui()
  const locale = i18n.locale
  const percent = (ratio: number) =>
    numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(ratio)
  const mbps = (value: number) => formatMetricValue(i18n, value, 'Mbps')
  const hours = formatHourRange(locale, EVENING_START, EVENING_END)
  const { overall, speed, evening, reliability } = verdict
  const median = mbps(verdict.medianMbps ?? 0)

  // The headline says what matters most: all is well, or which part falls short.
  let headline: string
  switch (verdict.weakest) {
    case 'speed':
      headline =
        overall === 'poor'
          ? t`Your download is well below what you pay for`
          : t`Your download is a little below what you pay for`
      break
    case 'evening':
      headline =
        overall === 'poor'
          ? t`Your broadband slows down a lot in the evening`
          : t`Your broadband slows down a little in the evening`
      break
    case 'reliability':
      headline =
        overall === 'poor'
          ? t`Your connection drops out too often`
          : t`Your connection drops out now and then`
      break
    case null:
      headline =
        overall === 'good'
          ? speed !== null
            ? t`Your broadband is delivering what you pay for`
            : t`Your broadband is working well`
          : t`Your broadband ${span}`
  }

  const lines: { key: string; level: VerdictLevel | null; text: string }[] = []
  if (speed !== null) {
    const pct = percent(speed.ratio)
    lines.push({
      key: 'speed',
      level: speed.level,
      text:
        speed.level === 'good'
          ? t`Your download is ${pct} of your package.`
          : speed.level === 'fair'
            ? t`Your download is ${pct} of your package: below it, but usable.`
            : t`Your download is only ${pct} of your package.`,
    })
  } else {
    lines.push({ key: 'speed', level: null, text: t`Your typical download is ${median}.` })
  }
  if (evening !== null) {
    const pct = percent(evening.ratio)
    lines.push({
      key: 'evening',
      level: evening.level,
      text:
        evening.level === 'good'
          ? t`Steady in the evening (${hours}).`
          : evening.level === 'fair'
            ? t`A little slower in the evening (${hours}): ${pct} of the rest of the day.`
            : t`Much slower in the evening (${hours}): ${pct} of the rest of the day.`,
    })
  }
  if (reliability !== null) {
    const count = reliability.disconnections
    const down = formatDuration(locale, reliability.secondsDisconnected)
    lines.push({
      key: 'drops',
      level: reliability.level,
      text:
        count === 0
          ? t`No disconnections ${span}.`
          : t`${plural(count, { one: '# disconnection', other: '# disconnections' })} ${span}, offline for ${down} in all.`,
    })
    const gapShare = reliability.results > 0 ? reliability.gaps / reliability.results : 0
    if (gapShare > GAP_THRESHOLDS.good) {
      const share = percent(gapShare)
      lines.push({
        key: 'gaps',
        level: reliability.level,
        text: t`${share} of test slots have no result.`,
      })
    }
  }

  const gapsOf = (gaps: string, results: string) => t`${gaps} of ${results}`
  const figures: { key: string; label: ReactNode; value: string }[] = [
    { key: 'median', label: <Trans>Median download</Trans>, value: median },
  ]
  if (speed !== null) {
    figures.push({
      key: 'package',
      label: <Trans>Your package</Trans>,
      value: mbps(speed.packageMbps),
    })
  }
  if (evening !== null) {
    figures.push(
      {
        key: 'evening',
        label: <Trans>Evening median ({hours})</Trans>,
        value: mbps(evening.eveningMbps),
      },
      { key: 'offpeak', label: <Trans>Rest of the day</Trans>, value: mbps(evening.offPeakMbps) },
    )
  }
  if (reliability !== null) {
    figures.push(
      {
        key: 'drops',
        label: <Trans>Disconnections</Trans>,
        value: formatNumber(locale, reliability.disconnections),
      },
      {
        key: 'down',
        label: <Trans>Time disconnected</Trans>,
        value: formatDuration(locale, reliability.secondsDisconnected),
      },
      {
        key: 'gaps',
        label: <Trans>Test slots without a result</Trans>,
        value: gapsOf(
          formatNumber(locale, reliability.gaps),
          formatNumber(locale, reliability.results),
        ),
      },
    )
  }

  return (
    <section
      className={`${styles.verdict} ${overall === null ? '' : (CARD_CLASS[overall] ?? '')}`}
      aria-labelledby="verdict-title"
      data-verdict={overall ?? 'none'}
    >
      <h2 id="verdict-title" className={styles.verdictTitle}>
        {headline}
      </h2>
      <ul className={styles.verdictLines}>
        {lines.map((line) => (
          <li key={line.key} className={line.level === null ? undefined : LINE_CLASS[line.level]}>
            <span aria-hidden="true" />
            <span>{line.text}</span>
          </li>
        ))}
      </ul>
      <details className={styles.figures}>
        <summary>
          <Trans>See the figures</Trans>
        </summary>
        <dl>
          {figures.map((figure) => (
            <div key={figure.key}>
              <dt>{figure.label}</dt>
              <dd>{figure.value}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.note}>
          <Trans>From your Whitebox’s download tests {span}.</Trans>
        </p>
      </details>
    </section>
  )
}
