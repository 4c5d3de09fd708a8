import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { disconnectionInProgressQueryOptions } from '../../../api/unit-analytics.api'
import { accessibleUnitQueryOptions } from '../../../api/units.api'
import type { Session } from '../../../session'
import { writeInstantTestable } from '../instant-testable-flag'
import { AreaOutage } from './AreaOutage'
import { UnitOfflineBanner } from './UnitOfflineBanner'

/**
 * The unit's state above every tab: offline banner and area outage notice. Loading the unit also
 * sets the device's instant-testable flag (the RealSpeed tab) from its is_tt_compatible.
 */
export function UnitStatus({ session, unitId }: { session: Session; unitId: number }) {
  const unitQuery = useQuery(accessibleUnitQueryOptions(session.sub, unitId))
  const inProgress = useQuery(disconnectionInProgressQueryOptions(unitId))
  const unit = unitQuery.data
  useEffect(() => {
    if (unit) writeInstantTestable(unit.unitId, unit.is_tt_compatible)
  }, [unit])
  if (!unit) return null
  return (
    <>
      <UnitOfflineBanner unit={unit} disconnectionSince={inProgress.data?.[0]?.dtime ?? null} />
      <AreaOutage session={session} unitId={unitId} unitPanelId={unit.panel_id} />
    </>
  )
}
