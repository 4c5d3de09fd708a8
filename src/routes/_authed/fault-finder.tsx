import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt, requireArea } from '../../features/placeholder'

export const Route = createFileRoute('/_authed/fault-finder')({
  beforeLoad: requireArea('anomaly-detection'),
  component: () => <AreaNotBuilt area="faultFinder" />,
})
