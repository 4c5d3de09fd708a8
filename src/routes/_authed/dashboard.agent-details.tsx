import { createFileRoute } from '@tanstack/react-router'
import { AgentDetailsPage, useDashboardUnitId } from '../../features/consumer'

// Seeds 000 §2.6: the details tab with the agent's attributes.
export const Route = createFileRoute('/_authed/dashboard/agent-details')({
  component: AgentDetailsRoute,
})

function AgentDetailsRoute() {
  const { unit } = Route.useSearch()
  const unitId = useDashboardUnitId(unit)
  return unitId === null ? null : <AgentDetailsPage unitId={unitId} />
}
