import { createFileRoute, redirect } from '@tanstack/react-router'

// Seeds 001 §2.5: /data-api leads to /data-export (whose guard then applies).
export const Route = createFileRoute('/_authed/data-api')({
  beforeLoad: () => {
    redirect({ to: '/data-export', throw: true })
  },
})
