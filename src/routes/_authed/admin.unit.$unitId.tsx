import { createFileRoute, notFound, Outlet } from '@tanstack/react-router'
import { AdminUnitLayout, requireAdminSection } from '../../features/admin'

const guard = requireAdminSection('agents')

// Seeds 001 §2.6: /admin/unit/{unitId} and its tabs (agents_view on the panel; the server checks
// that the unit is on it).
export const Route = createFileRoute('/_authed/admin/unit/$unitId')({
  beforeLoad: ({ params }) => {
    if (!/^[1-9]\d{0,9}$/.test(params.unitId) || Number(params.unitId) > 2_147_483_647) {
      notFound({ throw: true })
    }
    guard()
  },
  component: AdminUnitRoute,
})

function AdminUnitRoute() {
  const { unitId } = Route.useParams()
  return (
    <AdminUnitLayout key={unitId} unitId={Number(unitId)}>
      <Outlet />
    </AdminUnitLayout>
  )
}
