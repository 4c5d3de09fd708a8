import { createFileRoute, redirect } from '@tanstack/react-router'

// The old cpe/status path (seeds 001 §2.6).
export const Route = createFileRoute('/_authed/admin/cpe/status')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/agent-activation/status', replace: true })
  },
})
