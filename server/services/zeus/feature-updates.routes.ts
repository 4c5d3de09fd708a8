import type { FastifyInstance } from 'fastify'

/** Accounts (zeus) feature updates (seeds 2.8, 4.5, 7.2). */
export function zeusFeatureUpdateRoutes(_app: FastifyInstance): Promise<void> {
  return Promise.resolve()
}
