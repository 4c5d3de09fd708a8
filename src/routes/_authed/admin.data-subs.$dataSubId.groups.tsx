import { createFileRoute } from '@tanstack/react-router'
import { DataSubsGroupsPage } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/data-subs/$dataSubId/groups')({
  component: GroupsRoute,
})

function GroupsRoute() {
  const { dataSubId } = Route.useParams()
  return <DataSubsGroupsPage dataSubId={Number(dataSubId)} />
}
