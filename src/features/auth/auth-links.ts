/**
 * Where the sign-in dead ends lead. The other platform's sign-in can be set per deployment through
 * VITE_MIGRATED_SIGN_IN_URL at build time; the default is a placeholder until the real one is known.
 */
const env: Record<string, unknown> = import.meta.env

function configured(name: string, fallback: string): string {
  const value = env[name]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback
}

export const AUTH_LINKS = {
  /** The sign-in page of the platform migrated accounts moved to. */
  migratedSignIn: configured('VITE_MIGRATED_SIGN_IN_URL', 'https://whitebox.example/sign-in'),
  /** The help centre's request form: the next step for an account this product does not support. */
  supportRequest: '/hc/requests/new',
} as const
