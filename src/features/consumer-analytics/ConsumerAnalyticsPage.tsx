import { useState } from 'react'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueries, useQuery } from '@tanstack/react-query'
import { CONSUMER_METRIC_KEYS, isConsumerMetricKey } from '#contracts/metrics.ts'
import { unitMetricsQueryOptions } from '../../api/unit-analytics.api'
import {
  aggregationFor,
  dateRangeBounds,
  isoDateOf,
  type DateRangeChoice,
} from '../../lib/date-range'
import { Button, PageTitle } from '../../ui'
import { metricSeries, useDashboardUnitId } from '../consumer'
import { AnalyticsMetricChart } from './AnalyticsMetricChart'
import { analyticsCsv, analyticsCsvFileName } from './analytics-csv'
import {
  choiceFromSearch,
  metricsFromSearch,
  metricsParam,
  searchForChoice,
  type ConsumerAnalyticsSearch,
} from './analytics-search'
import { analyticsResultsQueryOptions } from './consumer-analytics.queries'
import { DateRangeForm } from './DateRangeForm'
import { downloadTextFile } from '../../ui/download-file'
import { MetricChoice } from './MetricChoice'
import styles from './ConsumerAnalytics.module.css'

export type ConsumerAnalyticsPageProps = {
  search: ConsumerAnalyticsSearch
  onSearchChange: (next: ConsumerAnalyticsSearch) => void
}

/** The range in words: "the last 30 days" or the two dates in the active locale. */
function useRangeLabel(choice: DateRangeChoice, now: number): string {
  const { i18n, t } = useLingui()
  if (choice.kind === 'last') {
    const days = choice.days
    return t({ message: plural(days, { one: 'the last # day', other: 'the last # days' }) })
  }
  const bounds = dateRangeBounds(choice, now)
  const format = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' })
  // The end is exclusive (midnight after `to`); the last millisecond is still the `to` day.
  return format.formatRange(new Date(bounds.from), new Date(Math.max(bounds.from, bounds.to - 1)))
}

function AnalyticsBody({
  unitId,
  search,
  onSearchChange,
}: ConsumerAnalyticsPageProps & { unitId: number }) {
  const { t } = useLingui()
  // Read once per visit: the range "last n days" ends when the page was opened (and each refetch).
  const [now] = useState(Date.now)
  const choice = choiceFromSearch(search, isoDateOf(now))
  const metricsQuery = useQuery(unitMetricsQueryOptions(unitId))
  const available = metricsQuery.data?.map((m) => m.key).filter(isConsumerMetricKey) ?? null
  const metrics = metricsFromSearch(search.metrics, available)
  const queries = useQueries({
    queries: metrics.map((metric) => analyticsResultsQueryOptions(unitId, metric, choice)),
  })
  const rangeLabel = useRangeLabel(choice, now)
  const ready = metrics.length > 0 && queries.every((query) => query.data !== undefined)

  const handleDownload = () => {
    const shown = metrics.flatMap((metric, index) => {
      const data = queries[index]?.data
      if (!data || data.status === 'DEVICE_CANT_RUN_TEST') return []
      return [{ metric, points: metricSeries(metric, data.results) }]
    })
    downloadTextFile(analyticsCsvFileName(unitId, choice, Date.now()), analyticsCsv(shown))
  }

  return (
    <>
      <div className={styles.controls}>
        <DateRangeForm
          // A new choice from the URL (back, forward) resets the form's own state.
          key={choice.kind === 'fixed' ? `${choice.from}_${choice.to}` : 'last'}
          choice={choice}
          now={now}
          onChange={(next) => {
            onSearchChange({ ...search, ...searchForChoice(next) })
          }}
        />
        <MetricChoice
          options={available ?? CONSUMER_METRIC_KEYS}
          chosen={metrics}
          onChange={(next) => {
            onSearchChange({ ...search, metrics: metricsParam(next) })
          }}
        />
      </div>
      <div className={styles.toolbar}>
        <p className={styles.muted} aria-live="polite">
          {aggregationFor(choice) === 'hourly' ? (
            <Trans>Hourly values, {rangeLabel}</Trans>
          ) : (
            <Trans>Daily values, {rangeLabel}</Trans>
          )}
        </p>
        <Button
          variant="secondary"
          disabled={!ready}
          onClick={handleDownload}
          // The name starts with the words on the button, so "Download CSV" by voice reaches it.
          aria-label={t`Download CSV: the charts' data`}
        >
          <Trans>Download CSV</Trans>
        </Button>
      </div>
      {metrics.length === 0 ? (
        <p className={styles.note}>
          <Trans>Choose at least one metric to see its chart.</Trans>
        </p>
      ) : (
        <div className={styles.charts}>
          {metrics.map((metric, index) => {
            const query = queries[index]
            return query ? (
              <AnalyticsMetricChart
                key={metric}
                metric={metric}
                query={query}
                rangeLabel={rangeLabel}
              />
            ) : null
          })}
        </div>
      )}
    </>
  )
}

/**
 * Consumer analytics (seeds 000 §2.6): a date range (last n days or fixed dates), a choice of
 * metrics, one chart per metric, and a CSV of exactly what the charts show.
 */
export function ConsumerAnalyticsPage({ search, onSearchChange }: ConsumerAnalyticsPageProps) {
  const { t } = useLingui()
  const unitId = useDashboardUnitId(search.unit)
  return (
    <div className={styles.page}>
      <PageTitle documentTitle={t`Analytics`}>
        <Trans>Analytics</Trans>
      </PageTitle>
      {unitId === null ? (
        <p className={styles.note}>
          <Trans>
            Analytics shows the results of your Whitebox. There is no Whitebox on your account yet.
          </Trans>
        </p>
      ) : (
        <AnalyticsBody unitId={unitId} search={search} onSearchChange={onSearchChange} />
      )}
    </div>
  )
}
