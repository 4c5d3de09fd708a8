import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt, requireArea } from '../../features/placeholder'

export const Route = createFileRoute('/_authed/dashboards')({
  beforeLoad: requireArea('dashboard', (session) => session.view.type === 'enterprise'),
  component: () => <AreaNotBuilt area="dashboards" />,
})
