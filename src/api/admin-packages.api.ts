import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  AdminPackagePageSchema,
  AdminPackageSchema,
  type AdminPackage,
  type AdminPackageCreate,
} from '#contracts/admin.ts'
import { adminKeys } from './admin.api'
import { request } from './http'

/**
 * The admin packages section (seeds 001 §3 package, §7.3; issue 25): the panel's ISPs and each
 * ISP's packages on the accounts service, /api/zeus/panels/{pid}/isps/{ispId}/packages
 * (manage_products).
 */

export type PanelIsp = { id: number; name: string }
export type AdminPackageQuery = { search: string; sort: string; page: number }
export type PackageInput = Required<AdminPackageCreate>

export const packageKeys = {
  isps: (pid: number) => [...adminKeys.panel(pid), 'isps'] as const,
  packages: (pid: number, ispId: number) =>
    [...adminKeys.panel(pid), 'isps', ispId, 'packages'] as const,
  list: (pid: number, ispId: number, query: AdminPackageQuery) =>
    [...packageKeys.packages(pid, ispId), query] as const,
}

const IspListSchema = v.object({
  data: v.array(v.object({ id: v.number(), name: v.string() })),
})
const PackageResponseSchema = v.object({ data: AdminPackageSchema })

const ispPath = (pid: number, ispId: number, rest = '') =>
  `/panels/${String(pid)}/isps/${String(ispId)}/packages${rest}`

/** GET …/panels/{pid}/isps: the ISPs the panel's units are on. */
export const panelIspsQuery = (pid: number) =>
  queryOptions({
    queryKey: packageKeys.isps(pid),
    queryFn: async ({ signal }): Promise<PanelIsp[]> =>
      (await request('zeus', `/panels/${String(pid)}/isps`, { schema: IspListSchema, signal }))
        .data,
  })

/** One page (250, seeds 001 §9) of an ISP's packages. */
export const packageListQuery = (pid: number, ispId: number, query: AdminPackageQuery) =>
  queryOptions({
    queryKey: packageKeys.list(pid, ispId, query),
    queryFn: ({ signal }) =>
      request('zeus', ispPath(pid, ispId), {
        schema: AdminPackagePageSchema,
        query: {
          search: query.search === '' ? undefined : query.search,
          sorts: query.sort,
          page: query.page,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

/** POST (create) or PUT (edit) a package; 400 names the field (EXISTS on short_name). */
export async function savePackage(
  pid: number,
  ispId: number,
  id: number | null,
  input: PackageInput,
): Promise<AdminPackage> {
  return (
    await request('zeus', ispPath(pid, ispId, id === null ? '' : `/${String(id)}`), {
      method: id === null ? 'POST' : 'PUT',
      body: input,
      schema: PackageResponseSchema,
    })
  ).data
}
