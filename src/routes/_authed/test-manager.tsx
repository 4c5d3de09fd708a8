import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt } from '../../features/placeholder'
import { requireArea } from '../../session'

export const Route = createFileRoute('/_authed/test-manager')({
  beforeLoad: requireArea('test-manager'),
  component: () => <AreaNotBuilt area="testManager" />,
})
