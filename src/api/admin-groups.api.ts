import * as v from 'valibot'
import { SubscriptionGroupSchema, type SubscriptionGroup } from '#contracts/admin.ts'
import { request } from './http'

/**
 * A user's membership of a data subscription's group (seeds 001 §3, §6; issue 25), from the
 * user's page: PUT adds, DELETE removes. Refusals: 403 USER_MIGRATED (an account moved to another
 * platform), 409 SEATS_EXCEEDED (`data.features`), 404 for a group or user that is not the panel's.
 */

const GroupResponseSchema = v.object({ data: SubscriptionGroupSchema })

const memberPath = (pid: number, dataSubId: number, groupId: number, userId: number) =>
  `/panels/${String(pid)}/data-subscriptions/${String(dataSubId)}/groups/${String(groupId)}/users/${String(userId)}`

/** The membership to change: the group, its subscription and the user. */
export type Membership = { dataSubId: number; groupId: number; userId: number }

export async function addGroupMember(pid: number, m: Membership): Promise<SubscriptionGroup> {
  return (
    await request('admin', memberPath(pid, m.dataSubId, m.groupId, m.userId), {
      method: 'PUT',
      schema: GroupResponseSchema,
    })
  ).data
}

export async function removeGroupMember(pid: number, m: Membership): Promise<SubscriptionGroup> {
  return (
    await request('admin', memberPath(pid, m.dataSubId, m.groupId, m.userId), {
      method: 'DELETE',
      schema: GroupResponseSchema,
    })
  ).data
}
