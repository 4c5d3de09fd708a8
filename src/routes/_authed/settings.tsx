import { createFileRoute, Outlet } from '@tanstack/react-router'

// Seeds 000 §2.4: every settings page needs a session (the _authed guard); the pages are below.
export const Route = createFileRoute('/_authed/settings')({
  component: Outlet,
})
