import { createFileRoute, redirect } from '@tanstack/react-router'

// The old cpe/token path (seeds 001 §2.6).
export const Route = createFileRoute('/_authed/admin/cpe/token')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/agent-activation/token', replace: true })
  },
})
