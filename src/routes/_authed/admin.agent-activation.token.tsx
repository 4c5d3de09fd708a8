import { createFileRoute } from '@tanstack/react-router'
import { ActivationTokenPage, requireActivationPart } from '../../features/admin'

export const Route = createFileRoute('/_authed/admin/agent-activation/token')({
  beforeLoad: requireActivationPart('token'),
  component: ActivationTokenPage,
})
