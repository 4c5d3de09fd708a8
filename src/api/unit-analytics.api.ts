import { queryOptions } from '@tanstack/react-query'
import type * as v from 'valibot'
import {
  AnomaliesInProgressResponseSchema,
  DataUsageResponseSchema,
  DisconnectionInProgressResponseSchema,
  DisconnectionsResponseSchema,
  MetricResultsResponseSchema,
  SkippedTestsResponseSchema,
  TestRunResponseSchema,
  UnitMetricsResponseSchema,
  type MetricResults,
  type MetricResultsRequest,
} from '#contracts/unit-analytics.ts'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'
import {
  periodAggregation,
  periodRange,
  rangeEnd,
  type DisconnectionPeriod,
  type Period,
  type TimeRange,
} from '../lib/periods'
import type { PersistMeta } from '../offline/persistence'
import { request } from './http'
import { STALE } from './query-client'

// Results and disconnections are what the consumer opens offline: kept for 30 days.
const RESULTS_META = { persist: 'results' } satisfies PersistMeta

/**
 * Query keys of the unit analytics service. Periods, not dates, are in the keys: a range always
 * ends now, so a key with dates would never be found again after a reload (offline included).
 */
export const unitAnalyticsKeys = {
  all: ['unit-analytics'] as const,
  unit: (unitId: number) => [...unitAnalyticsKeys.all, unitId] as const,
  metricResults: (unitId: number, metric: ConsumerMetricKey, period: Period) =>
    [...unitAnalyticsKeys.unit(unitId), 'metric-results', metric, period] as const,
  disconnections: (unitId: number, period: DisconnectionPeriod) =>
    [...unitAnalyticsKeys.unit(unitId), 'disconnections', period] as const,
  disconnectionInProgress: (unitId: number) =>
    [...unitAnalyticsKeys.unit(unitId), 'disconnection-in-progress'] as const,
  anomaliesInProgress: (unitId: number) =>
    [...unitAnalyticsKeys.unit(unitId), 'anomalies-in-progress'] as const,
  skippedTests: (unitId: number, period: Period) =>
    [...unitAnalyticsKeys.unit(unitId), 'skipped-tests', period] as const,
  dataUsage: (unitId: number, period: Period) =>
    [...unitAnalyticsKeys.unit(unitId), 'data-usage', period] as const,
  metrics: (unitId: number) => [...unitAnalyticsKeys.unit(unitId), 'metrics'] as const,
  testRun: (unitId: number, testId: string) =>
    [...unitAnalyticsKeys.unit(unitId), 'test-run', testId] as const,
}

const base = (unitId: number) => `/${unitId}`
const rangeQuery = (range: TimeRange) => ({
  from: new Date(range.from).toISOString(),
  to: new Date(range.to).toISOString(),
})

/** A response together with the range it was asked for (the range ends when it was fetched). */
export type Ranged<T> = T & { range: TimeRange }

/** POST /{unitId}/metric_results (seeds 7.4). */
export async function postMetricResults(
  unitId: number,
  body: MetricResultsRequest,
  signal?: AbortSignal,
): Promise<MetricResults> {
  return (
    await request('unit-analytics', `${base(unitId)}/metric_results`, {
      method: 'POST',
      body,
      schema: MetricResultsResponseSchema,
      signal,
    })
  ).data
}

/**
 * One metric of a dashboard period: raw for a day, hourly from a week, with the total. The query
 * fn's signal is passed on, so a period or metric change cancels the request it replaces.
 */
export function metricResultsQueryOptions(
  unitId: number,
  metric: ConsumerMetricKey,
  period: Period,
) {
  return queryOptions({
    queryKey: unitAnalyticsKeys.metricResults(unitId, metric, period),
    queryFn: async ({ signal }): Promise<Ranged<MetricResults>> => {
      const range = periodRange(period, rangeEnd(Date.now()))
      const results = await postMetricResults(
        unitId,
        {
          date: rangeQuery(range),
          aggregation: periodAggregation(period),
          includeTotal: true,
          includeAggregated: false,
          localTargetSetResultsOnly: false,
          metric,
        },
        signal,
      )
      return { ...results, range }
    },
    staleTime: STALE.MINUTES.FIVE,
    meta: RESULTS_META,
  })
}

