import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt, requireArea } from '../../features/placeholder'

export const Route = createFileRoute('/_authed/data-export')({
  beforeLoad: requireArea('data-export'),
  component: () => <AreaNotBuilt area="dataExport" />,
})
