import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireSession } from '../session'

// Pathless guard layout: every route under _authed/ needs a complete session (seeds 4.1 guards).
export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ location }) => ({ session: requireSession(location) }),
  component: Outlet,
})
