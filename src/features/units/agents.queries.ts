import { infiniteQueryOptions } from '@tanstack/react-query'
import type { AgentRow, AgentSort } from '#contracts/unit-search.ts'
import type { Pagination } from '#contracts/pagination.ts'
import {
  constantCareKeys,
  getAgentsPage,
  type AgentFilter,
  type PanelScope,
} from '../../api/units.api'
import { STALE } from '../../api/query-client'
import type { PersistMeta } from '../../offline/persistence'

/** Pages `first` to `first + count - 1`, loaded together (a re-sort reloads what was shown). */
export type AgentPagesParam = { first: number; count: number }

/** Some consecutive pages of the agents list, as one chunk of the infinite query. */
export type AgentChunk = { rows: AgentRow[]; pagination: Pagination }

/**
 * Pages of 50 appended (seeds 001 §4 unit search). The first chunk is `initialPages` pages at
 * once, requested in parallel: after a re-sort the list reloads the count already shown from page
 * 1. Not kept offline (persist false): offline the search reads the units opened on the device.
 */
export function agentPagesQueryOptions(
  panelId: PanelScope,
  filter: AgentFilter,
  sort: AgentSort,
  initialPages: number,
) {
  return infiniteQueryOptions({
    queryKey: constantCareKeys.agents(panelId, filter, sort),
    queryFn: async ({ pageParam, signal }): Promise<AgentChunk> => {
      const pages = await Promise.all(
        Array.from({ length: pageParam.count }, (_, i) =>
          getAgentsPage(panelId, { page: pageParam.first + i, sort, filter }, signal),
        ),
      )
      const last = pages.at(-1)
      if (!last) throw new Error('no page requested')
      return { rows: pages.flatMap((page) => page.data), pagination: last.meta.pagination }
    },
    initialPageParam: { first: 1, count: Math.max(1, initialPages) },
    getNextPageParam: ({ pagination }): AgentPagesParam | undefined =>
      pagination.current_page < pagination.total_pages
        ? { first: pagination.current_page + 1, count: 1 }
        : undefined,
    staleTime: STALE.SECONDS.THIRTY,
    meta: { persist: false } satisfies PersistMeta,
  })
}

/** Rows, total and pages shown of the loaded chunks. */
export function summarizeChunks(chunks: readonly AgentChunk[]): {
  rows: AgentRow[]
  total: number
  pages: number
} {
  const last = chunks.at(-1)
  return {
    rows: chunks.flatMap((chunk) => chunk.rows),
    total: last?.pagination.total ?? 0,
    pages: last ? Math.min(last.pagination.current_page, last.pagination.total_pages) : 0,
  }
}
