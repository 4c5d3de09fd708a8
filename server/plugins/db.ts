import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { shared } from './shared.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
  }
}

/** Makes the database available to every route as `app.db` (the pool is owned by the caller). */
export const database = shared((app: FastifyInstance, options: { db: Db }) => {
  app.decorate('db', options.db)
  return Promise.resolve()
})
