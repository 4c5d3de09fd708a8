import { createFileRoute, redirect } from '@tanstack/react-router'
import { activationHome } from '../../features/admin'
import { getSession } from '../../session'

// agent-activation → status (or the token, for an admin who may use only that).
export const Route = createFileRoute('/_authed/admin/agent-activation/')({
  beforeLoad: () => {
    throw redirect({ to: activationHome(getSession()), replace: true })
  },
})
