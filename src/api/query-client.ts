import { QueryClient } from '@tanstack/react-query'

/** Named stale times, never bare numbers. */
export const STALE = {
  SECONDS: { THIRTY: 30_000 },
  MINUTES: { ONE: 60_000, FIVE: 5 * 60_000 },
  HOURS: { ONE: 60 * 60_000 },
  INFINITY: Infinity,
} as const

// Every client made here, so that deauthentication can wipe their caches without a reference
// being threaded through the session module.
const clients = new Set<QueryClient>()

/** The one query client of the app. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE.MINUTES.ONE, retry: 1 },
    },
  })
  clients.add(client)
  return client
}

/** Drops every cached query and mutation (logout and user switch). */
export function clearQueryCaches(): void {
  for (const client of clients) client.clear()
}
