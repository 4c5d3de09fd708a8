import { AdminUnitCodes } from '#contracts/admin-unit.ts'
import type { SubmitFailure, SubmitStatus } from '../../../forms'

/**
 * Seeds 001 §8 package update (admin broadband data): which message the form shows. Success,
 * then its data reloads; failures: no country set (before anything is sent, or the server's
 * UNIT_HAS_NO_COUNTRY), the server could not update, offline. The package list failing to load
 * is the form's own alert (it has nothing to offer).
 */
export type PackageUpdateMessage = 'none' | 'success' | 'noCountry' | 'cannotUpdate' | 'offline'

export function packageUpdateMessage(
  hasCountry: boolean,
  status: SubmitStatus,
  failure: SubmitFailure | null,
): PackageUpdateMessage {
  if (!hasCountry) return 'noCountry'
  if (status === 'success') return 'success'
  if (failure === null) return 'none'
  if (failure.kind === 'offline') return 'offline'
  return failure.code === AdminUnitCodes.UNIT_HAS_NO_COUNTRY ? 'noCountry' : 'cannotUpdate'
}
