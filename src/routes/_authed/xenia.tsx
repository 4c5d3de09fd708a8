import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt } from '../../features/placeholder'
import { requireArea } from '../../session'

export const Route = createFileRoute('/_authed/xenia')({
  beforeLoad: requireArea('internal-tools'),
  component: () => <AreaNotBuilt area="xenia" />,
})
