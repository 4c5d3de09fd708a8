import type { FastifyInstance } from 'fastify'

/** The analytics service (seeds 001 §7.1, issue 23 §2): panel metadata and chart data. */
export function analyticsRoutes(_app: FastifyInstance): Promise<void> {
  return Promise.resolve()
}
