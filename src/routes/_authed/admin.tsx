import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt } from '../../features/placeholder'
import { requireArea } from '../../session'

export const Route = createFileRoute('/_authed/admin')({
  beforeLoad: requireArea('admin'),
  component: () => <AreaNotBuilt area="admin" />,
})
