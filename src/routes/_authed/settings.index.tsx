import { createFileRoute, redirect } from '@tanstack/react-router'

// Seeds 000 §2.4: the bare /settings path leads to personal details.
export const Route = createFileRoute('/_authed/settings/')({
  beforeLoad: () => {
    redirect({ to: '/settings/personal-details', throw: true })
  },
})
