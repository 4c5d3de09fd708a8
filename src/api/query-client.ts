import { QueryClient } from '@tanstack/react-query'

/** Named stale times, never bare numbers. */
export const STALE = {
  SECONDS: { THIRTY: 30_000 },
  MINUTES: { ONE: 60_000, FIVE: 5 * 60_000 },
  HOURS: { ONE: 60 * 60_000 },
  INFINITY: Infinity,
} as const

/** The one query client of the app. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE.MINUTES.ONE, retry: 1 },
    },
  })
}
