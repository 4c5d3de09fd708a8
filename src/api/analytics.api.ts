import { queryOptions } from '@tanstack/react-query'
import {
  AnalyticsMetadataSchema,
  ChartDataResponseSchema,
  type AnalyticsMetadata,
  type ChartData,
  type ChartFormInput,
} from '#contracts/analytics.ts'
import type { PersistMeta } from '../offline/persistence'
import { request } from './http'
import { STALE } from './query-client'

// A preset's chart reopens offline with its last data (issue 23 §5): kept as results are.
const RESULTS_META = { persist: 'results' } satisfies PersistMeta

export const analyticsKeys = {
  all: ['analytics'] as const,
  panel: (pid: number) => [...analyticsKeys.all, pid] as const,
  metadata: (pid: number) => [...analyticsKeys.panel(pid), 'metadata'] as const,
  /** One metric's chart data for one form (the form is the key: the same form is found again). */
  chartData: (pid: number, form: ChartFormInput) =>
    [...analyticsKeys.panel(pid), 'chart-data', form] as const,
}

/** GET /panel/{pid}/analytics: the panel's metrics, filterables and splittables. */
export async function getAnalyticsMetadata(
  pid: number,
  signal?: AbortSignal,
): Promise<AnalyticsMetadata> {
  return (
    await request('analytics', `/panel/${pid}/analytics`, {
      schema: AnalyticsMetadataSchema,
      signal,
    })
  ).data
}

export const analyticsMetadataQuery = (pid: number) =>
  queryOptions({
    queryKey: analyticsKeys.metadata(pid),
    queryFn: ({ signal }) => getAnalyticsMetadata(pid, signal),
    staleTime: STALE.MINUTES.FIVE,
    meta: RESULTS_META,
  })

/**
 * POST /panel/{pid}/chart-data for a form of ONE metric (seeds 001 §4 multiple-metric loading:
 * one request per metric). The signal cancels it when the form changes.
 */
export async function postChartData(
  pid: number,
  form: ChartFormInput,
  signal?: AbortSignal,
): Promise<ChartData> {
  return (
    await request('analytics', `/panel/${pid}/chart-data`, {
      method: 'POST',
      body: form,
      schema: ChartDataResponseSchema,
      signal,
    })
  ).data
}

export const chartDataQuery = (pid: number, form: ChartFormInput) =>
  queryOptions({
    queryKey: analyticsKeys.chartData(pid, form),
    queryFn: ({ signal }) => postChartData(pid, form, signal),
    staleTime: STALE.MINUTES.FIVE,
    // A refusal (too much data, an invalid filter) is not retried: the form must change.
    retry: false,
    meta: RESULTS_META,
  })
