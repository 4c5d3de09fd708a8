import type { FastifyInstance } from 'fastify'

/** Constant care: search/units, panels/{panelId}/agents, units/{id} (seeds 001 §7.3) (being built). */
export function zeusUnitSearchRoutes(app: FastifyInstance): Promise<void> {
  void app
  return Promise.resolve()
}
