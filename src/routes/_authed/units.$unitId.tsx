import { createFileRoute, notFound, Outlet } from '@tanstack/react-router'
import { requireSessionCheck } from '../../session'
import { canViewUnitPages } from '../../features/units/access'
import { UnitLayout } from '../../features/units/UnitLayout'

const guard = requireSessionCheck(canViewUnitPages)

// Seeds 001 §2.4: a unit's pages need Unit test_view (the server checks the unit's own panel too).
export const Route = createFileRoute('/_authed/units/$unitId')({
  beforeLoad: ({ params }) => {
    if (!/^[1-9]\d{0,9}$/.test(params.unitId)) notFound({ throw: true })
    guard()
  },
  component: UnitRoute,
})

function UnitRoute() {
  const { unitId } = Route.useParams()
  return (
    <UnitLayout unitId={Number(unitId)}>
      <Outlet />
    </UnitLayout>
  )
}
