import type { FastifyInstance } from 'fastify'

/** Sign-up: signups/metadata, signups/countries/{id}, POST signups, users/{userId}/signup (seeds 000 §7.3) (being built). */
export function zeusSignupRoutes(app: FastifyInstance): Promise<void> {
  void app
  return Promise.resolve()
}
