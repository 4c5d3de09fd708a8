import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt } from '../../features/placeholder'
import { requireArea } from '../../session'

export const Route = createFileRoute('/_authed/dashboards')({
  beforeLoad: requireArea('dashboard', (session) => session.view.type === 'enterprise'),
  component: () => <AreaNotBuilt area="dashboards" />,
})
