import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt } from '../../features/placeholder'
import { requireArea } from '../../session'

export const Route = createFileRoute('/_authed/apis')({
  beforeLoad: requireArea('apis'),
  component: () => <AreaNotBuilt area="apis" />,
})
