import { queryOptions } from '@tanstack/react-query'
import {
  DashboardListResponseSchema,
  DashboardResponseSchema,
  type Dashboard,
  type DashboardCreateInput,
  type DashboardSummary,
  type DashboardType,
  type DashboardUpdateInput,
} from '#contracts/dashboards.ts'
import type { PersistMeta } from '../offline/persistence'
import { request, requestText, requestWithResponse } from './http'

// Dashboards are what the analyst reopens with no signal, beside their saved charts.
const DASHBOARDS_META = { persist: 'results' } satisfies PersistMeta

export const dashboardKeys = {
  all: ['dashboards'] as const,
  lists: () => [...dashboardKeys.all, 'list'] as const,
  list: (ownerId: number, type: DashboardType) =>
    [...dashboardKeys.lists(), ownerId, type] as const,
  detail: (id: number) => [...dashboardKeys.all, 'detail', id] as const,
}

/** GET /owners/{ownerId}/dashboards (seeds 001 §7.1): the owner's dashboards the caller sees. */
export async function listDashboards(
  ownerId: number,
  type: DashboardType,
  signal?: AbortSignal,
): Promise<DashboardSummary[]> {
  return (
    await request('analytics', `/owners/${ownerId}/dashboards`, {
      schema: DashboardListResponseSchema,
      query: { type },
      signal,
    })
  ).data
}

export const dashboardListQuery = (ownerId: number, type: DashboardType = 'warboard') =>
  queryOptions({
    queryKey: dashboardKeys.list(ownerId, type),
    queryFn: ({ signal }) => listDashboards(ownerId, type, signal),
    meta: DASHBOARDS_META,
  })

/** GET /dashboards/{id}: the dashboard with each graph's preset (or why it cannot be shown). */
export async function getDashboard(id: number, signal?: AbortSignal): Promise<Dashboard> {
  return (
    await request('analytics', `/dashboards/${id}`, { schema: DashboardResponseSchema, signal })
  ).data
}

export const dashboardQuery = (id: number) =>
  queryOptions({
    queryKey: dashboardKeys.detail(id),
    queryFn: ({ signal }) => getDashboard(id, signal),
    meta: DASHBOARDS_META,
  })

/** POST /dashboards; the answer is the new dashboard (its Location names the same id). */
export async function createDashboard(input: DashboardCreateInput): Promise<Dashboard> {
  const { data } = await requestWithResponse('analytics', '/dashboards', {
    method: 'POST',
    body: input,
    schema: DashboardResponseSchema,
  })
  return data.data
}

/**
 * PUT /dashboards/{id} with the dashboard as body; `version` is the precondition. A dashboard
 * changed meanwhile answers 412 PRECONDITION_FAILED with the current one in `data.dashboard`.
 */
export async function updateDashboard(id: number, input: DashboardUpdateInput): Promise<Dashboard> {
  return (
    await request('analytics', `/dashboards/${id}`, {
      method: 'PUT',
      body: input,
      schema: DashboardResponseSchema,
    })
  ).data
}

/** DELETE /dashboards/{id} (its answer's body is not read). */
export async function deleteDashboard(id: number): Promise<void> {
  await requestText('analytics', `/dashboards/${id}`, { method: 'DELETE' })
}
