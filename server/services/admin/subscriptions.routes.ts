import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import {
  ADMIN_PERMISSION,
  AdminCodes,
  AdminPanelParamsSchema,
  DATA_SUBSCRIPTION_SORT_FIELDS,
  DATA_SUBSCRIPTION_USER_INCLUDES,
  DATA_SUBSCRIPTION_USER_SORT_FIELDS,
  DATA_SUBSCRIPTION_USERS_PER_PAGE,
  DataSubscriptionParamsSchema,
  DEFAULT_DATA_SUBSCRIPTION_SORT,
  DEFAULT_DATA_SUBSCRIPTION_USER_SORT,
  DEFAULT_SUBSCRIPTION_GROUP_SORT,
  featuresOverSeats,
  groupFeatureErrors,
  SUBSCRIPTION_GROUP_SORT_FIELDS,
  SUBSCRIPTION_GROUPS_PER_PAGE,
  SubscriptionGroupCreateSchema,
  SubscriptionGroupMemberParamsSchema,
  SubscriptionGroupParamsSchema,
  SubscriptionGroupUpdateSchema,
  type DataSubscription,
  type DataSubscriptionUser,
  type SubscriptionGroup,
} from '../../../contracts/admin.ts'
import { SECTION } from '../../../contracts/access.ts'
import { CommonCodes } from '../../../contracts/errors.ts'
import type { Db } from '../../db/client.ts'
import { HttpError, validate, validationFail } from '../../errors.ts'
import { pageOf, pagingEntries, presentPage, sortsEntry, textFilter } from '../../lib/list.ts'
import { declare } from '../../plugins/access.ts'
import { audit } from './agents.repository.ts'
import * as subs from './subscriptions.repository.ts'
import { panelOrganisation } from './users.repository.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const notFound = () => new HttpError(404, CommonCodes.NOT_FOUND)

const SubscriptionsQuerySchema = v.object({
  ...pagingEntries({ perPage: 50, maxPage: 10_000 }),
  sorts: sortsEntry(DATA_SUBSCRIPTION_SORT_FIELDS, { fallback: [DEFAULT_DATA_SUBSCRIPTION_SORT] }),
  search: textFilter(100),
})

const GroupsQuerySchema = v.object({
  ...pagingEntries({ perPage: SUBSCRIPTION_GROUPS_PER_PAGE, maxPage: 10_000 }),
  sorts: sortsEntry(SUBSCRIPTION_GROUP_SORT_FIELDS, {
    fallback: [DEFAULT_SUBSCRIPTION_GROUP_SORT],
  }),
  search: textFilter(100),
})

const SubscriptionUsersQuerySchema = v.object({
  ...pagingEntries({ perPage: DATA_SUBSCRIPTION_USERS_PER_PAGE, maxPage: 100_000 }),
  sorts: sortsEntry(DATA_SUBSCRIPTION_USER_SORT_FIELDS, {
    fallback: [DEFAULT_DATA_SUBSCRIPTION_USER_SORT],
  }),
  search: textFilter(254),
  /** A comma list of DATA_SUBSCRIPTION_USER_INCLUDES (seeds 001 §7.3 include). */
  include: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(100),
      v.transform((value) => value.split(',').filter((part) => part !== '')),
      v.array(v.picklist(DATA_SUBSCRIPTION_USER_INCLUDES)),
    ),
    '',
  ),
})

export function presentDataSubscription(record: subs.DataSubscriptionRecord): DataSubscription {
  return {
    id: record.id,
    name: record.name,
    panel: record.panelId,
    features: record.features.map((f) => ({
      feature: f.feature,
      seats: f.seats,
      seats_used: f.seatsUsed,
    })),
    group_count: record.groupCount,
  }
}

export function presentGroup(record: subs.SubscriptionGroupRecord): SubscriptionGroup {
  return {
    id: record.id,
    name: record.name,
    features: record.features,
    member_count: record.memberCount,
    created_at: new Date(record.createdAt).toISOString(),
  }
}

function presentSubscriptionUser(
  record: subs.SubscriptionUserRecord,
  include: readonly string[],
): DataSubscriptionUser {
  return {
    id: record.id,
    email: record.email,
    first_name: record.firstName,
    last_name: record.lastName,
    ...(include.includes('groups') ? { groups: record.groups } : {}),
    ...(include.includes('account_settings')
      ? {
          account_settings: {
            default_locale: record.defaultLocale,
            enabled: record.enabled,
            organisation: { id: record.organisationId, name: record.organisationName },
          },
        }
      : {}),
  }
}

