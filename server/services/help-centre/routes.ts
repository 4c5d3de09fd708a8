import type { FastifyInstance } from 'fastify'

/** The help centre: a Zendesk Help Center API subset (seeds 000 §7.5) (being built). */
export function helpCentreRoutes(app: FastifyInstance): Promise<void> {
  void app
  return Promise.resolve()
}
