/**
 * The page a visitor most often opens first, and the one a slow phone waits longest for: /login
 * opened first by someone signed out renders without the router (src/navigation/sign-in-start.tsx),
 * which comes with the first navigation instead. So does `/`, whose guard sends a visitor to
 * /login anyway (seeds 2.3; the installed app's start_url). Read by src/main.tsx and by the
 * server's page hints (server/lib/page-hints.ts), which announce that start's code instead of
 * the router's.
 */
export const SIGN_IN_PATH = '/login'

const trimmed = (pathname: string) => pathname.replace(/\/+$/, '') || '/'

/** Whether `pathname`, opened first, starts without the router. */
export function opensWithoutRouter(pathname: string, signedIn: boolean): boolean {
  const path = trimmed(pathname)
  return !signedIn && (path === SIGN_IN_PATH || path === '/')
}

/**
 * The address the sign-in page opened first shows, as the router would have it: /login keeps its
 * query (`continue`, `lang`, `accountMigrated`), `/` leads to a bare /login as its guard does.
 */
export function signInAddress(location: { pathname: string; search: string }): string {
  return trimmed(location.pathname) === SIGN_IN_PATH
    ? `${SIGN_IN_PATH}${location.search}`
    : SIGN_IN_PATH
}
