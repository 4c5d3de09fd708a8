/**
 * The routes whose words ship in each locale's core catalog (build/catalog-split.ts): the pages a
 * visitor may open first without signing in. Every other page waits for more of the catalog
 * (src/routes/__root.tsx). Route ids of flat file routes: '/login' is src/routes/login.tsx.
 */
export const CORE_ROUTE_IDS = ['/login', '/404', '/500'] as const

/**
 * The sign-up's words are a part of their own: volunteers arrive on it from a study's link, often
 * on a phone on a weak connection, and need neither the rest of the catalog (~12 KB gzip) nor to
 * make everyone's /login carry them (~2.7 KB gzip in the entry when they were core).
 */
export const SIGNUP_ROUTE_IDS = ['/signup/$owner/{-$country}'] as const

const ROOT_ROUTE_ID = '__root__'
/**
 * Routes that send a visitor to /login: the pathless layout of every page behind the sign-in
 * (src/routes/_authed.tsx), `/` (seeds 2.3) and /redirect (after a sign-in only).
 */
const VISITOR_TO_LOGIN_IDS = ['/_authed', '/', '/redirect']

/** True when the page opened sends a visitor to /login before it renders (its guard). */
export function leadsVisitorToLogin(routeIds: readonly string[], signedIn: boolean): boolean {
  return !signedIn && routeIds.some((id) => VISITOR_TO_LOGIN_IDS.includes(id))
}

/** True when every matched route id is the root or a core route: the core catalog is enough. */
export function onlyCoreRoutes(routeIds: readonly string[]): boolean {
  return routeIds.every((id) => id === ROOT_ROUTE_ID || isCore(id))
}

/** What of the catalog a page needs beyond the core: the sign-up's part, or everything. */
export type CatalogNeed = 'core' | 'signup' | 'full'

/**
 * What of the catalog a page needs: everything for anyone signed in (the shell's lazily loaded
 * parts for signed-in users, on /404 too, are not in the core) and for a route outside the core
 * and sign-up ones; the sign-up's part for the sign-up; else the core.
 */
export function catalogNeedOf(routeIds: readonly string[], signedIn: boolean): CatalogNeed {
  if (signedIn) return 'full'
  // A visitor opening a page behind the sign-in is sent to /login, a core page.
  if (leadsVisitorToLogin(routeIds, signedIn) || onlyCoreRoutes(routeIds)) return 'core'
  const signup = SIGNUP_ROUTE_IDS as readonly string[]
  return routeIds.every((id) => id === ROOT_ROUTE_ID || signup.includes(id) || isCore(id))
    ? 'signup'
    : 'full'
}

function isCore(routeId: string): boolean {
  return (CORE_ROUTE_IDS as readonly string[]).includes(routeId)
}
