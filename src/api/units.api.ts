import { queryOptions } from '@tanstack/react-query'
import {
  AccessibleUnitResponseSchema,
  UNIT_INCLUDES,
  type AccessibleUnit,
} from '#contracts/units.ts'
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
