import { createFileRoute } from '@tanstack/react-router'
import { AreaNotBuilt } from '../../features/placeholder'

export const Route = createFileRoute('/_authed/settings/contact')({
  component: () => <AreaNotBuilt area="contact" />,
})
