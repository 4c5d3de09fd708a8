import { createFileRoute } from '@tanstack/react-router'
import { DataSubsUsersPage } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/data-subs/$dataSubId/users')({
  component: UsersRoute,
})

function UsersRoute() {
  const { dataSubId } = Route.useParams()
  return <DataSubsUsersPage dataSubId={Number(dataSubId)} />
}
