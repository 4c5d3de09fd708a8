import { createFileRoute, redirect } from '@tanstack/react-router'
import {
  isInstantTestable,
  RealSpeedTestsPage,
  resolveDashboardUnit,
  useDashboardUnitId,
} from '../../features/consumer'

// Seeds 000 §2.6: only when this device flagged the unit instant-testable; else the tests tab.
export const Route = createFileRoute('/_authed/dashboard/realspeed-tests')({
  beforeLoad: ({ context: { session }, search }) => {
    const unitId = resolveDashboardUnit({
      accessible: session.accessibles.units.map((u) => u.unitId),
      viewUnitId: session.view.type === 'consumer' ? session.view.unitId : null,
      requested: search.unit,
    })
    if (unitId === null || !isInstantTestable(unitId)) {
      redirect({ to: '/dashboard/whitebox-tests', search: { unit: search.unit }, throw: true })
    }
  },
  component: RealSpeedTestsRoute,
})

function RealSpeedTestsRoute() {
  const { unit } = Route.useSearch()
  const unitId = useDashboardUnitId(unit)
  return unitId === null ? null : <RealSpeedTestsPage unitId={unitId} />
}
