import { useMemo } from 'react'
import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import type { FeatureUpdateType } from '#contracts/feature-updates.ts'
import { getReadFeatureUpdates, getUnreadFeatureUpdates } from '../../api/feature-updates.api'
import { STALE } from '../../api/query-client'

/** Root of every feature-updates query (a read mark refreshes them all). */
export const FEATURE_UPDATES_KEY = ['feature-updates'] as const

/**
 * Whose updates of which type, for which navigation apps (news of an app the user does not have
 * is not theirs), in which locale (the server answers in the user's language).
 */
export type FeatureUpdatesScope = {
  userId: number
  type: FeatureUpdateType
  apps: readonly string[]
  locale: string
}

const scopeKey = ({ userId, type, apps, locale }: FeatureUpdatesScope) =>
  [...FEATURE_UPDATES_KEY, userId, type, locale, apps.join(',')] as const

/** Every unread update, newest first: the badge, the automatic opening and the modal's top list. */
export function unreadFeatureUpdatesQueryOptions(scope: FeatureUpdatesScope) {
  return queryOptions({
    queryKey: [...scopeKey(scope), 'unread'] as const,
    queryFn: ({ signal }) => getUnreadFeatureUpdates(scope.userId, scope.type, scope.apps, signal),
    staleTime: STALE.MINUTES.FIVE,
    meta: { persist: 'profile' },
  })
}

/** Read updates, 5 a page, newest first; the next page while one remains (seeds 000 §2.8). */
export function readFeatureUpdatesQueryOptions(scope: FeatureUpdatesScope) {
  return infiniteQueryOptions({
    queryKey: [...scopeKey(scope), 'read'] as const,
    queryFn: ({ pageParam, signal }) =>
      getReadFeatureUpdates(scope.userId, scope.type, scope.apps, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: ({ meta: { pagination } }) =>
      pagination.current_page < pagination.total_pages ? pagination.current_page + 1 : undefined,
    staleTime: STALE.MINUTES.FIVE,
    meta: { persist: 'profile' },
  })
}

/**
 * The scope for a signed-in user, type and navigation apps in the active locale, or null when
 * there is no type.
 */
export function useFeatureUpdatesScope(
  userId: number,
  type: FeatureUpdateType | null,
  apps: readonly string[],
): FeatureUpdatesScope | null {
  const { i18n } = useLingui()
  const locale = i18n.locale
  const appsKey = apps.join(',')
  return useMemo(
    () =>
      type === null
        ? null
        : { userId, type, apps: appsKey === '' ? [] : appsKey.split(','), locale },
    [userId, type, appsKey, locale],
  )
}

/** The unread updates of a scope (nothing is fetched without one). */
export function useUnreadFeatureUpdates(scope: FeatureUpdatesScope | null) {
  return useQuery({
    ...unreadFeatureUpdatesQueryOptions(
      scope ?? { userId: 0, type: 'consumer', apps: [], locale: '' },
    ),
    enabled: scope !== null,
  })
}
