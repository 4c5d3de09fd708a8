import type { UseQueryResult } from '@tanstack/react-query'

type DataOf<T extends readonly UseQueryResult[]> = {
  [K in keyof T]: T[K] extends UseQueryResult<infer D> ? D : never
}

/**
 * Several queries seen as one by QueryStatus (a page that needs all of them): data once every one
 * has some, offline when one is paused without data, failed when one failed, as old as the oldest,
 * and Retry refetches them all. QueryStatus reads data, status, fetchStatus, error, dataUpdatedAt
 * and refetch; the other fields are the first query's.
 */
export function combineQueries<const T extends readonly [UseQueryResult, ...UseQueryResult[]]>(
  ...queries: T
): UseQueryResult<DataOf<T>> {
  const first = queries[0]
  const complete = queries.every((q) => q.data !== undefined)
  const failed = queries.find((q) => q.status === 'error')
  const combined = {
    ...first,
    data: complete ? queries.map((q) => q.data) : undefined,
    error: failed?.error ?? null,
    status: failed ? 'error' : complete ? 'success' : 'pending',
    fetchStatus: queries.some((q) => q.data === undefined && q.fetchStatus === 'paused')
      ? 'paused'
      : queries.some((q) => q.fetchStatus === 'fetching')
        ? 'fetching'
        : 'idle',
    dataUpdatedAt: Math.min(...queries.map((q) => q.dataUpdatedAt)),
    refetch: () => Promise.all(queries.map((q) => q.refetch())).then(([result]) => result),
  }
  return combined as unknown as UseQueryResult<DataOf<T>>
}
