import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt, requireArea } from '../../features/placeholder'

export const Route = createFileRoute('/_authed/admin')({
  beforeLoad: requireArea('admin'),
  component: () => <AreaNotBuilt area="admin" />,
})
