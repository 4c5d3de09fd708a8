import { createFileRoute, redirect } from '@tanstack/react-router'

// Seeds 000 §2.6: /health redirects to /dashboard.
export const Route = createFileRoute('/_authed/health')({
  beforeLoad: () => {
    redirect({ to: '/dashboard', throw: true })
  },
})
