import type { InstantTestCode } from '../../../contracts/instant-test.ts'
import type { UnitFacts } from './repository.ts'

/** Seeds 4.6 / 9: a unit not seen for this long is offline. */
export const OFFLINE_AFTER_MS = 30 * 60_000

/**
 * Whether the unit's environment rules out the instant test suite. A unit on a mobile connection
 * is one: the suite moves hundreds of megabytes, which a metered mobile line is not asked to
 * spend on demand (its scheduled tests are budgeted instead), so it answers INCOMPATIBLE.
 */
export function environmentForbidsInstantTests(environment: UnitFacts['environment']): boolean {
  return environment?.connection === 'mobile'
}

/**
 * The unit-side checks of seeds 8.4 in order: outdated firmware (NOT_TT_COMPATIBLE), an environment
 * that cannot run the suite (INCOMPATIBLE), offline (UNREACHABLE: last seen over 30 minutes ago,
 * never seen, a disconnection in progress, or marked offline externally), seen but not ready
 * (NOT_READY: reporting unreliably). Null when the unit can be asked to run a test.
 */
export function unitRefusal(
  unit: Omit<UnitFacts, 'id' | 'panelId' | 'downloadKbps' | 'uploadKbps' | 'instantTestsEnabled'>,
  now: Date,
): InstantTestCode | null {
  if (!unit.isTtCompatible) return 'NOT_TT_COMPATIBLE'
  if (environmentForbidsInstantTests(unit.environment)) return 'INCOMPATIBLE'
  const unseen =
    unit.lastSeen === null || now.getTime() - unit.lastSeen.getTime() > OFFLINE_AFTER_MS
  if (unseen || unit.disconnectionInProgress || unit.offlineExternally) return 'UNREACHABLE'
  if (unit.isUnreliable) return 'NOT_READY'
  return null
}
