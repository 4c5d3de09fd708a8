import { createFileRoute, redirect } from '@tanstack/react-router'

// The old cpe path (seeds 001 §2.6): agent activation now.
export const Route = createFileRoute('/_authed/admin/cpe/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/agent-activation', replace: true })
  },
})
