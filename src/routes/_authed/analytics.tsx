import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireArea } from '../../session'

// Seeds 001 §2.1: analytics needs analytics access; its child routes host the preset screens.
export const Route = createFileRoute('/_authed/analytics')({
  beforeLoad: requireArea('analytics'),
  component: Outlet,
})
