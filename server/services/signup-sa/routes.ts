import type { FastifyInstance } from 'fastify'

/** The regional Saudi sign-up service: POST /signup (seeds 000 §7.3) (being built). */
export function signupSaRoutes(app: FastifyInstance): Promise<void> {
  void app
  return Promise.resolve()
}
