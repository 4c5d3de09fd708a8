import type { Grants } from '#contracts/auth.ts'
import type { FeatureFlag } from '#contracts/flags.ts'
import { hasPermission, RESOURCE } from '../../lib/permissions'

/** Seeds 001 §9: area outages are shown only for this panel. */
export const AREA_OUTAGE_PANEL_ID = 3

/** Seeds 000 §6: a consumer has only an Agent grant. */
export function isConsumerOnly(grants: Grants): boolean {
  const resources = Object.keys(grants).filter((r) => Object.keys(grants[r] ?? {}).length > 0)
  return resources.every((resource) => resource === RESOURCE.agent)
}

/**
 * Seeds 000 §6: whether to ask for and show area outages at all — only for non-consumer users
 * with Unit outages_view on panel 3, for a unit of panel 3, with the area-outage flag on.
 */
export function canSeeAreaOutages(input: {
  grants: Grants
  unitPanelId: number | null
  flagOn: boolean
}): boolean {
  const { grants, unitPanelId, flagOn } = input
  if (!flagOn || isConsumerOnly(grants)) return false
  if (unitPanelId !== AREA_OUTAGE_PANEL_ID) return false
  return hasPermission({ grants }, RESOURCE.unit, 'outages_view', { panel: AREA_OUTAGE_PANEL_ID })
}

/** Seeds 001 §3.4, §6: the feature flag the notice needs, read for the unit's panel. */
export const AREA_OUTAGE_FLAG = 'cc-area-outage-alert' satisfies FeatureFlag
