import { createFileRoute, Outlet } from '@tanstack/react-router'

// Seeds 000 §2.4: personal details, with the sub-pages name, email, password and address.
export const Route = createFileRoute('/_authed/settings/personal-details')({
  component: Outlet,
})
