import {
  activePanelId,
  getSession,
  hasPanelPermission,
  isGlobalDeveloper,
  hasPermission,
  rememberedView,
  RESOURCE,
  switchView,
  type Session,
} from '../../session'
import { panelToResetTo } from '../../lib/panel-choice'
import type { PanelScope } from '../../api/units.api'

/** Seeds 001 §2.4 guards of the unit search and unit pages (contracts/access.ts, shared with the server). */
export { canSearchUnits, canViewUnitPages } from '../../session'

/**
 * Where the unit search looks: the selected panel; a developer with no panel selected searches
 * every panel (global access alone does not: seeds 6); null when there is nowhere to search.
 */
export function unitSearchScope(session: Session | null): PanelScope | null {
  if (!session) return null
  const panel = activePanelId(session)
  if (panel !== null) return panel
  return isGlobalDeveloper(session.grants) ? 'all' : null
}

/** Seeds 001 §6: the scanner needs barcode_scanner (test-measurements) on the selected panel. */
export function hasScannerGrant(session: Session | null): boolean {
  return hasPanelPermission(session, 'barcode_scanner')
}

/**
 * Seeds 6: instant tests need Agent trigger_testing on the panel (global access is no bypass; a
 * developer passes). The server checks the unit's own panel and the unit again.
 */
export function canTriggerTests(session: Session, panelId: number | null): boolean {
  if (isGlobalDeveloper(session.grants)) return true
  return (
    panelId !== null &&
    hasPermission(session, RESOURCE.agent, 'trigger_testing', { panel: panelId })
  )
}

/** What an area asks of the panel it works in: a permission on one of the panel's resources. */
type PanelNeed = { resource: string; permission: string }

/** Seeds 001 §2.4: unit search (the constant-care area) works in a panel with Unit search. */
export const UNIT_SEARCH_NEED: PanelNeed = { resource: RESOURCE.unit, permission: 'search' }
/** Seeds 001 §2.4: the fault finder works in a panel with anomaly-detection view. */
export const FAULT_FINDER_NEED: PanelNeed = {
  resource: RESOURCE.anomalyDetection,
  permission: 'view',
}

/**
 * Seeds 001 §2.4: on the way to unit search or the fault finder the selected panel is reset to one
 * the user has the area's permission on. The panel to switch to, or null to stay: global access
 * skips the reset, a panel that already allows it stays, otherwise the first such panel by front
 * name (none: stay, and the area's guard answers not-found). Only the enterprise view has a
 * selected panel.
 */
export function panelReset(session: Session, need: PanelNeed): number | null {
  return panelToResetTo({
    panels: session.accessibles.apollo,
    selected: session.view.type === 'enterprise' ? session.view.panelId : null,
    globalAccess: session.hasGlobalAccess,
    allows: (panel) => hasPermission(session, need.resource, need.permission, { panel }),
  })
}

/** The unit search's reset (panelReset with Unit search). */
export function unitSearchPanelReset(session: Session): number | null {
  return panelReset(session, UNIT_SEARCH_NEED)
}

/** A panelReset applied (an area route's beforeLoad runs it before its guard). */
export function resetPanelFor(need: PanelNeed): void {
  const session = getSession()
  if (!session) return
  const panelId = panelReset(session, need)
  if (panelId === null) return
  // A remembered choice stays remembered, now with the panel the user can work in here.
  switchView({ type: 'enterprise', panelId }, rememberedView(session.userId) !== null, {
    navigate: false,
  })
}

/** The unit search's reset applied (its routes' beforeLoad). */
export function resetPanelForUnitSearch(): void {
  resetPanelFor(UNIT_SEARCH_NEED)
}
