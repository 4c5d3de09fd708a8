import { queryOptions } from '@tanstack/react-query'
import { STALE } from '../../api/query-client'
import { getSignupProfile } from '../../api/signup.api'
import type { PersistMeta } from '../../offline/persistence'

/** Query keys of the volunteer profile. */
export const profileKeys = {
  signup: (userId: number) => ['profile', 'signup', userId] as const,
}

/** GET users/{userId}/signup: the volunteer's record, kept on the device like other profile data. */
export function signupProfileQueryOptions(userId: number) {
  return queryOptions({
    queryKey: profileKeys.signup(userId),
    queryFn: ({ signal }) => getSignupProfile(userId, signal),
    staleTime: STALE.MINUTES.ONE,
    meta: { persist: 'profile' } satisfies PersistMeta,
  })
}
