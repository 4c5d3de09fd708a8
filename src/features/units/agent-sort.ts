import type { AgentSort } from '#contracts/unit-search.ts'
import { parseIdentifier } from '../../lib/identifier'
import type { AgentFilter } from '../../api/units.api'

/** A sortable column of the agents table. */
export type AgentSortField = Exclude<AgentSort, `-${string}`>

/** The list's order when no column is chosen: by agent id, ascending. */
export const DEFAULT_AGENT_SORT: AgentSort = 'id'

/** aria-sort of a column header under `sort` (a leading minus sorts descending). */
export function sortDirection(
  sort: AgentSort,
  field: AgentSortField,
): 'ascending' | 'descending' | 'none' {
  if (sort === field) return 'ascending'
  if (sort === `-${field}`) return 'descending'
  return 'none'
}

/**
 * Seeds 001 §9 sort cycle of a clicked header: none → ascending → descending → none (the default
 * order). The default column itself toggles between its two directions.
 */
export function nextSort(sort: AgentSort, field: AgentSortField): AgentSort {
  switch (sortDirection(sort, field)) {
    case 'none':
      return field
    case 'ascending':
      return `-${field}`
    case 'descending':
      return field === DEFAULT_AGENT_SORT ? field : DEFAULT_AGENT_SORT
  }
}

/**
 * The agents filter for a search term, read like search/units reads it (seeds 001 §5): an id, an
 * owner's email, a MAC, or else a serial. A blank term lists every unit of the panel.
 */
export function agentFilter(term: string): AgentFilter {
  if (term.trim() === '') return {}
  const { kind, value } = parseIdentifier(term, { trim: true })
  switch (kind) {
    case 'id':
      return { id: value }
    case 'email':
      return { email: value }
    case 'mac':
      return { mac: value }
    case 'unclassified':
      return { serial: value }
  }
}
