/**
 * The routes whose pages never read or change data through the query client: the sign-in pages
 * and the bare error pages. Any other page needs the data layer (src/offline/data-layer.tsx),
 * loaded before it renders (src/routes/__root.tsx) and announced with its code by the server
 * (server/lib/page-hints.ts). Route ids of flat file routes: '/login' is src/routes/login.tsx.
 */
export const ROUTES_WITHOUT_DATA = [
  '__root__',
  '/',
  '/login',
  '/logout',
  '/locked',
  '/no-access',
  '/redirect',
  '/request-password',
  '/reset-password/$userId/$token',
  '/expired-password/$userId/$token',
  '/404',
  '/500',
] as const

/** The pathless layout of every page behind the sign-in (src/routes/_authed.tsx). */
export const SIGNED_IN_LAYOUT_ID = '/_authed'

/**
 * True when the page itself cannot render without the data layer: a route outside the list. A
 * visitor opening a page behind the sign-in is sent to /login first: that needs nothing.
 */
export function pageNeedsDataLayer(routeIds: readonly string[], signedIn: boolean): boolean {
  if (!signedIn && routeIds.includes(SIGNED_IN_LAYOUT_ID)) return false
  return !routeIds.every((id) => (ROUTES_WITHOUT_DATA as readonly string[]).includes(id))
}

/**
 * True when the data layer should be loaded for a page: someone is signed in (the shell's
 * signed-in parts read it, on any page), or the page needs it.
 */
export function needsDataLayer(routeIds: readonly string[], signedIn: boolean): boolean {
  return signedIn || pageNeedsDataLayer(routeIds, signedIn)
}
