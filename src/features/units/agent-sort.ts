import * as v from 'valibot'
import {
  AgentSortSchema,
  DEFAULT_AGENT_SORT as CONTRACT_DEFAULT_SORT,
  type AgentSort,
} from '#contracts/unit-search.ts'
import type { DataTableSort } from '../../ui/DataTable'
import { parseIdentifier } from '#contracts/identifier.ts'
import type { AgentFilter } from '../../api/units.api'
import { sortTermOf } from '../../lib/table-sort'

/** A sortable column of the agents table. */
export type AgentSortField = Exclude<AgentSort, `-${string}`>

/** The list's order when no column is chosen: by agent id, ascending. */
export const DEFAULT_AGENT_SORT: AgentSort = CONTRACT_DEFAULT_SORT

/**
 * The `sorts` value of the data table's order. Seeds 001 §9 cycle none → ascending → descending
 * → none: "none" is the default order, so after the id column's descending comes its ascending.
 * A column the agents list cannot sort by reads as the default too.
 */
export function sortOfTable(sort: DataTableSort | null): AgentSort {
  const text = sortTermOf(sort, DEFAULT_AGENT_SORT)
  return v.is(AgentSortSchema, text) ? text : DEFAULT_AGENT_SORT
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
