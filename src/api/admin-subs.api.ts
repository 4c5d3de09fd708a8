import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  AdminCodes,
  DataSubscriptionPageSchema,
  DataSubscriptionSchema,
  DataSubscriptionUserPageSchema,
  SubscriptionGroupPageSchema,
  SubscriptionGroupSchema,
  type DataSubscription,
  type DataSubscriptionFeature,
  type SubscriptionGroup,
} from '#contracts/admin.ts'
import { adminKeys } from './admin.api'
import { ApiError, request } from './http'

/**
 * The admin data subscriptions (seeds 001 §2.6, §3, §7.3; issue 25) on
 * /api/admin/panels/{pid}/data-subscriptions: a subscription's feature subscriptions, its groups
 * (create, rename, feature access) and its users (admin_users_manage).
 */

/** A list's search, order (a leading minus for descending) and page. */
export type DataSubListQuery = { search: string; sort: string; page: number }

export const dataSubKeys = {
  all: (pid: number) => [...adminKeys.panel(pid), 'data-subs'] as const,
  list: (pid: number, query: DataSubListQuery) => [...dataSubKeys.all(pid), 'list', query] as const,
  one: (pid: number, id: number) => [...dataSubKeys.all(pid), 'detail', id] as const,
  groups: (pid: number, id: number) => [...dataSubKeys.one(pid, id), 'groups'] as const,
  groupList: (pid: number, id: number, query: DataSubListQuery) =>
    [...dataSubKeys.groups(pid, id), query] as const,
  users: (pid: number, id: number, query: DataSubListQuery) =>
    [...dataSubKeys.one(pid, id), 'users', query] as const,
}

const subPath = (pid: number, rest = '') => `/panels/${String(pid)}/data-subscriptions${rest}`
const listParams = (query: DataSubListQuery) => ({
  search: query.search === '' ? undefined : query.search,
  sorts: query.sort,
  page: query.page,
})

const OneSchema = v.object({ data: DataSubscriptionSchema })
const GroupResponseSchema = v.object({ data: SubscriptionGroupSchema })

export const dataSubListQuery = (pid: number, query: DataSubListQuery) =>
  queryOptions({
    queryKey: dataSubKeys.list(pid, query),
    queryFn: ({ signal }) =>
      request('admin', subPath(pid), {
        schema: DataSubscriptionPageSchema,
        query: listParams(query),
        signal,
      }),
    placeholderData: keepPreviousData,
  })

/** One subscription with its feature subscriptions (seats and seats used). */
export const dataSubQuery = (pid: number, id: number) =>
  queryOptions({
    queryKey: dataSubKeys.one(pid, id),
    queryFn: async ({ signal }): Promise<DataSubscription> =>
      (await request('admin', subPath(pid, `/${String(id)}`), { schema: OneSchema, signal })).data,
  })

export const subGroupsQuery = (pid: number, id: number, query: DataSubListQuery) =>
  queryOptions({
    queryKey: dataSubKeys.groupList(pid, id, query),
    queryFn: ({ signal }) =>
      request('admin', subPath(pid, `/${String(id)}/groups`), {
        schema: SubscriptionGroupPageSchema,
        query: listParams(query),
        signal,
      }),
    placeholderData: keepPreviousData,
  })

/** 25 users a page (seeds 001 §9), each with the subscription's groups they are in. */
export const subUsersQuery = (pid: number, id: number, query: DataSubListQuery) =>
  queryOptions({
    queryKey: dataSubKeys.users(pid, id, query),
    queryFn: ({ signal }) =>
      request('admin', subPath(pid, `/${String(id)}/users`), {
        schema: DataSubscriptionUserPageSchema,
        query: { ...listParams(query), include: 'groups,account_settings' },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export type GroupInput = { name: string; features: DataSubscriptionFeature[] }

/**
 * POST (create) or PUT (rename and set the feature access of) a group. A refusal is 400 with
 * field codes (name MISSING/EXISTS, features.N NOT_FOUND) or 409 SEATS_EXCEEDED.
 */
export async function saveGroup(
  pid: number,
  id: number,
  groupId: number | null,
  input: GroupInput,
): Promise<SubscriptionGroup> {
  const path = subPath(pid, `/${String(id)}/groups${groupId === null ? '' : `/${String(groupId)}`}`)
  return (
    await request('admin', path, {
      method: groupId === null ? 'POST' : 'PUT',
      body: input,
      schema: GroupResponseSchema,
    })
  ).data
}

/** Whether the server refused because the caller's account moved to another platform. */
export function isUserMigrated(error: unknown): boolean {
  return error instanceof ApiError && error.code === AdminCodes.USER_MIGRATED
}

const SeatsSchema = v.object({ features: v.array(v.string()) })

/** The features a refused group change would have overfilled (409 SEATS_EXCEEDED), else null. */
export function seatsExceededOf(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.code !== AdminCodes.SEATS_EXCEEDED) return null
  const parsed = v.safeParse(SeatsSchema, error.data)
  return parsed.success ? parsed.output.features : []
}
