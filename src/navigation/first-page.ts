/**
 * The page a visitor most often opens first, and the one a slow phone waits longest for: /login
 * opened first by someone signed out renders without the router (src/navigation/sign-in-start.tsx),
 * which comes with the first navigation instead. Read by src/main.tsx and by the server's page
 * hints (server/lib/page-hints.ts), which announce that start's code instead of the router's.
 */
export const SIGN_IN_PATH = '/login'

/** Whether `pathname`, opened first, starts without the router. */
export function opensWithoutRouter(pathname: string, signedIn: boolean): boolean {
  return !signedIn && pathname.replace(/\/+$/, '') === SIGN_IN_PATH
}
