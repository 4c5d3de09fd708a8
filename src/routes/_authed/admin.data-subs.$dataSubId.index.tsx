import { createFileRoute, redirect } from '@tanstack/react-router'

// Seeds 001 §2.6: data-subs/{dataSubId} opens its feature subscriptions.
export const Route = createFileRoute('/_authed/admin/data-subs/$dataSubId/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/admin/data-subs/$dataSubId/feature-subs', params, replace: true })
  },
})