async function getRanged<T extends object>(
  path: string,
  range: TimeRange,
  schema: v.GenericSchema<unknown, T>,
  signal: AbortSignal,
): Promise<Ranged<T>> {
  const body = await request('unit-analytics', path, {
    schema,
    query: rangeQuery(range),
    signal,
  })
  return { ...body, range }
}

/** GET /{unitId}/disconnections over a disconnection period (its own periods, seeds 9). */
export function disconnectionsQueryOptions(unitId: number, period: DisconnectionPeriod) {
  return queryOptions({
    queryKey: unitAnalyticsKeys.disconnections(unitId, period),
    queryFn: ({ signal }) =>
      getRanged(
        `${base(unitId)}/disconnections`,
        periodRange(period, rangeEnd(Date.now())),
        DisconnectionsResponseSchema,
        signal,
      ),
    staleTime: STALE.MINUTES.FIVE,
    meta: RESULTS_META,
  })
}

/** GET /{unitId}/skipped_tests over a dashboard period. */
export function skippedTestsQueryOptions(unitId: number, period: Period) {
  return queryOptions({
    queryKey: unitAnalyticsKeys.skippedTests(unitId, period),
    queryFn: ({ signal }) =>
      getRanged(
        `${base(unitId)}/skipped_tests`,
        periodRange(period, rangeEnd(Date.now())),
        SkippedTestsResponseSchema,
        signal,
      ),
    staleTime: STALE.MINUTES.FIVE,
    meta: RESULTS_META,
  })
}

/** GET /{unitId}/data_usage over a dashboard period: bytes used by tests. */
export function dataUsageQueryOptions(unitId: number, period: Period) {
  return queryOptions({
    queryKey: unitAnalyticsKeys.dataUsage(unitId, period),
    queryFn: ({ signal }) =>
      getRanged(
        `${base(unitId)}/data_usage`,
        periodRange(period, rangeEnd(Date.now())),
        DataUsageResponseSchema,
        signal,
      ),
    staleTime: STALE.MINUTES.FIVE,
    meta: RESULTS_META,
  })
}

/** GET /{unitId}/disconnection_in_progress: part of the offline state, so kept fresh. */
export function disconnectionInProgressQueryOptions(unitId: number) {
  return queryOptions({
    queryKey: unitAnalyticsKeys.disconnectionInProgress(unitId),
    queryFn: async ({ signal }) =>
      (
        await request('unit-analytics', `${base(unitId)}/disconnection_in_progress`, {
          schema: DisconnectionInProgressResponseSchema,
          signal,
        })
      ).data,
    staleTime: STALE.MINUTES.ONE,
    meta: RESULTS_META,
  })
}

/** GET /{unitId}/anomalies_in_progress: area outages touching the unit's MAC domain. */
export function anomaliesInProgressQueryOptions(unitId: number) {
  return queryOptions({
    queryKey: unitAnalyticsKeys.anomaliesInProgress(unitId),
    queryFn: async ({ signal }) =>
      (
        await request('unit-analytics', `${base(unitId)}/anomalies_in_progress`, {
          schema: AnomaliesInProgressResponseSchema,
          signal,
        })
      ).data,
    staleTime: STALE.MINUTES.FIVE,
    meta: RESULTS_META,
  })
}

/** GET /{unitId}/metrics: the metrics the unit reports (the picker's list). */
export function unitMetricsQueryOptions(unitId: number) {
  return queryOptions({
    queryKey: unitAnalyticsKeys.metrics(unitId),
    queryFn: async ({ signal }) =>
      (
        await request('unit-analytics', `${base(unitId)}/metrics`, {
          schema: UnitMetricsResponseSchema,
          signal,
        })
      ).data,
    staleTime: STALE.HOURS.ONE,
    meta: RESULTS_META,
  })
}

/** GET /{unitId}/test_results/{testId}: every metric of one run (the test result page). */
export function testRunQueryOptions(unitId: number, testId: string) {
  return queryOptions({
    queryKey: unitAnalyticsKeys.testRun(unitId, testId),
    queryFn: async ({ signal }) =>
      (
        await request(
          'unit-analytics',
          `${base(unitId)}/test_results/${encodeURIComponent(testId)}`,
          { schema: TestRunResponseSchema, signal },
        )
      ).data,
    // A finished run does not change.
    staleTime: STALE.INFINITY,
    meta: RESULTS_META,
  })
}
