/** The part of the router the session needs: navigating to a path with its query. */
export type SessionNavigator = (href: string) => void

let navigator: SessionNavigator | null = null

/** Lets session transitions navigate in-app; without it they load the page at the new address. */
export function connectNavigator(next: SessionNavigator | null): void {
  navigator = next
}

/** Goes to `href` through the router when connected, else by loading the page (also wipes memory). */
export function navigateTo(href: string): void {
  if (navigator) navigator(href)
  else globalThis.location.assign(href)
}

/** The current path, for the login-screen exception of seeds 4.1 and for `continue` queries. */
export function currentPath(): string {
  const { pathname, search, hash } = globalThis.location
  return `${pathname}${search}${hash}`
}
