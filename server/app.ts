import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyServerOptions,
  type FastifyPluginAsync,
} from 'fastify'
import { sql } from 'drizzle-orm'
import type { Db } from './db/client.ts'
import type { Env } from './env.ts'
import { installErrorHandler } from './errors.ts'
import { access } from './plugins/access.ts'
import { auth } from './plugins/auth.ts'
import { compression } from './plugins/compression.ts'
import { database } from './plugins/db.ts'
import { external } from './plugins/external.ts'
import { hostCheck } from './plugins/host-check.ts'
import { mail } from './plugins/mail.ts'
import { shared } from './plugins/shared.ts'
import { staticFiles } from './plugins/static.ts'
import { adminRoutes } from './services/admin/routes.ts'
import { analyticsRoutes } from './services/analytics/routes.ts'
import { authRoutes } from './services/auth/routes.ts'
import { anomalyRoutes } from './services/anomaly/routes.ts'
import { dashboardsRoutes } from './services/dashboards/routes.ts'
import { devMailboxRoutes } from './services/dev-mailbox/routes.ts'
import { flagsRoutes } from './services/flags/routes.ts'
import { helpCentreRoutes } from './services/help-centre/routes.ts'
import { ingestionRoutes } from './services/ingestion/routes.ts'
import { mapsRoutes } from './services/maps/routes.ts'
import { tileImgSources } from '../contracts/maps.ts'
import { presetsRoutes } from './services/presets/routes.ts'
import { signupSaRoutes } from './services/signup-sa/routes.ts'
import { zeusSignupRoutes } from './services/signup/routes.ts'
import { triggerTestingRoutes } from './services/trigger-testing/routes.ts'
import { unitAnalyticsRoutes } from './services/unit-analytics/routes.ts'
import { zeusAdminRoutes } from './services/zeus/admin/routes.ts'
import { zeusFeatureUpdateRoutes } from './services/zeus/feature-updates/routes.ts'
import { zeusRoutes } from './services/zeus/account/routes.ts'
import { zeusSettingsRoutes } from './services/zeus/settings/routes.ts'
import { zeusUnitSearchRoutes } from './services/zeus/unit-search/routes.ts'
import { zeusUnitRoutes } from './services/zeus/units/routes.ts'

/** What the app needs from its process: settings, the JWT secret and a database. */
export type AppOptions = {
  env: Env
  jwtSecret: string
  db: Db
}

/** Request bodies above this are refused with 413 before they are read (routes may lower it). */
export const BODY_LIMIT = 64 * 1024

/** Fastify server options shared by the process and the tests. */
export function serverOptions(
  env: Env,
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions {
  return {
    logger,
    bodyLimit: BODY_LIMIT,
    // Behind a proxy set trustProxy there; directly exposed, the socket address is the client.
    trustProxy: false,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    forceCloseConnections: 'idle',
    // One line per request only when debugging: at info the log shows what happened, not traffic.
    logController: new LogController({
      disableRequestLogging: env.LOG_LEVEL !== 'debug' && env.LOG_LEVEL !== 'trace',
    }),
  }
}

/**
 * The whole Whitebox server as one plugin: security (helmet, rate limits) → database → auth →
 * routes, with one error handler and the PWA's static files and SPA fallback. Not encapsulated:
 * its error and not-found handlers are the instance's, whatever else is registered beside it.
 */
export const app: FastifyPluginAsync<AppOptions> = shared(
  async (fastify: FastifyInstance, options: AppOptions) => {
    const { env } = options
    installErrorHandler(fastify)
    // First: a request for another host name is answered before any other work is done for it.
    await fastify.register(hostCheck, { hosts: env.ALLOWED_HOSTS })
    await fastify.register(external, { imgSrc: tileImgSources(env.MAP_TILE_URL) })
    await fastify.register(database, { db: options.db })
    await fastify.register(auth, {
      jwtSecret: options.jwtSecret,
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    })
    await fastify.register(mail, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM })
    // Before any route: every /api route is signed-in and checked as it declares (config.access).
    await fastify.register(access)

    fastify.get('/api/health', { config: { access: 'public' } }, async () => {
      await fastify.db.execute(sql`SELECT 1`)
      return { status: 'ok' }
    })
    // The API in its own scope: the compression hook reaches its answers, not the static files
    // (those are sent pre-compressed, and tiny ones as they are).
    await fastify.register(async (api: FastifyInstance) => {
      await api.register(compression)
      await api.register(authRoutes, { prefix: '/api/auth', env, deviceKey: options.jwtSecret })
      await api.register(zeusRoutes, { prefix: '/api/zeus' })
      await api.register(zeusUnitRoutes, { prefix: '/api/zeus' })
      await api.register(zeusSettingsRoutes, { prefix: '/api/zeus' })
      await api.register(zeusFeatureUpdateRoutes, { prefix: '/api/zeus' })
      await api.register(zeusSignupRoutes, { prefix: '/api/zeus', env })
      await api.register(zeusUnitSearchRoutes, { prefix: '/api/zeus' })
      await api.register(zeusAdminRoutes, { prefix: '/api/zeus' })
      await api.register(signupSaRoutes, { prefix: '/api/signup-sa', env })
      await api.register(helpCentreRoutes, { prefix: '/api/hc' })
      await api.register(unitAnalyticsRoutes, { prefix: '/api/unit-analytics' })
      await api.register(triggerTestingRoutes, { prefix: '/api/trigger-testing' })
      await api.register(flagsRoutes, { prefix: '/api/flags' })
      await api.register(ingestionRoutes, { prefix: '/api/ingestion' })
      await api.register(analyticsRoutes, { prefix: '/api/analytics' })
      await api.register(presetsRoutes, { prefix: '/api/analytics' })
      await api.register(dashboardsRoutes, { prefix: '/api/analytics' })
      await api.register(anomalyRoutes, { prefix: '/api/anomaly' })
      await api.register(mapsRoutes, {
        prefix: '/api/analytics',
        tileUrl: env.MAP_TILE_URL ?? null,
        tileAttribution: env.MAP_TILE_ATTRIBUTION ?? null,
        sendLimit: env.MAP_SEND_LIMIT,
      })
      await api.register(adminRoutes, { prefix: '/api/admin', env })
    })
    await fastify.register(devMailboxRoutes, { enabled: env.DEV_MAILBOX })
    await fastify.register(staticFiles, { root: env.STATIC_DIR })
  },
)

/** A ready Fastify instance running the app (the process listens on it; tests `inject`). */
export async function buildApp(
  options: AppOptions,
  logger: FastifyServerOptions['logger'] = false,
): Promise<FastifyInstance> {
  const fastify = Fastify(serverOptions(options.env, logger))
  await fastify.register(app, options)
  await fastify.ready()
  return fastify
}
