import { useMemo } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { AnalyticsMetadata } from '#contracts/analytics.ts'
import type { BuilderForm } from './builder-form'
import { metricNameOf } from './builder-labels'
import type { Labels } from './chart-data'

/**
 * How a chart names its metrics, splits and time buckets in the reader's language: the applied
 * form's aggregation decides the bucket labels, the panel's metadata the metric and split names.
 */
export function useChartLabels(
  applied: BuilderForm | null,
  metadata: AnalyticsMetadata | undefined,
): Labels {
  const { i18n, t } = useLingui()
  return useMemo<Labels>(() => {
    const aggregation = applied?.timeAggregation ?? 'daily'
    const withTime = /hourly$/.test(aggregation)
    const dateFormat = new Intl.DateTimeFormat(i18n.locale, {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' } : {}),
      timeZone: 'UTC',
    })
    const weekday = new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', timeZone: 'UTC' })
    const split = applied?.split ?? null
    const values = metadata?.filterables.find((f) => f.id === split)?.values ?? []
    return {
      metricName: (key) => metricNameOf(i18n, metadata, key),
      splitLabel: (value) =>
        value === null || value === undefined
          ? t`All units`
          : (values.find((v) => String(v.value) === value)?.label ?? value),
      bucketLabel: (row) => {
        const n = row.aggregatedNumber
        if (n !== undefined) {
          if (aggregation === 'hour_of_day') return `${String(n).padStart(2, '0')}:00`
          // ISO weekday 1 (Monday) to 7: 2024-01-01 was a Monday.
          if (aggregation === 'day_of_week') return weekday.format(Date.UTC(2024, 0, n))
          return String(n)
        }
        const time = Date.parse(row.dtime?.endsWith('Z') ? row.dtime : `${row.dtime ?? ''}Z`)
        return Number.isNaN(time) ? (row.dtime ?? '') : dateFormat.format(time)
      },
    }
  }, [applied, metadata, i18n, t])
}
