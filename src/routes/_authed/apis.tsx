import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt, requireArea } from '../../features/placeholder'

export const Route = createFileRoute('/_authed/apis')({
  beforeLoad: requireArea('apis'),
  component: () => <AreaNotBuilt area="apis" />,
})
