import { createFileRoute, redirect } from '@tanstack/react-router'

// Seeds 001 §2.4: /units/{unitId} leads to its test results.
export const Route = createFileRoute('/_authed/units/$unitId/')({
  beforeLoad: ({ params }) => {
    redirect({ to: '/units/$unitId/test-results', params, throw: true })
  },
})
