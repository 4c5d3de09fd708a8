import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireSessionCheck } from '../../session'

// Seeds 000 §2.4: broadband details are for the consumer view.
export const Route = createFileRoute('/_authed/settings/broadband-details')({
  beforeLoad: requireSessionCheck((session) => session.view.type === 'consumer'),
  component: Outlet,
})
