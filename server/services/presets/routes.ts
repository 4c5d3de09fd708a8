import type { FastifyInstance } from 'fastify'

/** Presets of the analytics service (seeds 001 §7.1, issue 23 §4). */
export function presetsRoutes(_app: FastifyInstance): Promise<void> {
  return Promise.resolve()
}
