/**
 * Whether this visit started with single sign-on. SSO sign-in arrives with a later issue; until
 * then nobody arrives through it, and the not-found page shows as usual.
 */
export function arrivedThroughSso(): boolean {
  return false
}
