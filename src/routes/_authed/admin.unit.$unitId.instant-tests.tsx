import { createFileRoute } from '@tanstack/react-router'
import { InstantTestsPage } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/unit/$unitId/instant-tests')({
  component: InstantTestsPageRoute,
})

function InstantTestsPageRoute() {
  const { unitId } = Route.useParams()
  return <InstantTestsPage unitId={Number(unitId)} />
}
