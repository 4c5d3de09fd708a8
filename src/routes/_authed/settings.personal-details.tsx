import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt } from '../../features/placeholder'

export const Route = createFileRoute('/_authed/settings/personal-details')({
  component: () => <AreaNotBuilt area="personalDetails" />,
})
