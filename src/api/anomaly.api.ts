import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query'
import {
  AnomalyCollectionListSchema,
  AnomalyCollectionResponseSchema,
  AnomalyResponseSchema,
  DEFAULT_ANOMALY_SORT,
  INBOX_TABS,
  type Anomaly,
  type AnomalyCollection,
  type AnomalyCollectionList,
  type InboxTab,
} from '#contracts/anomalies.ts'
import { PAGE_SIZES } from '#contracts/pagination.ts'
import type { PersistMeta } from '../offline/persistence'
import { request } from './http'
import { STALE } from './query-client'

// The inbox is what an engineer reopens in a basement: kept on the device as long as results.
const ANOMALY_META = { persist: 'results' } satisfies PersistMeta

/** What one inbox list shows (seeds 001 §4 anomaly list): a panel's tab, searched. */
export type InboxListParams = { panelId: number; tab: InboxTab; search: string }

export const anomalyKeys = {
  all: ['anomaly'] as const,
  lists: () => [...anomalyKeys.all, 'collections'] as const,
  list: ({ panelId, tab, search }: InboxListParams) =>
    [...anomalyKeys.lists(), panelId, tab, search] as const,
  collection: (id: number) => [...anomalyKeys.all, 'collection', id] as const,
  anomaly: (collectionId: number, anomalyId: number) =>
    [...anomalyKeys.all, 'anomaly', collectionId, anomalyId] as const,
}

/**
 * GET /panels/{pid}/collections (seeds 001 §7.2, §9): one page of 20 of a tab's collections,
 * newest first; the active tab asks for `state[]=new&state[]=ongoing`, the closed one for
 * `state[]=closed` (the server keeps the last 30 days).
 */
export async function listCollections(
  params: InboxListParams,
  page: number,
  signal?: AbortSignal,
): Promise<AnomalyCollectionList> {
  const search = params.search.trim()
  return request('anomaly', `/panels/${params.panelId}/collections`, {
    schema: AnomalyCollectionListSchema,
    query: {
      'state[]': INBOX_TABS[params.tab],
      search: search === '' ? undefined : search,
      per_page: PAGE_SIZES.anomalies,
      page,
      sorts: DEFAULT_ANOMALY_SORT,
    },
    signal,
  })
}

/** The pages of one inbox list loaded so far. */
export type InboxPages = InfiniteData<AnomalyCollectionList>

/**
 * One inbox list as pages appended by "load more" (seeds 001 §4): its own key per panel, tab and
 * search, so each change starts from page 1. A request the query cancels (the list left while it
 * loads) is dropped by the query and never shows as a failure.
 */
export function inboxQueryOptions(params: InboxListParams) {
  return infiniteQueryOptions({
    queryKey: anomalyKeys.list(params),
    queryFn: ({ pageParam, signal }) => listCollections(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: ({ meta: { pagination } }): number | undefined =>
      pagination.current_page < pagination.total_pages ? pagination.current_page + 1 : undefined,
    staleTime: STALE.MINUTES.FIVE,
    meta: ANOMALY_META,
  })
}

/**
 * Keeps only the first page of a list left for another tab, search or panel (seeds 001 §4: each
 * change starts again at page 1): back on it, one page is shown and asked for again. A page still
 * loading is cancelled first (its state put back, as if never asked for), then the rest dropped;
 * the list's age stays the age of what it holds.
 */
export async function keepFirstPage(
  queryClient: QueryClient,
  params: InboxListParams,
): Promise<void> {
  const key = anomalyKeys.list(params)
  await queryClient.cancelQueries({ queryKey: key, exact: true })
  const state = queryClient.getQueryState<InboxPages>(key)
  const data = state?.data
  if (!state || !data || data.pages.length <= 1) return
  queryClient.setQueryData<InboxPages>(
    key,
    { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
    { updatedAt: state.dataUpdatedAt },
  )
}

/** GET /collections/{id}: one collection with its anomalies (404 ANOMALY_NOT_FOUND). */
export async function getCollection(id: number, signal?: AbortSignal): Promise<AnomalyCollection> {
  return (
    await request('anomaly', `/collections/${id}`, {
      schema: AnomalyCollectionResponseSchema,
      signal,
    })
  ).data
}

export const collectionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: anomalyKeys.collection(id),
    queryFn: ({ signal }) => getCollection(id, signal),
    staleTime: STALE.MINUTES.FIVE,
    meta: ANOMALY_META,
  })

/**
 * The collection as an inbox list on the device holds it, with when that list was fetched: what a
 * collection opened from the inbox shows at once (offline too) until its own answer comes.
 */
export function collectionFromInbox(
  queryClient: QueryClient,
  id: number,
): { data: AnomalyCollection; updatedAt: number } | undefined {
  let found: { data: AnomalyCollection; updatedAt: number } | undefined
  for (const query of queryClient.getQueryCache().findAll({ queryKey: anomalyKeys.lists() })) {
    const pages = query.state.data as InboxPages | undefined
    const collection = pages?.pages.flatMap((page) => page.data).find((item) => item.id === id)
    if (collection && (!found || query.state.dataUpdatedAt > found.updatedAt)) {
      found = { data: collection, updatedAt: query.state.dataUpdatedAt }
    }
  }
  return found
}

/** GET /collections/{id}/anomalies/{anomalyId}?include=trend: one anomaly with its daily trend. */
export async function getAnomalyWithTrend(
  collectionId: number,
  anomalyId: number,
  signal?: AbortSignal,
): Promise<Anomaly> {
  return (
    await request('anomaly', `/collections/${collectionId}/anomalies/${anomalyId}`, {
      schema: AnomalyResponseSchema,
      query: { include: 'trend' },
      signal,
    })
  ).data
}

export const anomalyTrendQueryOptions = (collectionId: number, anomalyId: number) =>
  queryOptions({
    queryKey: anomalyKeys.anomaly(collectionId, anomalyId),
    queryFn: ({ signal }) => getAnomalyWithTrend(collectionId, anomalyId, signal),
    staleTime: STALE.MINUTES.FIVE,
    meta: ANOMALY_META,
  })
