import type { FastifyInstance } from 'fastify'

/** Accounts (zeus) unit calls of seeds 7.2: accessible-units/{unitId}. */
export function zeusUnitRoutes(_app: FastifyInstance): Promise<void> {
  return Promise.resolve()
}
