import type { FastifyInstance } from 'fastify'

/** The admin service (seeds 001 §7.3, §7.5): agents, users, metadata, data subscriptions, packages. */
export async function adminRoutes(_app: FastifyInstance): Promise<void> {}
