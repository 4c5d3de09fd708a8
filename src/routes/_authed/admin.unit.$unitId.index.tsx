import { createFileRoute, redirect } from '@tanstack/react-router'

// Seeds 001 §2.6: /admin/unit/{unitId} opens its details.
export const Route = createFileRoute('/_authed/admin/unit/$unitId/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/admin/unit/$unitId/details', params, replace: true })
  },
})
