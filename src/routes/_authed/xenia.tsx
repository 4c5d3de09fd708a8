import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt, requireArea } from '../../features/placeholder'

export const Route = createFileRoute('/_authed/xenia')({
  beforeLoad: requireArea('internal-tools'),
  component: () => <AreaNotBuilt area="xenia" />,
})
