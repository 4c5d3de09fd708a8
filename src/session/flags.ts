import { queryOptions, useQuery } from '@tanstack/react-query'
import type { FeatureFlag, MyFlags } from '#contracts/flags.ts'
import { getMyFlags } from '../api/flags.api'
import { STALE } from '../api/query-client'

// Not re-exported from ./index: the entry (sign-in pages) carries no TanStack Query. Import this
// module from code that runs in the data layer (the signed-in chrome, pages).

/** Root of every flags query (a change made in the staff area refreshes them all). */
export const FLAGS_KEY = ['flags'] as const

/** How often the flags are read again while the app is open (seeds 001 §3.4: a service). */
export const FLAGS_REFRESH_MS = STALE.MINUTES.FIVE

/**
 * The signed-in user's flags for a panel (null: organisation and global settings only), kept
 * on the device with the profile data so an offline start still knows them.
 */
export function flagsQueryOptions(userId: number, panelId: number | null) {
  return queryOptions({
    queryKey: [...FLAGS_KEY, userId, panelId] as const,
    queryFn: ({ signal }) => getMyFlags(panelId, signal),
    staleTime: FLAGS_REFRESH_MS,
    meta: { persist: 'profile' },
  })
}

/** A flag's value in flags that may not be read yet: off until known. */
export function flagOn(flags: MyFlags | undefined, flag: FeatureFlag): boolean {
  return flags?.flags[flag] === true
}

/**
 * One flag for the signed-in user on a panel; off while unknown, and when `enabled` is false
 * nothing is asked (a rule that already says no).
 */
export function useFlag(
  flag: FeatureFlag,
  scope: { userId: number; panelId: number | null },
  enabled = true,
): boolean {
  const query = useQuery({ ...flagsQueryOptions(scope.userId, scope.panelId), enabled })
  return enabled && flagOn(query.data, flag)
}

/**
 * Keeps the flags of the selected panel current: read at sign-in and at every start of the app
 * (refetch on mount), when the connection returns, and every FLAGS_REFRESH_MS while open.
 */
export function useFlagsSync(userId: number, panelId: number | null): MyFlags | undefined {
  return useQuery({
    ...flagsQueryOptions(userId, panelId),
    refetchOnMount: 'always',
    refetchOnReconnect: 'always',
    refetchInterval: FLAGS_REFRESH_MS,
    refetchIntervalInBackground: false,
  }).data
}
