import { createFileRoute, redirect } from '@tanstack/react-router'

// Seeds 001 §2.3: /fault-finder leads to the active tab of the inbox.
export const Route = createFileRoute('/_authed/fault-finder/')({
  beforeLoad: () => {
    redirect({ to: '/fault-finder/$state', params: { state: 'active' }, throw: true })
  },
})
