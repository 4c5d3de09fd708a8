import { createFileRoute, redirect } from '@tanstack/react-router'
import { AreaNotBuilt, requireArea } from '../../features/placeholder'

const consumerOnly = requireArea('dashboard', (session) => session.view.type === 'consumer')

// Seeds 000 §2.6: in the enterprise view /dashboard leads to /dashboards.
export const Route = createFileRoute('/_authed/dashboard')({
  beforeLoad: ({ context }) => {
    if (context.session.view.type === 'enterprise') redirect({ to: '/dashboards', throw: true })
    consumerOnly()
  },
  component: () => <AreaNotBuilt area="dashboard" />,
})
