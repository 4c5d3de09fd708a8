import { createFileRoute, redirect } from '@tanstack/react-router'

// The old cpe/log path (seeds 001 §2.6).
export const Route = createFileRoute('/_authed/admin/cpe/log')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/agent-activation/log', replace: true })
  },
})
