import type { FastifyPluginAsync } from 'fastify'

/**
 * Marks a plugin as not encapsulated (what fastify-plugin does), so its decorators, hooks and
 * handlers reach the routes registered after it in the app.
 */
export function shared<Options extends Record<string, unknown>>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true })
}
