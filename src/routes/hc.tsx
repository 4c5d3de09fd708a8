import { createFileRoute, Outlet } from '@tanstack/react-router'

// Seeds 000 §2.7: the help centre is public and hides the navigation on all its pages.
export const Route = createFileRoute('/hc')({
  staticData: { hideNavbar: true },
  component: Outlet,
})
