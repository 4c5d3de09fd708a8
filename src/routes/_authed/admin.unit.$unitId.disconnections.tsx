import { createFileRoute } from '@tanstack/react-router'
import { DisconnectionsPage } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/unit/$unitId/disconnections')({
  component: DisconnectionsPageRoute,
})

function DisconnectionsPageRoute() {
  const { unitId } = Route.useParams()
  return <DisconnectionsPage unitId={Number(unitId)} />
}
