import type { FastifyInstance } from 'fastify'

/**
 * The admin area's calls to the accounts service (seeds 001 §7.3): panel agents, panel metadata,
 * data subscriptions' groups and users, packages.
 */
export async function zeusAdminRoutes(_app: FastifyInstance): Promise<void> {}
