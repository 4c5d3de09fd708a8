import {
  FEATURE_UPDATES_FULL_FETCH,
  FEATURE_UPDATES_PAGE_SIZE,
  FeatureUpdateListSchema,
  FeatureUpdatePageSchema,
  FeatureUpdateResponseSchema,
  type FeatureUpdate,
  type FeatureUpdatePage,
  type FeatureUpdateType,
} from '#contracts/feature-updates.ts'
import { request } from './http'

/** GET users/{userId}/feature_updates/read: one page of read updates, newest first (seeds 7.2). */
export function getReadFeatureUpdates(
  userId: number,
  type: FeatureUpdateType,
  apps: readonly string[],
  page: number,
  signal?: AbortSignal,
): Promise<FeatureUpdatePage> {
  return request('zeus', `/users/${userId}/feature_updates/read`, {
    schema: FeatureUpdatePageSchema,
    query: { page, sorts: '-id', type, apps: apps.join(','), per_page: FEATURE_UPDATES_PAGE_SIZE },
    signal,
  })
}

/**
 * GET users/{userId}/feature_updates/unread: every unread update of a type about one of the
 * user's navigation apps (or about none in particular), newest first.
 */
export async function getUnreadFeatureUpdates(
  userId: number,
  type: FeatureUpdateType,
  apps: readonly string[],
  signal?: AbortSignal,
): Promise<FeatureUpdate[]> {
  return (
    await request('zeus', `/users/${userId}/feature_updates/unread`, {
      schema: FeatureUpdateListSchema,
      query: { type, apps: apps.join(',') },
      signal,
    })
  ).data
}

/** GET users/{sub}/feature_updates with the full-fetch page size: every update with its read date. */
export function getAllFeatureUpdates(
  sub: string,
  type: FeatureUpdateType,
  page = 1,
  signal?: AbortSignal,
): Promise<FeatureUpdatePage> {
  return request('zeus', `/users/${encodeURIComponent(sub)}/feature_updates`, {
    schema: FeatureUpdatePageSchema,
    query: { page, per_page: FEATURE_UPDATES_FULL_FETCH, sorts: '-id', type },
    signal,
  })
}

/** PUT users/{userId}/feature_updates/{updateId} with last_read_date in epoch seconds. */
export async function putFeatureUpdateRead(
  userId: number,
  updateId: number,
  lastReadDate: number,
): Promise<FeatureUpdate> {
  return (
    await request('zeus', `/users/${userId}/feature_updates/${updateId}`, {
      method: 'PUT',
      body: { last_read_date: lastReadDate },
      schema: FeatureUpdateResponseSchema,
    })
  ).data
}
