import { createFileRoute } from '@tanstack/react-router'
import { AgentsPage, requireAdminSection } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/agents')({
  beforeLoad: requireAdminSection('agents'),
  component: AgentsPage,
})
