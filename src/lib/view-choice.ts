import type { Accessibles, PanelAccessible } from '#contracts/auth.ts'

/** The view a user works in (mirrors the session's ActiveView; lib/ imports nothing of the product). */
export type ViewChoice =
  | { type: 'enterprise'; panelId: number }
  | { type: 'consumer'; unitId: number }
  | { type: 'admin' }
  | { type: 'signup' }
  | { type: 'redirect' }

/** Panels ordered by front_name, the order every chooser shows them in. */
export function sortPanels(panels: readonly PanelAccessible[]): PanelAccessible[] {
  return [...panels].sort(
    (a, b) =>
      a.front_name.localeCompare(b.front_name, 'en', { sensitivity: 'base' }) || a.pid - b.pid,
  )
}

/** Seeds 4.1: the remembered panel while still accessible, else the first by front_name. */
export function defaultPanelId(
  panels: readonly PanelAccessible[],
  rememberedPanel: number | null,
): number | null {
  if (rememberedPanel !== null && panels.some((p) => p.pid === rememberedPanel)) {
    return rememberedPanel
  }
  return sortPanels(panels)[0]?.pid ?? null
}

/** Whether a view still fits what the user can reach (a remembered choice may be stale). */
export function isViewAccessible(view: ViewChoice, accessibles: Accessibles): boolean {
  switch (view.type) {
    case 'enterprise':
      return accessibles.apollo.some((p) => p.pid === view.panelId)
    case 'consumer':
      return accessibles.units.some((u) => u.unitId === view.unitId)
    case 'admin':
      return accessibles.administration !== null
    case 'signup':
      return true
    case 'redirect':
      return false
  }
}

/**
 * Seeds 4.1 view choice: enterprise with panels, else consumer on the first unit, else admin with an
 * administration accessible, else signup. A user with both panels and units (two kinds of access)
 * gets the remembered choice when it is still accessible, else the /redirect chooser.
 */
export function chooseView(
  accessibles: Accessibles,
  remembered: ViewChoice | null,
  rememberedPanel: number | null,
): ViewChoice {
  const panelId = defaultPanelId(accessibles.apollo, rememberedPanel)
  const firstUnit = accessibles.units[0]
  if (panelId !== null && firstUnit !== undefined) {
    if (remembered && remembered.type !== 'redirect' && isViewAccessible(remembered, accessibles)) {
      return remembered
    }
    return { type: 'redirect' }
  }
  if (panelId !== null) return { type: 'enterprise', panelId }
  if (firstUnit !== undefined) return { type: 'consumer', unitId: firstUnit.unitId }
  if (accessibles.administration !== null) return { type: 'admin' }
  return { type: 'signup' }
}
