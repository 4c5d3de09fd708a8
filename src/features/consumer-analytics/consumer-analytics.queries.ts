import { queryOptions } from '@tanstack/react-query'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'
import type { MetricResults } from '#contracts/unit-analytics.ts'
import { STALE } from '../../api/query-client'
import { postMetricResults, unitAnalyticsKeys, type Ranged } from '../../api/unit-analytics.api'
import {
  aggregationFor,
  choiceKey,
  dateRangeBounds,
  type DateRangeChoice,
} from '../../lib/date-range'

/**
 * One metric over the chosen range (seeds 000 §2.6): hourly up to 31 days, else daily. "Last n
 * days" is keyed by n, not by dates, so the same choice is found again after a reload or offline;
 * the range it was fetched for comes back with the data (the chart and the CSV use it).
 */
export function analyticsResultsQueryOptions(
  unitId: number,
  metric: ConsumerMetricKey,
  choice: DateRangeChoice,
) {
  return queryOptions({
    queryKey: [
      ...unitAnalyticsKeys.unit(unitId),
      'consumer-analytics',
      metric,
      choiceKey(choice),
    ] as const,
    queryFn: async ({ signal }): Promise<Ranged<MetricResults>> => {
      const range = dateRangeBounds(choice, Date.now())
      const results = await postMetricResults(
        unitId,
        {
          date: { from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() },
          aggregation: aggregationFor(choice),
          includeAggregated: false,
          includeTotal: false,
          localTargetSetResultsOnly: false,
          metric,
        },
        signal,
      )
      return { ...results, range }
    },
    staleTime: STALE.MINUTES.FIVE,
    meta: { persist: 'results' },
  })
}
