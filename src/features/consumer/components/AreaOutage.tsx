import type { Session } from '../../../session'
import { useFlag } from '../../../session/flags'
import { AREA_OUTAGE_FLAG, canSeeAreaOutages } from '../area-outage'
import { AreaOutageNotice } from './AreaOutageNotice'

/**
 * Seeds 001 §6: the area outage notice under its full rule — a non-consumer user with Unit
 * outages_view, a unit of panel 3, and the cc-area-outage-alert flag on for that panel. The flag
 * is read only when every other condition holds; the outages only when the flag is on.
 */
export function AreaOutage({
  session,
  unitId,
  unitPanelId,
}: {
  session: Session | null
  unitId: number
  unitPanelId: number | null
}) {
  const eligible =
    session !== null && canSeeAreaOutages({ grants: session.grants, unitPanelId, flagOn: true })
  const flagOn = useFlag(
    AREA_OUTAGE_FLAG,
    { userId: session?.userId ?? 0, panelId: unitPanelId },
    eligible,
  )
  return eligible && flagOn ? <AreaOutageNotice unitId={unitId} /> : null
}
