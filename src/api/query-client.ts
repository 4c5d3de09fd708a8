import { QueryClient } from '@tanstack/react-query'
import { MAX_PERSIST_AGE } from '../offline/persistence'

/** Named stale times, never bare numbers. */
export const STALE = {
  SECONDS: { THIRTY: 30_000 },
  MINUTES: { ONE: 60_000, FIVE: 5 * 60_000 },
  HOURS: { ONE: 60 * 60_000 },
  INFINITY: Infinity,
} as const

/** Default gcTime: at least MAX_PERSIST_AGE (see createQueryClient). */
export const GC_TIME = MAX_PERSIST_AGE > 2_147_483_647 ? Infinity : MAX_PERSIST_AGE

/** The one query client of the app. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // gcTime must cover the persisted age (MAX_PERSIST_AGE, 30 days) or restored queries are
      // collected before they are shown; 30 days overflows setTimeout (2^31-1 ms, which fires at
      // once), so Infinity: the persister's per-class maxAge is what bounds the data.
      queries: {
        staleTime: STALE.MINUTES.ONE,
        gcTime: GC_TIME,
        retry: 1,
        networkMode: 'online',
      },
      // Offline, mutations pause (and persist) instead of failing; see offline/mutations.ts.
      mutations: { networkMode: 'online' },
    },
  })
}
