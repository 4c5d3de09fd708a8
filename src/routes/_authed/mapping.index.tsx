import { createFileRoute, redirect } from '@tanstack/react-router'

// Issue 23 §3: /mapping is an alias of the chart builder (its maps have their own issue); the
// search (a preset) is kept. A file of its own, not a /mapping layout: /mapping/presets stays as is.
export const Route = createFileRoute('/_authed/mapping/')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/analytics', search: search as Record<string, unknown>, replace: true })
  },
})
