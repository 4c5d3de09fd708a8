import { createFileRoute } from '@tanstack/react-router'
import { UnitDetailsPage } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/unit/$unitId/details')({
  component: UnitDetailsPageRoute,
})

function UnitDetailsPageRoute() {
  const { unitId } = Route.useParams()
  return <UnitDetailsPage unitId={Number(unitId)} />
}
