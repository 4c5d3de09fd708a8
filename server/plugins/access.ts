import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify'
import { mayActForOtherUsers, routeAccessHolds, type RouteAccess } from '../../contracts/access.ts'
import { CommonCodes } from '../../contracts/errors.ts'
import { HttpError } from '../errors.ts'
import { verifyUnitCredential } from '../services/ingestion/credentials.ts'
import { authenticate, requestGrants } from './auth.ts'
import { shared } from './shared.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (contracts/access.ts RouteAccess); undeclared `/api` routes refuse everyone. */
    access?: RouteAccess
  }
}

/** The routes the access rule covers: the API. */
export function isApiRoute(url: string): boolean {
  return url === '/api' || url.startsWith('/api/')
}

const ENFORCED = Symbol.for('whitebox.access')

type Marked = onRequestAsyncHookHandler & { [ENFORCED]?: true }

/**
 * The onRequest hook enforcing a route's declaration: nothing for a public route; else
 * authenticate (401), then the declared grant or global access (403 FORBIDDEN, decided before the body is read or
 * anything is looked up). An undeclared route is refused: secure by default.
 */
function enforcer(app: FastifyInstance, access: RouteAccess | undefined): Marked {
  const signIn = authenticate(app)
  const hook: Marked = async function enforceAccess(request, reply) {
    if (access === 'unit-credential') return verifyUnitCredential(app, request)
    await signIn.call(this, request, reply)
    if (access === undefined) throw new HttpError(403, CommonCodes.FORBIDDEN)
    if (typeof access === 'string' || 'own' in access) return
    const grants = await requestGrants(app, request)
    if (!routeAccessHolds(grants, access, request)) throw new HttpError(403, CommonCodes.FORBIDDEN)
  }
  hook[ENFORCED] = true
  return hook
}

function hooksOf(value: RouteOptions['onRequest']): onRequestHookHandler[] {
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

/**
 * Access for every `/api` route from its `config.access` declaration (contracts/access.ts): the
 * enforcing hook runs first on the route. Register before the routes (onRoute sees later ones).
 */
export const access = shared((app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return
    const declared = route.config?.access
    if (declared === 'public') return
    const existing = hooksOf(route.onRequest)
    if (existing.some((hook) => (hook as Marked)[ENFORCED])) return
    route.onRequest = [enforcer(app, declared), ...existing]
  })
  return Promise.resolve()
})

/** Route options declaring the route's access (the one form; see contracts/access.ts RouteAccess). */
export function declare<const A extends RouteAccess>(access: A): { config: { access: A } } {
  return { config: { access } }
}

/**
 * The `{ own: 'account' }` rule in a handler: the caller's own record (`isSelf`), or another
 * user's with mayActForOtherUsers; 403 FORBIDDEN before any lookup, so ids cannot be probed.
 */
export async function authoriseOwnAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  isSelf: boolean,
): Promise<void> {
  if (isSelf) return
  if (!mayActForOtherUsers(await requestGrants(app, request))) {
    throw new HttpError(403, CommonCodes.FORBIDDEN)
  }
}
