import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { InstantTestApiUsagePageSchema } from '#contracts/admin.ts'
import { adminKeys } from './admin.api'
import { request } from './http'

/**
 * The Instant Test API's usage per token and month (seeds 001 §2.6 instant-test-api-usage;
 * instant_test_api_manage): search by token name, sort, 50 a page.
 */
export type ApiUsageQuery = { search: string; sort: string; page: number }

export const apiUsageKeys = {
  all: (pid: number) => [...adminKeys.panel(pid), 'instant-test-api-usage'] as const,
  list: (pid: number, query: ApiUsageQuery) => [...apiUsageKeys.all(pid), query] as const,
}

export const apiUsageQuery = (pid: number, query: ApiUsageQuery) =>
  queryOptions({
    queryKey: apiUsageKeys.list(pid, query),
    queryFn: ({ signal }) =>
      request('admin', `/panels/${String(pid)}/instant-test-api-usage`, {
        schema: InstantTestApiUsagePageSchema,
        query: {
          search: query.search === '' ? undefined : query.search,
          sorts: query.sort,
          page: query.page,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
