import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt, requireArea } from '../../features/placeholder'

export const Route = createFileRoute('/_authed/test-manager')({
  beforeLoad: requireArea('test-manager'),
  component: () => <AreaNotBuilt area="testManager" />,
})
