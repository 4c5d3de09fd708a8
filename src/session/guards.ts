import { notFound, redirect } from '@tanstack/react-router'
import { currentPath } from './navigation'
import { defaultPath, startSession } from './session'
import type { Session } from './session.types'
import { getSession, isAuthenticated } from './store'

/** Throws the router's redirect to `href` (an in-app path with its query). */
function redirectTo(href: string): never {
  redirect({ href, throw: true })
  // redirect() with throw: true never returns; this only tells the type checker so.
  throw new Error(`redirect to ${href} did not throw`)
}

/** The /login address that returns to `path` afterwards. */
export function loginHref(path: string): string {
  return path === '/' ? '/login' : `/login?continue=${encodeURIComponent(path)}`
}

/**
 * Seeds 4.1 guard for signed-in screens: unauthenticated → /login?continue=<path>; authenticated
 * with the grants or accessibles missing → /logout. Returns the session.
 */
export function requireSignedIn(location: { href: string }): Session {
  startSession()
  if (!isAuthenticated()) redirectTo(loginHref(location.href))
  return getSession() ?? redirectTo('/logout')
}

/**
 * Guard of the `_authed` layout: requireSignedIn, and an undecided view (both kinds of access,
 * nothing remembered) goes to the /redirect chooser first.
 */
export function requireSession(location: { href: string }): Session {
  const session = requireSignedIn(location)
  if (session.view.type === 'redirect') {
    redirectTo(`/redirect?continue=${encodeURIComponent(location.href)}`)
  }
  return session
}

/**
 * A route guard (use as or inside `beforeLoad`) that lets the route load only when `check` holds;
 * otherwise not-found or the user's default path. Without a session it sends to /login.
 */
export function requirePermission(
  check: (session: Session) => boolean,
  failure: 'notFound' | 'defaultPath',
): () => void {
  return () => {
    const session = getSession() ?? redirectTo(loginHref(currentPath()))
    if (check(session)) return
    if (failure === 'notFound') notFound({ throw: true })
    redirectTo(defaultPath(session))
  }
}

/** Guard of the sign-in screens: a signed-in user goes to the default path instead. */
export function redirectSignedIn(): void {
  startSession()
  const session = getSession()
  if (session) redirectTo(defaultPath(session))
}

/** Guard of `/`: always redirects, to the default path or to /login. */
export function redirectFromIndex(): never {
  startSession()
  const session = getSession()
  if (session) redirectTo(defaultPath(session))
  redirectTo(isAuthenticated() ? '/logout' : '/login')
}
