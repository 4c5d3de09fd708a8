import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt } from '../../features/placeholder'
import { requireArea } from '../../session'

export const Route = createFileRoute('/_authed/data-export')({
  beforeLoad: requireArea('data-export'),
  component: () => <AreaNotBuilt area="dataExport" />,
})
