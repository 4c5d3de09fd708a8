import { queryOptions } from '@tanstack/react-query'
import {
  AdminUnitPackagesResponseSchema,
  AdminUnitResponseSchema,
  type AdminUnit,
} from '#contracts/admin-unit.ts'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'
import { ScheduledTestsDailyResponseSchema } from '#contracts/unit-analytics.ts'
import { request } from './http'
import { STALE } from './query-client'

/**
 * The admin unit page's calls (seeds 001 §2.6 /admin/unit/{unitId}, §7.3, §8; issue 25): the unit
 * and its package update under /api/admin/panels/{pid}/units/{id}, and the scheduled tests of one
 * of its days from the unit analytics service (seeds 001 §7.1 scheduled_tests_daily).
 */

export const adminUnitKeys = {
  all: ['admin-unit'] as const,
  unit: (pid: number, id: number) => [...adminUnitKeys.all, pid, id] as const,
  packages: (pid: number, id: number) => [...adminUnitKeys.unit(pid, id), 'packages'] as const,
  scheduledDaily: (unitId: number, date: string, metric: ConsumerMetricKey) =>
    [...adminUnitKeys.all, 'scheduled-daily', unitId, date, metric] as const,
}

const unitPath = (pid: number, id: number, rest = '') =>
  `/panels/${String(pid)}/units/${String(id)}${rest}`

/** GET …/units/{id}: the unit with every §7.3 include (agents_view). */
export const adminUnitQuery = (pid: number, id: number) =>
  queryOptions({
    queryKey: adminUnitKeys.unit(pid, id),
    queryFn: async ({ signal }) =>
      (await request('admin', unitPath(pid, id), { schema: AdminUnitResponseSchema, signal })).data,
    staleTime: STALE.MINUTES.ONE,
  })

/** GET …/units/{id}/packages: the unit's ISP's packages (agents_manage). */
export const adminUnitPackagesQuery = (pid: number, id: number) =>
  queryOptions({
    queryKey: adminUnitKeys.packages(pid, id),
    queryFn: async ({ signal }) =>
      (
        await request('admin', unitPath(pid, id, '/packages'), {
          schema: AdminUnitPackagesResponseSchema,
          signal,
        })
      ).data,
    staleTime: STALE.MINUTES.FIVE,
  })

/** PUT …/units/{id}/package (agents_manage); the answer is the unit as it is now. */
export async function putAdminUnitPackage(
  pid: number,
  id: number,
  packageId: number,
): Promise<AdminUnit> {
  return (
    await request('admin', unitPath(pid, id, '/package'), {
      method: 'PUT',
      body: { package_id: packageId },
      schema: AdminUnitResponseSchema,
    })
  ).data
}

/** GET /{unitId}/scheduled_tests_daily: one local day's scheduled, run and skipped tests. */
export const scheduledTestsDailyQuery = (unitId: number, date: string, metric: ConsumerMetricKey) =>
  queryOptions({
    queryKey: adminUnitKeys.scheduledDaily(unitId, date, metric),
    queryFn: async ({ signal }) =>
      (
        await request('unit-analytics', `/${String(unitId)}/scheduled_tests_daily`, {
          schema: ScheduledTestsDailyResponseSchema,
          query: { date, metric, localTargetSetResultsOnly: 'false' },
          signal,
        })
      ).data,
    staleTime: STALE.MINUTES.FIVE,
  })
