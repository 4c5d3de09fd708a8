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

/**
 * The enterprise pages (seeds 001): the chart builder with its presets and maps, dashboards and
 * reports, the fault finder and the admin area. Their own words are a part of their own (build/catalog-split.ts), loaded on these pages
 * only: the consumer's dashboard does not carry the words of every enterprise area added. /analytics
 * is the consumer's analytics too; a consumer there loads the part as well.
 */
const ENTERPRISE_ROUTE =
  /^\/_authed\/(?:admin(?:\/|$)|mapping(?:\/|$)|analytics\/|dashboards$|dashboard_\/|reports$|report\/|fault-finder(?:\/|$))/

/** True for a route id of an enterprise page (`/_authed/admin/agents`, `/_authed/analytics/`). */
export function isEnterpriseRoute(routeId: string): boolean {
  return ENTERPRISE_ROUTE.test(routeId)
}

/**
 * A file route's id from its name under src/routes, as TanStack Router's flat file names give it:
 * `_authed/admin.agents` is `/_authed/admin/agents`, an `index` the parent's id with a trailing
 * slash (the root's `index` is `/`).
 */
export function routeIdOf(name: string): string {
  const path = name.replaceAll('.', '/')
  return path === 'index' ? '/' : `/${path.replace(/\/index$/, '/')}`
}

/** A file route's id from its file (`src/routes/_authed/admin.agents.tsx`); null outside src/routes. */
export function routeIdOfFile(file: string): string | null {
  const name = /^src\/routes\/(.+)\.tsx$/.exec(file)?.[1]
  return name === undefined ? null : routeIdOf(name)
}

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

/**
 * What of the catalog a page needs beyond the core: the sign-up's part, everything but the
 * enterprise pages' words, or everything.
 */
export type CatalogNeed = 'core' | 'signup' | 'full' | 'enterprise'

/**
 * What of the catalog a page needs: for anyone signed in all but the enterprise pages' words (the
 * shell's lazily loaded parts for signed-in users, on /404 too, are not in the core), and those
 * too on an enterprise page; the same for a route outside the core and sign-up ones; the sign-up's
 * part for the sign-up; else the core.
 */
export function catalogNeedOf(routeIds: readonly string[], signedIn: boolean): CatalogNeed {
  if (signedIn) return routeIds.some(isEnterpriseRoute) ? 'enterprise' : 'full'
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
