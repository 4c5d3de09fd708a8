import {
  activePanelId,
  getSession,
  hasPanelPermission,
  hasPermission,
  rememberedView,
  RESOURCE,
  switchView,
  type Session,
} from '../../session'
import { sortPanels } from '../../lib/view-choice'
import type { PanelScope } from '../../api/units.api'
import { canUseArea } from '../shell'

/**
 * Seeds 001 §2.4: the unit pages need Unit test_view, checked on the selected panel (the panel
 * the unit was found in); global access passes. The server checks the unit's own panel again.
 */
export function canViewUnitPages(session: Session): boolean {
  // Global access works in no panel (a staff account's view is admin) and sees every unit.
  if (session.hasGlobalAccess) return true
  if (session.view.type !== 'enterprise') return false
  const panel = activePanelId(session)
  return panel !== null && hasPermission(session, RESOURCE.unit, 'test_view', { panel })
}

/**
 * Seeds 001 §2.4: unit search needs Unit search on the selected panel in the enterprise view (the
 * constant-care app link); global access passes in any view and searches every panel.
 */
export function canSearchUnits(session: Session): boolean {
  return session.hasGlobalAccess || canUseArea(session, 'constant-care')
}

/**
 * Where the unit search looks: the selected panel; with global access and no panel selected,
 * every panel; null when there is nowhere to search.
 */
export function unitSearchScope(session: Session | null): PanelScope | null {
  if (!session) return null
  const panel = activePanelId(session)
  if (panel !== null) return panel
  return session.hasGlobalAccess ? 'all' : null
}

/** Seeds 001 §6: the scanner needs barcode_scanner (test-measurements) on the selected panel. */
export function hasScannerGrant(session: Session | null): boolean {
  return hasPanelPermission(session, 'barcode_scanner')
}

/** Seeds 001 §6: instant tests need Agent trigger_testing on the panel, or global access. */
export function canTriggerTests(session: Session, panelId: number | null): boolean {
  if (session.hasGlobalAccess) return true
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
  if (session.hasGlobalAccess || session.view.type !== 'enterprise') return null
  const allows = (panel: number) =>
    hasPermission(session, need.resource, need.permission, { panel })
  if (allows(session.view.panelId)) return null
  return sortPanels(session.accessibles.apollo).find((p) => allows(p.pid))?.pid ?? null
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