/**
 * Data subscriptions, their feature subscriptions, groups and users (seeds 001 §2.6, §3, §7.3).
 * Seeds §6 puts them under admin_users_manage on the subscription's panel; a subscription of
 * another panel answers 404 like a missing one. Accounts moved to another platform are refused
 * (403 USER_MIGRATED) and cannot be members. Every change is audit-logged; group changes run in
 * one transaction holding the subscription's lock and are refused (409 SEATS_EXCEEDED) when a
 * feature would get more users than its seats.
 */
export function subscriptionRoutes(app: FastifyInstance): void {
  const access = declare({
    section: SECTION.testMeasurements,
    permission: ADMIN_PERMISSION.adminUsersManage,
    panel: 'param:pid',
  })

  /** The caller, refused when their account moved to another platform (seeds 001 §6). */
  async function caller(request: FastifyRequest): Promise<number> {
    const id = request.user?.userId
    if (id === undefined) throw new HttpError(401, CommonCodes.UNAUTHENTICATED)
    if (await subs.accountMigrated(app.db, id)) throw new HttpError(403, AdminCodes.USER_MIGRATED)
    return id
  }

  async function loadSubscription(pid: number, id: number) {
    const record = await subs.findDataSubscription(app.db, pid, id)
    if (!record) throw notFound()
    return record
  }

  async function loadGroup(pid: number, id: number, groupId: number) {
    await loadSubscription(pid, id)
    const group = await subs.findGroup(app.db, id, groupId)
    if (!group) throw notFound()
    return group
  }

  /** Runs a change of the subscription's groups under its lock, refusing a seat overrun. */
  function changeGroups<T>(subscriptionId: number, change: (tx: Tx) => Promise<T>): Promise<T> {
    return app.db.transaction(async (tx) => {
      await subs.lockDataSubscription(tx, subscriptionId)
      const before = await subs.seatUse(tx, subscriptionId)
      const result = await change(tx)
      const after = await subs.seatUse(tx, subscriptionId)
      const over = featuresOverSeats(after.seats, before.used, after.used)
      if (over.length > 0) {
        throw new HttpError(409, AdminCodes.SEATS_EXCEEDED, { data: { features: over } })
      }
      return result
    })
  }

  app.get('/panels/:pid/data-subscriptions', access, async (request) => {
    const { pid } = validate(AdminPanelParamsSchema, request.params)
    const query = validate(SubscriptionsQuerySchema, request.query)
    await caller(request)
    const page = pageOf(query)
    const { rows, total } = await subs.listDataSubscriptions(app.db, {
      panelId: pid,
      ...(query.search !== undefined ? { search: query.search } : {}),
      sorts: query.sorts,
      ...page,
    })
    return presentPage(rows, { ...page, total }, presentDataSubscription)
  })

  /** One subscription with its feature subscriptions (the feature-subs page). */
  app.get('/panels/:pid/data-subscriptions/:id', access, async (request) => {
    const { pid, id } = validate(DataSubscriptionParamsSchema, request.params)
    await caller(request)
    return { data: presentDataSubscription(await loadSubscription(pid, id)) }
  })

  app.get('/panels/:pid/data-subscriptions/:id/groups', access, async (request) => {
    const { pid, id } = validate(DataSubscriptionParamsSchema, request.params)
    const query = validate(GroupsQuerySchema, request.query)
    await caller(request)
    await loadSubscription(pid, id)
    const page = pageOf(query)
    const { rows, total } = await subs.listGroups(app.db, {
      subscriptionId: id,
      ...(query.search !== undefined ? { search: query.search } : {}),
      sorts: query.sorts,
      ...page,
    })
    return presentPage(rows, { ...page, total }, presentGroup)
  })

  app.get('/panels/:pid/data-subscriptions/:id/groups/:groupId', access, async (request) => {
    const { pid, id, groupId } = validate(SubscriptionGroupParamsSchema, request.params)
    await caller(request)
    return { data: presentGroup(await loadGroup(pid, id, groupId)) }
  })

  /** Seeds 001 §8 group save errors: name MISSING/LENGTH_MAX/EXISTS, features.N NOT_FOUND. */
  app.post('/panels/:pid/data-subscriptions/:id/groups', access, async (request, reply) => {
    const { pid, id } = validate(DataSubscriptionParamsSchema, request.params)
    const body = validate(SubscriptionGroupCreateSchema, request.body)
    const by = await caller(request)
    const subscription = await loadSubscription(pid, id)
    const featureErrors = groupFeatureErrors(
      body.features,
      new Set(subscription.features.map((f) => f.feature)),
    )
    if (Object.keys(featureErrors).length > 0) throw validationFail(featureErrors)
    const groupId = await changeGroups(id, async (tx) => {
      if (await subs.groupNameTaken(tx, id, body.name, null)) {
        throw validationFail({ name: [CommonCodes.EXISTS] })
      }
      const created = await subs.createGroup(tx, id, body)
      await audit(tx, {
        actorId: by,
        panelId: pid,
        action: 'group.create',
        targetType: 'group',
        targetId: created,
        before: null,
        after: { data_subscription_id: id, name: body.name, features: body.features },
      })
      return created
    })
    void reply.code(201).header('location', `${request.url}/${groupId}`)
    return { data: presentGroup(await loadGroup(pid, id, groupId)) }
  })

  /** Rename and/or set the group's feature access (the whole list). */
  app.put('/panels/:pid/data-subscriptions/:id/groups/:groupId', access, async (request) => {
    const { pid, id, groupId } = validate(SubscriptionGroupParamsSchema, request.params)
    const body = validate(SubscriptionGroupUpdateSchema, request.body)
    const by = await caller(request)
    const subscription = await loadSubscription(pid, id)
    const before = await loadGroup(pid, id, groupId)
    if (body.features !== undefined) {
      const featureErrors = groupFeatureErrors(
        body.features,
        new Set(subscription.features.map((f) => f.feature)),
      )
      if (Object.keys(featureErrors).length > 0) throw validationFail(featureErrors)
    }
    await changeGroups(id, async (tx) => {
      if (body.name !== undefined && (await subs.groupNameTaken(tx, id, body.name, groupId))) {
        throw validationFail({ name: [CommonCodes.EXISTS] })
      }
      await subs.updateGroup(tx, groupId, body)
      await audit(tx, {
        actorId: by,
        panelId: pid,
        action: 'group.update',
        targetType: 'group',
        targetId: groupId,
        before: { name: before.name, features: before.features },
        after: {
          name: body.name ?? before.name,
          features: body.features ?? before.features,
        },
      })
    })
    return { data: presentGroup(await loadGroup(pid, id, groupId)) }
  })

  app.get('/panels/:pid/data-subscriptions/:id/users', access, async (request) => {
    const { pid, id } = validate(DataSubscriptionParamsSchema, request.params)
    const query = validate(SubscriptionUsersQuerySchema, request.query)
    await caller(request)
    await loadSubscription(pid, id)
    const organisation = await panelOrganisation(app.db, pid)
    if (!organisation) throw notFound()
    const page = pageOf(query)
    const { rows, total } = await subs.listSubscriptionUsers(app.db, {
      organisationId: organisation.organisationId,
      subscriptionId: id,
      ...(query.search !== undefined ? { search: query.search } : {}),
      sorts: query.sorts,
      ...page,
    })
    return presentPage(rows, { ...page, total }, (row) =>
      presentSubscriptionUser(row, query.include),
    )
  })

  /** Loads what a membership change names: the group, and a user of the panel's organisation. */
  async function membership(request: FastifyRequest) {
    const { pid, id, groupId, userId } = validate(
      SubscriptionGroupMemberParamsSchema,
      request.params,
    )
    const by = await caller(request)
    const group = await loadGroup(pid, id, groupId)
    const organisation = await panelOrganisation(app.db, pid)
    const member = organisation
      ? await subs.organisationMember(app.db, organisation.organisationId, userId)
      : null
    if (!member) throw notFound()
    // The user's audit log names the group (ids alone say little to whoever reads it later).
    const named = { data_subscription_id: id, group_id: groupId, group_name: group.name }
    return { pid, id, groupId, userId, by, migrated: member.migrated, named }
  }

  /** Adds a user to a group (seeds 001 §6: never an account moved to another platform). */
  app.put(
    '/panels/:pid/data-subscriptions/:id/groups/:groupId/users/:userId',
    access,
    async (request) => {
      const { pid, id, groupId, userId, by, migrated, named } = await membership(request)
      if (migrated) throw new HttpError(403, AdminCodes.USER_MIGRATED)
      await changeGroups(id, async (tx) => {
        if (!(await subs.addMember(tx, groupId, userId))) return
        await audit(tx, {
          actorId: by,
          panelId: pid,
          action: 'group.member_add',
          targetType: 'user',
          targetId: userId,
          before: null,
          after: named,
        })
      })
      return { data: presentGroup(await loadGroup(pid, id, groupId)) }
    },
  )

  app.delete(
    '/panels/:pid/data-subscriptions/:id/groups/:groupId/users/:userId',
    access,
    async (request) => {
      const { pid, id, groupId, userId, by, named } = await membership(request)
      await changeGroups(id, async (tx) => {
        if (!(await subs.removeMember(tx, groupId, userId))) throw notFound()
        await audit(tx, {
          actorId: by,
          panelId: pid,
          action: 'group.member_remove',
          targetType: 'user',
          targetId: userId,
          before: named,
          after: null,
        })
      })
      return { data: presentGroup(await loadGroup(pid, id, groupId)) }
    },
  )
}
