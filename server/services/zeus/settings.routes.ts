import type { FastifyInstance } from 'fastify'

/** Accounts (zeus) calls behind /settings (seeds 2.4): personal details, broadband, email preferences, contact, report cards. */
export function zeusSettingsRoutes(_app: FastifyInstance): Promise<void> {
  return Promise.resolve()
}
