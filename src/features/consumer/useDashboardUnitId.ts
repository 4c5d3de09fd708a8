import { useSession } from '../../session'
import { resolveDashboardUnit } from './dashboard-unit'

/** The unit the dashboard shows for the `unit` search parameter (null when the user has none). */
export function useDashboardUnitId(requested: number | undefined): number | null {
  const session = useSession()
  if (!session) return null
  return resolveDashboardUnit({
    accessible: session.accessibles.units.map((u) => u.unitId),
    viewUnitId: session.view.type === 'consumer' ? session.view.unitId : null,
    requested,
  })
}
