import type { Accessibles, Grants } from '#contracts/auth.ts'
import type { Organisation, Preferences } from '#contracts/accounts.ts'

/** Seeds 3: the active view's type. */
export type ViewType = 'enterprise' | 'consumer' | 'admin' | 'signup' | 'redirect'

/** The view the user works in: a data subscription (panel), one of their units, admin or sign-up. */
export type ActiveView =
  | { type: 'enterprise'; panelId: number }
  | { type: 'consumer'; unitId: number }
  | { type: 'admin' }
  | { type: 'signup' }
  | { type: 'redirect' }

/** Everything the app knows about the signed-in user after the login sequence (seeds 4.1). */
export type Session = {
  userId: number
  sub: string
  email: string
  firstName: string
  lastName: string
  organisation: Organisation | null
  grants: Grants
  accessibles: Accessibles
  preferences: Preferences
  view: ActiveView
  /** Staff: organisation 123 or the staff cookie. */
  isStaff: boolean
  /** Global access: a Global or Administration grant. */
  hasGlobalAccess: boolean
  /**
   * The owners of what the user saves (seeds 001 §7.1: presets and dashboards are asked for by
   * the user owner and the organisation owner), from the access token; null when it names none.
   */
  ownerId: number | null
  organisationOwnerId: number | null
  /** Migrated to the other vendor's platform (X-TE-USER-MIGRATED): shows the deprecation banner. */
  migrated: boolean
}
