import type { FastifyInstance } from 'fastify'

/** The unit analytics service (seeds 7.4) under /api/unit-analytics. */
export function unitAnalyticsRoutes(_app: FastifyInstance): Promise<void> {
  return Promise.resolve()
}
