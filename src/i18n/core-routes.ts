/**
 * The routes whose words ship in each locale's core catalog (build/catalog-split.ts): the pages a
 * visitor may open first without signing in. Every other page waits for the rest of the catalog
 * (src/routes/__root.tsx). Route ids of flat file routes: '/login' is src/routes/login.tsx.
 * The sign-up is one: volunteers arrive on it from a study's link, often on a phone on a weak
 * connection; its words add ~2.5 KB gzip to the entry and spare it the rest (~14 KB gzip).
 */
export const CORE_ROUTE_IDS = ['/login', '/404', '/500', '/signup/$owner/{-$country}'] as const

const ROOT_ROUTE_ID = '__root__'
/** The pathless layout of every page behind the sign-in (src/routes/_authed.tsx). */
const SIGNED_IN_LAYOUT_ID = '/_authed'

/** True when every matched route id is the root or a core route: the core catalog is enough. */
export function onlyCoreRoutes(routeIds: readonly string[]): boolean {
  return routeIds.every(
    (id) => id === ROOT_ROUTE_ID || (CORE_ROUTE_IDS as readonly string[]).includes(id),
  )
}

/**
 * True when a page needs the rest of the catalog: a route outside the core ones, or anyone signed
 * in (the shell's lazily loaded parts for signed-in users, on /404 too, are not in the core).
 */
export function needsFullCatalog(routeIds: readonly string[], signedIn: boolean): boolean {
  if (signedIn) return true
  // A visitor opening a page behind the sign-in is sent to /login, a core page.
  if (routeIds.includes(SIGNED_IN_LAYOUT_ID)) return false
  return !onlyCoreRoutes(routeIds)
}
