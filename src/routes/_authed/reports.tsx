import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt, requireArea } from '../../features/placeholder'

export const Route = createFileRoute('/_authed/reports')({
  beforeLoad: requireArea('reports'),
  component: () => <AreaNotBuilt area="reports" />,
})
