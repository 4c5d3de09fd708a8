import { createFileRoute, redirect } from '@tanstack/react-router'

// Seeds 000 §2.6: /instant-test leads to the whitebox tests tab (where the instant test is).
export const Route = createFileRoute('/_authed/instant-test')({
  beforeLoad: () => {
    redirect({ to: '/dashboard/whitebox-tests', throw: true })
  },
})
