import { createFileRoute, redirect } from '@tanstack/react-router'

// Seeds 000 §2.6: /dashboard leads consumers to the whitebox tests tab (the unit choice kept).
export const Route = createFileRoute('/_authed/dashboard/')({
  beforeLoad: ({ search }) => {
    redirect({ to: '/dashboard/whitebox-tests', search: { unit: search.unit }, throw: true })
  },
})
