import { createFileRoute, redirect } from '@tanstack/react-router'

// Seeds 000 §2.4: my-whitebox leads to the dashboard's details tab.
export const Route = createFileRoute('/_authed/settings/my-whitebox')({
  beforeLoad: () => {
    redirect({ href: '/dashboard/agent-details', throw: true })
  },
})
