import { queryOptions } from '@tanstack/react-query'
import {
  AccessibleUnitResponseSchema,
  UNIT_INCLUDES,
  type AccessibleUnit,
} from '#contracts/units.ts'
import {
  AGENTS_PER_PAGE,
  AgentPageSchema,
  UNIT_DETAIL_INCLUDES,
  UnitDetailResponseSchema,
  UnitSearchResponseSchema,
  type AgentPage,
  type AgentSort,
  type UnitDetail,
  type UnitSearchResponse,
} from '#contracts/unit-search.ts'
import type { PersistMeta } from '../offline/persistence'
import { request } from './http'
import { STALE } from './query-client'

/** Query keys of the accounts service's unit calls. */
export const unitKeys = {
  all: ['units'] as const,
  accessible: (sub: string, unitId: number) =>
    [...unitKeys.all, 'accessible', sub, unitId] as const,
}

/** GET zeus users/{sub}/accessible-units/{unitId} with every include of seeds 7.2. */
export async function getAccessibleUnit(
  sub: string,
  unitId: number,
  signal?: AbortSignal,
): Promise<AccessibleUnit> {
  return (
    await request('zeus', `/users/${encodeURIComponent(sub)}/accessible-units/${unitId}`, {
      schema: AccessibleUnitResponseSchema,
      query: { include: UNIT_INCLUDES.join(',') },
      signal,
    })
  ).data
}

/** The signed-in user's unit, kept on the device (persist 'unit') for the offline dashboard. */
export function accessibleUnitQueryOptions(sub: string, unitId: number) {
  return queryOptions({
    queryKey: unitKeys.accessible(sub, unitId),
    queryFn: ({ signal }) => getAccessibleUnit(sub, unitId, signal),
    staleTime: STALE.MINUTES.ONE,
    meta: { persist: 'unit' } satisfies PersistMeta,
  })
}

/**
 * Where constant care searches: the selected panel, or 'all' panels for global access (a staff
 * account works in no panel; seeds 001 §2.4 global access skips the panel reset).
 */
export type PanelScope = number | 'all'

/** Query keys of constant care (seeds 001 §2.4): search, a panel's agents, one unit. */
export const constantCareKeys = {
  all: [...unitKeys.all, 'constant-care'] as const,
  search: (panelId: PanelScope, term: string) =>
    [...constantCareKeys.all, 'search', panelId, term] as const,
  agents: (panelId: PanelScope, filter: AgentFilter, sort: AgentSort) =>
    [...constantCareKeys.all, 'agents', panelId, filter, sort] as const,
  /** Every unit detail query: the offline search and the recent units read them back. */
  details: () => [...constantCareKeys.all, 'detail'] as const,
  detail: (unitId: number) => [...constantCareKeys.details(), unitId] as const,
}

/** GET zeus search/units: the units of the panel matching one term (id, email, MAC or serial). */
export async function searchUnits(
  panelId: PanelScope,
  searchTerm: string,
  signal?: AbortSignal,
): Promise<UnitSearchResponse> {
  return request('zeus', '/search/units', {
    schema: UnitSearchResponseSchema,
    query: panelId === 'all' ? { searchTerm } : { panelId, searchTerm },
    signal,
  })
}

/** The agents table's filters (seeds 001 §7.3: optional id, email, MAC; the label's serial). */
export type AgentFilter = { id?: string; email?: string; mac?: string; serial?: string }

/** GET zeus panels/{panelId}/agents (all panels: agents): one page of 50 with lmap_config. */
export async function getAgentsPage(
  panelId: PanelScope,
  options: { page: number; perPage?: number; sort: AgentSort; filter: AgentFilter },
  signal?: AbortSignal,
): Promise<AgentPage> {
  const { page, perPage = AGENTS_PER_PAGE, sort, filter } = options
  return request('zeus', panelId === 'all' ? '/agents' : `/panels/${String(panelId)}/agents`, {
    schema: AgentPageSchema,
    query: { page, per_page: perPage, sorts: sort, include: 'lmap_config', ...filter },
    signal,
  })
}

/** GET zeus units/{id} with every include of seeds 001 §7.3. */
export async function getUnitDetail(unitId: number, signal?: AbortSignal): Promise<UnitDetail> {
  return (
    await request('zeus', `/units/${unitId}`, {
      schema: UnitDetailResponseSchema,
      query: { include: UNIT_DETAIL_INCLUDES.join(',') },
      signal,
    })
  ).data
}

/**
 * One unit for the unit pages, kept on the device for 30 days (persist 'unit'): a unit an
 * engineer opened once opens again in a basement, and the offline search reads it back.
 */
export function unitDetailQueryOptions(unitId: number) {
  return queryOptions({
    queryKey: constantCareKeys.detail(unitId),
    queryFn: ({ signal }) => getUnitDetail(unitId, signal),
    staleTime: STALE.SECONDS.THIRTY,
    meta: { persist: 'unit' } satisfies PersistMeta,
  })
}
