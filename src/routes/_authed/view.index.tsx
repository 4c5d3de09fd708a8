import { createFileRoute, redirect } from '@tanstack/react-router'

// Issue 23 §3: the old /view address opens the chart builder, its search kept.
export const Route = createFileRoute('/_authed/view/')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/analytics', search: search as Record<string, unknown>, replace: true })
  },
})
