import { createFileRoute, notFound } from '@tanstack/react-router'
import { AgentPage, requireAdminSection } from '../../features/admin'

const guard = requireAdminSection('agents')

export const Route = createFileRoute('/_authed/admin/agent/$agentId')({
  beforeLoad: ({ params }) => {
    if (!/^[1-9]\d{0,9}$/.test(params.agentId) || Number(params.agentId) > 2_147_483_647) {
      notFound({ throw: true })
    }
    guard()
  },
  component: AgentRoute,
})

function AgentRoute() {
  const { agentId } = Route.useParams()
  return <AgentPage key={agentId} agentId={Number(agentId)} />
}
