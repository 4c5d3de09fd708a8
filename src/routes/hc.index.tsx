import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt } from '../features/placeholder'

export const Route = createFileRoute('/hc/')({
  component: () => <AreaNotBuilt area="helpCentre" />,
})
