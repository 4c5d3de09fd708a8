import type { PanelAccessible } from '#contracts/auth.ts'
import { sortPanels } from './view-choice'

/** What the reset rule needs to know about the user and the area being entered. */
export type PanelResetInput = {
  /** The user's panels (myAccessibles apollo). */
  panels: readonly PanelAccessible[]
  /** The selected panel, or null outside the enterprise view. */
  selected: number | null
  /** Global access (a Global or Administration grant) skips the reset. */
  globalAccess: boolean
  /** Whether the area's permission is held on a panel. */
  allows: (pid: number) => boolean
}

/**
 * Seeds 001 §2.4: on entering the fault finder or unit search, the selected panel is reset to one
 * the user has the area's permission on. The panel to switch to, or null to stay: global access
 * skips it, no selected panel (not the enterprise view) has nothing to reset, a selected panel that
 * allows it stays; otherwise the first allowing panel by front name (none: stay, and the area's
 * guard refuses).
 */
export function panelToResetTo(input: PanelResetInput): number | null {
  const { panels, selected, globalAccess, allows } = input
  if (globalAccess || selected === null) return null
  if (allows(selected)) return null
  return sortPanels(panels).find((panel) => allows(panel.pid))?.pid ?? null
}
