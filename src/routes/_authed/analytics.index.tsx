import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt, requireArea } from '../../features/placeholder'

export const Route = createFileRoute('/_authed/analytics/')({
  beforeLoad: requireArea('analytics'),
  component: () => <AreaNotBuilt area="analytics" />,
})
