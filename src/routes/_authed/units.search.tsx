import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt, requireArea } from '../../features/placeholder'

export const Route = createFileRoute('/_authed/units/search')({
  beforeLoad: requireArea('constant-care'),
  component: () => <AreaNotBuilt area="unitSearch" />,
})
