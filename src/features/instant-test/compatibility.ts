import type { AccessibleUnit } from '#contracts/units.ts'
import { ApiError } from '../../api/http'

/** What the client knows before asking the server: a verdict, or nothing yet. */
export type Compatibility = 'unknown' | 'compatible' | 'NOT_TT_COMPATIBLE' | 'INCOMPATIBLE'

/**
 * The client-side compatibility check of an instant test from the unit's details (seeds 3
 * is_tt_compatible, environment). Seeds 5: a failed check counts as not compatible — a refusal or
 * an unreadable answer from the server, not a request that never got through (offline or a
 * dropped connection says nothing about the unit). The server checks again on every start.
 */
export function compatibilityOf(
  unit: Pick<AccessibleUnit, 'is_tt_compatible' | 'environment'> | undefined,
  error: unknown,
): Compatibility {
  if (unit) {
    if (!unit.is_tt_compatible) return 'NOT_TT_COMPATIBLE'
    // The same rule as the server: a mobile unit cannot run the suite on demand.
    if (unit.environment?.connection === 'mobile') return 'INCOMPATIBLE'
    return 'compatible'
  }
  return error instanceof ApiError ? 'NOT_TT_COMPATIBLE' : 'unknown'
}
