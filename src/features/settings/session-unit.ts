import { hasPermission, RESOURCE } from '../../lib/permissions'
import type { Session } from '../../session'

/** The unit the settings pages are about: the consumer view's unit, else the user's first one. */
export function settingsUnitId(session: Session): number | null {
  if (session.view.type === 'consumer') return session.view.unitId
  return session.accessibles.units[0]?.unitId ?? null
}

/** Whether the installation address is the user's to see and change (consumer only, seeds 2.4). */
export function hasInstallationAddress(session: Session): boolean {
  return session.view.type === 'consumer'
}

/** Seeds 2.4: changing the package needs Agent unit_manage on the unit. */
export function canManageUnit(session: Session, unitId: number): boolean {
  return hasPermission(session, RESOURCE.agent, 'unit_manage', { unit: unitId })
}
