import type { FastifyInstance } from 'fastify'

/** The trigger-testing websocket service (instant tests, seeds 8.4) under /api/trigger-testing. */
export function triggerTestingRoutes(_app: FastifyInstance): Promise<void> {
  return Promise.resolve()
}
